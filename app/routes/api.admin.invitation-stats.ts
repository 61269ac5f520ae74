import { invitationStats } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/invitation-stats: per user totalShares, totalSignups, successRate. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(invitationStats(getDb()));
  },
});
export const loader = route;
export const action = route;
