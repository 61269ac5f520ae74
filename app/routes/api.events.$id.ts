import { getVisibleEvent } from "~/features/events/visibility.server";
import { isEventSaved } from "~/features/events/saves.server";
import { updateEventFor } from "~/features/events/editing.server";
import { presentEvent } from "~/features/events/presenters.server";
import { pendingChangesFor, presentRevision } from "~/features/events/revisions.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError, parseJson } from "~/lib/http.server";
import { EVENT_CHANGE_PENDING, eventUpdateSchema } from "~/schemas/events";

/**
 * GET /api/events/{id} (its creator also sees their pending change).
 * PUT /api/events/{id} (creator or admin): a creator's change to a listed
 * event waits for review (202, changeStatus "pending_review", the listed
 * event with its pendingChange); otherwise it applies at once (200,
 * changeStatus "applied").
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const event = getVisibleEvent(getDb(), params.id ?? "", user);
    if (!event) throw new HttpError(404, "Event not found");
    const pendingChange = pendingChangesFor(getDb(), user, [event]).get(event.id);
    return Response.json(presentEvent(event, { viewerId: user.id, saved: isEventSaved(getDb(), user.id, event.id), pendingChange }));
  },
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, eventUpdateSchema);
    const { event, revision } = updateEventFor(getDb(), user, params.id ?? "", input);
    const shown = presentEvent(event, { viewerId: user.id, pendingChange: revision ? presentRevision(event, revision) : null });
    if (!revision) return Response.json({ ...shown, changeStatus: "applied" });
    return Response.json({ ...shown, changeStatus: "pending_review", message: EVENT_CHANGE_PENDING }, { status: 202 });
  },
});
export const loader = route;
export const action = route;
