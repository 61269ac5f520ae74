import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { PageHeader } from "~/components/PageHeader";
import { formatDateRange } from "~/features/events/format";
import { DrawList, drawPlace } from "~/features/raceday/DrawList";
import { drawScreen } from "~/features/raceday/screens.server";
import { APP_NAME } from "~/schemas/constants";

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

/** The published draw of every class: public, readable on a phone in the grandstand, no JavaScript needed. */
export default function Draw() {
  const page = useLoaderData<typeof loader>();
  if (!page.found) return <NotFound title="Event Not Found" text="This event does not exist or is no longer available." />;
  const mine = page.draws.flatMap((d) => d.order.filter((run) => run.mine && !run.scratched).map((run) => ({ ...run, className: d.className })));
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
        {mine.length ? (
          <section aria-label="Your runs" className="card space-y-1 border-brand-700 bg-brand-50" data-testid="your-runs">
            {mine.map((run) => (
              <p key={run.entryId} className="font-semibold text-brand-900">
                {run.className}: {run.horseName}, you are {drawPlace(run.position, run.dragsBefore)}
              </p>
            ))}
          </section>
        ) : null}
        {page.draws.length === 0 ? <p className="card text-gray-800">The draw is not published yet. Check back closer to the race.</p> : null}
        {page.draws.map((d) => (
          <section key={d.classId} className="card space-y-2" aria-labelledby={`class-${d.classId}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h2 id={`class-${d.classId}`} className="text-lg font-bold text-gray-900">
                {d.className}
              </h2>
              <p className="text-xs text-gray-600">
                {d.dragEvery > 0 ? `Drag every ${d.dragEvery} runs · ` : ""}Seed <code className="break-all">{d.seed}</code>
              </p>
            </div>
            <DrawList runs={d.order} label={`${d.className} running order`} />
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
