import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { seriesIndex } from "~/features/season/pages.server";
import { getDb } from "~/lib/db.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction = () => [
  { title: `Series standings | ${APP_NAME}` },
  { name: "description", content: "Season standings of the association's series: points, races counted and who is qualified for the finals." },
];

export async function loader(_: LoaderFunctionArgs) {
  return { series: seriesIndex(getDb()) };
}

/** Every series, newest season first: public, like results. */
export default function SeriesList() {
  const { series } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Series standings" />
      <main id="main" className="mx-auto max-w-2xl px-4 py-4">
        {series.length ? (
          <ul className="space-y-2">
            {series.map((s) => (
              <li key={s.id}>
                <a data-discover href={`/series/${s.id}`} className="card block min-h-[56px] hover:bg-brand-50">
                  <span className="block font-semibold text-gray-900">{s.name}</span>
                  <span className="block text-sm text-gray-700">
                    {s.startDate} to {s.endDate} · {s.classNames.join(", ")}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="card text-gray-800">No series yet.</p>
        )}
      </main>
    </>
  );
}
