import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { ShareMenu } from "~/components/ShareMenu";
import { seriesScreen } from "~/features/season/screens.server";
import { PointsNote, QualifyNote, StandingsTable } from "~/features/season/StandingsTable";
import { useHydrated } from "~/lib/useHydrated";
import { APP_NAME } from "~/schemas/constants";

export const loader = ({ request, params }: LoaderFunctionArgs) => seriesScreen(request, params.id ?? "");

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Standings | ${APP_NAME}` }];
  const { table } = data;
  const title = `${table.series.name}: ${table.className} ${table.division}D standings`;
  const leaders = table.rows
    .slice(0, 3)
    .map((r) => `${r.place}. ${r.riderName} on ${r.horseName}, ${r.points} pts`)
    .join(" · ");
  const description = leaders || `Season standings of ${table.series.name}`;
  return [
    { title: `${title} | ${APP_NAME}` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
};

/** A series' standings per class and division: public, printable, shareable and embeddable. */
export default function SeriesStandings() {
  const data = useLoaderData<typeof loader>();
  const { table } = data;
  const hydrated = useHydrated();
  return (
    <>
      <div className="print-hidden">
        <PageHeader title="Standings" back="/series" />
      </div>
      <main id="main" className="mx-auto max-w-2xl px-4 py-4 print:max-w-none print:p-0">
        <h2 className="text-2xl font-bold text-gray-900">{table.series.name}</h2>
        <p className="text-gray-800">
          Season {table.series.startDate} to {table.series.endDate}
        </p>
        <p className="hidden text-lg font-semibold print:block">
          {table.className} · {table.division}D
        </p>

        <Form method="get" className="print-hidden mt-3 grid grid-cols-[1fr_6rem] gap-2 sm:grid-cols-[1fr_8rem_auto]" data-testid="standings-picker">
          <label>
            <span className="label">Class</span>
            <select name="class" defaultValue={table.className} className="input" key={table.className}>
              {table.classNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="label">Division</span>
            <select name="division" defaultValue={String(table.division)} className="input" key={`${table.className}:${table.division}`}>
              {table.divisions.map((d) => (
                <option key={d} value={d}>
                  {d}D
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-primary col-span-2 sm:col-span-1 sm:self-end">
            Show
          </button>
        </Form>

        <h3 className="mt-4 text-lg font-bold text-gray-900 print:hidden">
          {table.className} · {table.division}D
        </h3>
        <StandingsTable table={table} />
        {table.total > table.rows.length ? (
          <a data-discover href={`${data.path}&all=1`} className="btn-secondary print-hidden mt-2 w-full">
            Show all {table.total} teams
          </a>
        ) : null}
        <QualifyNote series={table.series} />
        <PointsNote points={table.points} division={table.division} />

        <div className="print-hidden mt-3 grid grid-cols-3 gap-2">
          <ShareMenu type="event" id={table.series.id} title={`${table.series.name}: ${table.className} standings`} origin={data.origin} path={data.path} />
          <a href={data.csv} className="btn-secondary" download>
            CSV
          </a>
          {hydrated ? (
            <button type="button" className="btn-secondary" onClick={() => window.print()}>
              Print
            </button>
          ) : null}
        </div>

        {data.events.length ? (
          <section className="print-hidden mt-6" aria-labelledby="series-races">
            <h3 id="series-races" className="text-lg font-bold text-gray-900">
              Races that count
            </h3>
            <ul className="mt-2 divide-y divide-gray-100">
              {data.events.map((e) => (
                <li key={e.id} className="py-2">
                  <a data-discover href={`/events/${e.id}/results`} className="link">
                    {e.name}
                  </a>
                  <span className="block text-sm text-gray-700">
                    {e.date} · {e.location}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {data.admin ? (
          <section className="print-hidden card mt-6" aria-labelledby="embed-heading">
            <h3 id="embed-heading" className="text-lg font-bold text-gray-900">
              Put these standings on your website
            </h3>
            <p className="mt-1 text-sm text-gray-700">Paste this into the association&apos;s web page. It shows this class and division and stays up to date.</p>
            <label className="mt-2 block">
              <span className="sr-only">Embed snippet</span>
              <textarea readOnly rows={4} className="input font-mono text-xs" value={data.admin.snippet} data-testid="embed-snippet" />
            </label>
            <a data-discover href={`/admin/series/${table.series.id}`} className="link mt-2 inline-block">
              Edit the series and answer requests
            </a>
          </section>
        ) : null}
      </main>
    </>
  );
}
