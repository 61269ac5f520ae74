import { getVisibleEvent } from "~/features/events/visibility.server";
import { presentSharedEvent } from "~/features/events/presenters.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, jsonError } from "~/lib/http.server";

/** GET /api/share/event/{id}: public; an unapproved event is not found except for its creator and admins. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const event = getVisibleEvent(getDb(), params.id ?? "", await getUser(request));
    return event ? Response.json(presentSharedEvent(event)) : jsonError(404, "Event not found");
  },
});
export const loader = route;
export const action = route;
