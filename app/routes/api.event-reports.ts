import { reportEvent } from "~/features/events/reports.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { eventReportSchema } from "~/schemas/events";

/** POST /api/event-reports {eventId, reason, description}. */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, eventReportSchema);
    const report = reportEvent(getDb(), user, input);
    return Response.json({ id: report.id, eventId: report.eventId, reason: report.reason, status: report.status, message: "Event Reported" }, { status: 201 });
  },
});
export const loader = route;
export const action = route;
