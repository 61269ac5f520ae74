import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction } from "~/components/ConfirmAction";
import { PageHeader } from "~/components/PageHeader";
import { seriesAdminAction, seriesAdminScreen } from "~/features/season/admin.server";
import { SeriesForm } from "~/features/season/SeriesForm";
import { APP_NAME } from "~/schemas/constants";
import { formatDateRange } from "~/features/events/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.series.name ?? "Series"} | Admin | ${APP_NAME}` }];

export const loader = ({ request, params }: LoaderFunctionArgs) => seriesAdminScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => seriesAdminAction(request, params.id ?? "");

const STATUS = { PENDING: "Waiting", APPROVED: "Counts", REJECTED: "Refused" } as const;
const STATUS_STYLE = { PENDING: "bg-amber-100 text-amber-900", APPROVED: "bg-green-100 text-green-900", REJECTED: "bg-gray-100 text-gray-800" } as const;

/** One series: its rules, and the events that asked to count (approve or refuse each). */
export default function AdminSeriesEdit() {
  const { series, values, events } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title={series.name}
        back="/admin/series"
        width="wide"
        actions={
          <a data-discover href={`/series/${series.id}`} className="link flex min-h-[44px] items-center text-sm">
            Public standings
          </a>
        }
      />
      <main id="main" className="mx-auto grid max-w-7xl gap-6 px-4 py-4 lg:grid-cols-[1fr_28rem]">
        <section aria-labelledby="requests">
          <h2 id="requests" className="text-lg font-bold text-gray-900">
            Events asking to count
          </h2>
          {events.length ? (
            <ul className="mt-2 space-y-2" data-testid="series-requests">
              {events.map((e) => (
                <li key={e.eventId} className="card flex flex-wrap items-center justify-between gap-3">
                  <span className="min-w-0">
                    <a data-discover href={`/share/event/${e.eventId}`} className="block font-semibold text-brand-800">
                      {e.name}
                    </a>
                    <span className="block text-sm text-gray-700">
                      {formatDateRange(e.date)} · {e.location} · asked {e.requestedAt}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_STYLE[e.status]}`}>{STATUS[e.status]}</span>
                    {e.status !== "APPROVED" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="review" />
                        <input type="hidden" name="eventId" value={e.eventId} />
                        <input type="hidden" name="approved" value="true" />
                        <button type="submit" className="btn-primary" aria-label={`Approve ${e.name}`}>
                          Approve
                        </button>
                      </Form>
                    ) : null}
                    {e.status !== "REJECTED" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="review" />
                        <input type="hidden" name="eventId" value={e.eventId} />
                        <input type="hidden" name="approved" value="false" />
                        <button type="submit" className="btn-secondary" aria-label={`${e.status === "APPROVED" ? "Remove" : "Refuse"} ${e.name}`}>
                          {e.status === "APPROVED" ? "Remove" : "Refuse"}
                        </button>
                      </Form>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="card mt-2 text-gray-800">No event has asked yet. Producers ask from their event&apos;s edit screen.</p>
          )}
          <p className="mt-3 text-sm text-gray-700">Approving counts the event&apos;s published results at once; refusing or removing takes them out of the standings.</p>
        </section>
        <section aria-labelledby="rules" className="card">
          <h2 id="rules" className="mb-3 text-lg font-bold text-gray-900">
            Rules
          </h2>
          <SeriesForm values={refused?.values ?? values} errors={refused?.errors} submitLabel="Save series" intent="update" />
          <div className="mt-6 border-t border-gray-200 pt-4">
            <ConfirmAction label="Delete series" question={`Delete ${series.name}? Its standings and every event's request go with it. Race results stay.`} hidden={{ intent: "delete" }} />
          </div>
        </section>
      </main>
    </>
  );
}
