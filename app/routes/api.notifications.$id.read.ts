import { markRead } from "~/features/notifications/notifications.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** PATCH /api/notifications/{id}/read: only one's own. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    markRead(getDb(), user.id, Number(params.id));
    return Response.json({ message: "Marked as read" });
  },
});
export const loader = route;
export const action = route;
