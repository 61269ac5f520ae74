import { presentEvent } from "~/features/events/presenters.server";
import { isEventSaved } from "~/features/events/saves.server";
import { setEventStatus } from "~/features/events/status.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { eventStatusSchema } from "~/schemas/events";

/**
 * POST /api/events/{id}/status (its creator or an admin; a listed event only):
 * `status` SCHEDULED, CANCELLED or POSTPONED, and a `reason` for the last two.
 * Answers the event as it is now.
 */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, eventStatusSchema);
    const event = setEventStatus(getDb(), user, params.id ?? "", input);
    return Response.json(presentEvent(event, { viewerId: user.id, saved: isEventSaved(getDb(), user.id, event.id) }));
  },
});
export const loader = route;
export const action = route;
