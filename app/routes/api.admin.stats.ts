import { adminStats } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/stats: totalUsers, activeUsers, totalEvents, pendingShowbills, failedJobs (deliveries that will not be retried). */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(adminStats(getDb()));
  },
});
export const loader = route;
export const action = route;
