import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { eventSeriesAction, eventSeriesScreen } from "~/features/season/screens.server";
import { APP_NAME } from "~/schemas/constants";
import { formatDateRange } from "~/features/events/format";

export const meta: MetaFunction = () => [{ title: `Count in a series | ${APP_NAME}` }];

export const loader = ({ request, params }: LoaderFunctionArgs) => eventSeriesScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => eventSeriesAction(request, params.id ?? "");

const STATUS = { PENDING: "Waiting for the association", APPROVED: "Counts: results add points", REJECTED: "Not counted" } as const;
const STATUS_STYLE = { PENDING: "bg-amber-100 text-amber-900", APPROVED: "bg-green-100 text-green-900", REJECTED: "bg-gray-100 text-gray-800" } as const;

export default function EventSeries() {
  const { event, asked, open } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Count in a series" back={`/events/${event.id}/edit`} />
      <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <p className="text-gray-800">
          <strong>{event.name}</strong> · {formatDateRange(event.date)}
        </p>
        {asked.length ? (
          <ul className="space-y-2" data-testid="event-series">
            {asked.map((a) => (
              <li key={a.seriesId} className="card flex flex-wrap items-center justify-between gap-2">
                <a data-discover href={`/series/${a.seriesId}`} className="font-semibold text-brand-800">
                  {a.name}
                </a>
                <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_STYLE[a.status]}`}>{STATUS[a.status]}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {open.length ? (
          <Form method="post" className="card grid gap-3">
            <label>
              <span className="label">Series</span>
              <select name="seriesId" className="input" required>
                {open.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.classNames.join(", ")})
                  </option>
                ))}
              </select>
            </label>
            <p className="text-sm text-gray-700">Classes count by name: give your classes the series&apos; class names. The association approves each event.</p>
            <button type="submit" className="btn-primary">
              Ask to count
            </button>
          </Form>
        ) : (
          <p className="card text-gray-800">{asked.length ? "No other series runs on this date." : "No series runs on this date."}</p>
        )}
      </main>
    </>
  );
}
