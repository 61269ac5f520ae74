import { listNotifications } from "~/features/notifications/notifications.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/notifications: the latest 100, newest first; ?unread=1 for unread only. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const unreadOnly = new URL(request.url).searchParams.get("unread") === "1";
    return Response.json(listNotifications(getDb(), user.id, { unreadOnly }));
  },
});
export const loader = route;
export const action = route;
