import { sendAnnouncementTo } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { sendNotificationSchema } from "~/schemas/admin";

/** POST /api/admin/send-notification {userIds, title, message}: to the selected users; answers the count. */
const route = apiRoute({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const { userIds, title, message } = await parseJson(request, sendNotificationSchema);
    const count = sendAnnouncementTo(getDb(), admin, userIds, { title, message });
    return Response.json({ count, message: `Notification Sent to ${count} users` });
  },
});
export const loader = route;
export const action = route;
