import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { eventResultsScreen } from "~/features/raceday/resultsScreen.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Results: ${data?.event.name ?? "Race"} | ${APP_NAME}` },
  { name: "description", content: `Published results of ${data?.event.name ?? "the race"}, class by class.` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => eventResultsScreen(request, params.id ?? "");

/** An event's published results, one link per class; its producer also sees the classes still to publish. */
export default function EventResults() {
  const { event, classes, canManage } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Results" back={`/share/event/${event.id}`} />
      <main id="main" className="mx-auto max-w-2xl px-4 py-4">
        <h2 className="text-xl font-bold text-gray-900">{event.name}</h2>
        <p className="text-gray-800">{[event.arenaName, event.location].filter(Boolean).join(", ")}</p>
        <a data-discover className="link mt-1 inline-block" href={`/events/${event.id}/live`}>
          Live results
        </a>
        {classes.length ? (
          <ul className="mt-4 space-y-2">
            {classes.map((c) => (
              <li key={c.id}>
                <a data-discover href={`/events/${event.id}/results/${c.id}`} className="card flex min-h-[56px] items-center justify-between gap-2 hover:bg-brand-50">
                  <span className="font-semibold text-gray-900">{c.name}</span>
                  <span className="text-sm text-gray-700">{c.published ? "Published" : canManage ? "Review and publish" : ""}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="card mt-4 text-gray-800">No results published yet.</p>
        )}
      </main>
    </>
  );
}
