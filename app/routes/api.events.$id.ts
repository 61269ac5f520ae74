import { getVisibleEvent } from "~/features/events/visibility.server";
import { isEventSaved } from "~/features/events/saves.server";
import { updateEventFor } from "~/features/events/editing.server";
import { presentEvent } from "~/features/events/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError, parseJson } from "~/lib/http.server";
import { eventUpdateSchema } from "~/schemas/events";

/** GET /api/events/{id}; PUT /api/events/{id} (creator or admin; a creator's edit goes back for approval). */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const event = getVisibleEvent(getDb(), params.id ?? "", user);
    if (!event) throw new HttpError(404, "Event not found");
    return Response.json(presentEvent(event, { viewerId: user.id, saved: isEventSaved(getDb(), user.id, event.id) }));
  },
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, eventUpdateSchema);
    const event = updateEventFor(getDb(), user, params.id ?? "", input);
    return Response.json(presentEvent(event, { viewerId: user.id }));
  },
});
export const loader = route;
export const action = route;
