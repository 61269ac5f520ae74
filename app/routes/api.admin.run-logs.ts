import { listPublicRuns } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/run-logs: public run logs with their owners. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(listPublicRuns(getDb()));
  },
});
export const loader = route;
export const action = route;
