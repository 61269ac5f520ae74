import { shareEvent } from "~/features/social/sharing.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { shareEventSchema } from "~/schemas/social";

/** POST /api/events/share {eventId, targetUserId}: the target gets a notification that opens the event. */
const route = apiRoute({
  POST: async ({ request }) => {
    const viewer = await requireApiUser(request);
    const { eventId, targetUserId } = await parseJson(request, shareEventSchema);
    shareEvent(getDb(), viewer, eventId, targetUserId);
    return Response.json({ message: "Event Shared!" });
  },
});
export const loader = route;
export const action = route;
