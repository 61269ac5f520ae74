import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { formatDateRange } from "~/features/events/format";
import { DrawList, drawPlace } from "~/features/raceday/DrawList";
import { drawScreen } from "~/features/raceday/screens.server";
import { APP_NAME } from "~/schemas/constants";
import { DRAW_PAGE_SIZE, DRAW_SEARCH_MAX } from "~/schemas/raceday-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || !data.found) return [{ title: `Draw Not Found | ${APP_NAME}` }];
  const description = `The running order of ${data.event.name}, ${formatDateRange(data.event.date, data.event.endDate)}`;
  return [
    { title: `Draw: ${data.event.name} | ${APP_NAME}` },
    { name: "description", content: description },
    { property: "og:title", content: `Draw: ${data.event.name}` },
    { property: "og:description", content: description },
  ];
};

export const loader = ({ request, params }: LoaderFunctionArgs) => drawScreen(request, params.id ?? "");

/**
 * The published draw of every class: public, readable on a phone in the
 * grandstand, a page of each class at a time with a search by name or back
 * number, the rider's own runs first. Links and a GET form: no JavaScript needed.
 */
export default function Draw() {
  const page = useLoaderData<typeof loader>();
  if (!page.found) return <NotFound title="Event Not Found" text="This event does not exist or is no longer available." />;
  const here = `/events/${page.event.id}/draw`;
  const pageLink = (classId: string, n: number) => `${here}?class=${encodeURIComponent(classId)}&page=${n}#class-${classId}`;
  return (
    <>
      <PageHeader title="Draw" back={`/share/event/${page.event.id}`} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4 pb-24">
        <div>
          <h2 className="text-xl font-bold text-gray-900">{page.event.name}</h2>
          <p className="text-gray-700">
            {formatDateRange(page.event.date, page.event.endDate)} · {[page.event.arenaName, page.event.location].filter(Boolean).join(", ")}
          </p>
        </div>
        {page.mine.length ? (
          <section aria-label="Your runs" className="card space-y-1 border-brand-700 bg-brand-50" data-testid="your-runs">
            {page.mine.map((run) => (
              <p key={run.entryId} className="font-semibold text-brand-900">
                {run.className}: {run.horseName}, you are {drawPlace(run.position, run.dragsBefore)}
              </p>
            ))}
          </section>
        ) : null}
        {page.draws.length === 0 ? (
          <p className="card text-gray-800">The draw is not published yet. Check back closer to the race.</p>
        ) : (
          <Form method="get" action={here} role="search" aria-label="Find a run" className="card flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor="draw-q" className="label">
                Rider, horse or back #
              </label>
              <input id="draw-q" type="search" name="q" className="input" defaultValue={page.search.q} maxLength={DRAW_SEARCH_MAX} autoComplete="off" />
            </div>
            <button type="submit" className="btn-secondary">
              Find
            </button>
          </Form>
        )}
        {page.search.found ? (
          <section aria-labelledby="found-title" className="card space-y-2" data-testid="draw-found">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id="found-title" className="text-lg font-bold text-gray-900">
                {page.search.found.length ? `Runs matching “${page.search.q}”` : `No runs match “${page.search.q}”`}
              </h2>
              <a href={here} className="link text-sm">
                Clear
              </a>
            </div>
            {page.search.found.length ? (
              <ol className="divide-y divide-gray-200">
                {page.search.found.map((run) => (
                  <li key={run.entryId} data-testid="found-run" className={`flex min-h-[44px] items-center gap-3 px-2 py-2 ${run.scratched ? "text-gray-500" : "text-gray-900"}`}>
                    <span className="w-12 shrink-0 text-right text-lg font-bold tabular-nums">{run.position}</span>
                    <span className="min-w-0 flex-1">
                      <span className={`block truncate font-semibold ${run.scratched ? "line-through" : ""}`}>{run.riderName}</span>
                      <span className="block truncate text-sm text-gray-700">
                        {run.horseName} · {run.className}
                      </span>
                    </span>
                    <span className="shrink-0 text-right text-xs text-gray-700">
                      {run.backNumber ? <span className="block">Back #{run.backNumber}</span> : null}
                      {run.scratched ? <span className="block font-semibold">Scratched</span> : <span className="block">{drawPlace(run.position, run.dragsBefore).replace(/^#\d+, /, "")}</span>}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
            {page.search.more ? <p className="text-sm text-gray-700">Only the first {page.search.found.length} are shown: search a fuller name or a back number.</p> : null}
          </section>
        ) : null}
        {page.draws.map((d) => (
          <section key={d.classId} id={`class-${d.classId}`} className="card space-y-2" aria-labelledby={`class-${d.classId}-title`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h2 id={`class-${d.classId}-title`} className="text-lg font-bold text-gray-900">
                {d.className}
              </h2>
              <p className="text-xs text-gray-600">
                {d.dragEvery > 0 ? `Drag every ${d.dragEvery} runs · ` : ""}Seed <code className="break-all">{d.seed}</code>
              </p>
            </div>
            {d.pages > 1 ? (
              <p className="text-sm text-gray-700">
                {`Runs ${(d.page - 1) * DRAW_PAGE_SIZE + 1}–${(d.page - 1) * DRAW_PAGE_SIZE + d.order.length} of ${d.total}`}
              </p>
            ) : null}
            <DrawList runs={d.order} label={`${d.className} running order`} />
            {d.pages > 1 ? (
              <nav aria-label={`${d.className} pages`} className="flex flex-wrap items-center justify-between gap-2">
                {d.page > 1 ? (
                  <a href={pageLink(d.classId, d.page - 1)} className="btn-secondary" rel="prev">
                    {`Runs ${(d.page - 2) * DRAW_PAGE_SIZE + 1}–${(d.page - 1) * DRAW_PAGE_SIZE}`}
                  </a>
                ) : (
                  <span />
                )}
                <span className="text-sm text-gray-700">
                  {`Page ${d.page} of ${d.pages}`}
                </span>
                {d.page < d.pages ? (
                  <a href={pageLink(d.classId, d.page + 1)} className="btn-secondary" rel="next">
                    {`Runs ${d.page * DRAW_PAGE_SIZE + 1}–${Math.min(d.total, (d.page + 1) * DRAW_PAGE_SIZE)}`}
                  </a>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </section>
        ))}
        {page.waiting.length && page.draws.length ? <p className="text-sm text-gray-700">Not drawn yet: {page.waiting.join(", ")}.</p> : null}
        <p className="text-xs text-gray-600">
          The seed lets anyone check the draw: the same seed and entries always give the same order. {page.soloNotice.replace(/^Your profile is Private, but a/, "A")}
        </p>
      </main>
    </>
  );
}
