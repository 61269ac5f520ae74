import { sendAnnouncementToAll } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { massNotificationSchema } from "~/schemas/admin";

/** POST /api/admin/mass-notification {title, message}: to every active user; answers the count. */
const route = apiRoute({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const { title, message } = await parseJson(request, massNotificationSchema);
    const count = sendAnnouncementToAll(getDb(), admin, { title, message });
    return Response.json({ count, message: `Notification Sent to ${count} users` });
  },
});
export const loader = route;
export const action = route;
