import { listPendingShowbills } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/pending-showbills: events with a showbill file awaiting review. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(listPendingShowbills(getDb()));
  },
});
export const loader = route;
export const action = route;
