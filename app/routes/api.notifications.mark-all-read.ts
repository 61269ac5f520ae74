import { markAllRead } from "~/features/notifications/notifications.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** PATCH /api/notifications/mark-all-read. */
const route = apiRoute({
  PATCH: async ({ request }) => {
    const user = await requireApiUser(request);
    const count = markAllRead(getDb(), user.id);
    return Response.json({ count, message: "All notifications marked as read" });
  },
});
export const loader = route;
export const action = route;
