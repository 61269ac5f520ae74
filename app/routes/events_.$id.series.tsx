import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { eventSeriesPage } from "~/features/season/pages.server";
import { requestSeriesJoin } from "~/features/season/series.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { HttpError } from "~/lib/http.server";
import { APP_NAME } from "~/schemas/constants";
import { SEASON_MESSAGES } from "~/schemas/season";
import { formatDateRange } from "~/features/events/format";

export const meta: MetaFunction = () => [{ title: `Count in a series | ${APP_NAME}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    return eventSeriesPage(getDb(), user, params.id ?? "");
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

/** The producer asks for their event to count in a series; an admin answers on the series' admin screen. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const eventId = params.id ?? "";
  const here = `/events/${encodeURIComponent(eventId)}/series`;
  const seriesId = (await readForm(request)).get("seriesId");
  if (typeof seriesId !== "string" || seriesId === "") return redirectWithToast(here, { type: "error", title: "Not asked", description: "Choose a series" });
  try {
    const answer = requestSeriesJoin(getDb(), user, seriesId, eventId);
    return redirectWithToast(here, { type: "success", title: answer.message });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 403) throw new Response(error.message, { status: 403 });
    return redirectWithToast(here, { type: "error", title: "Not asked", description: error.status === 404 && error.message === "Event not found" ? SEASON_MESSAGES.eventId : error.message });
  }
}

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
