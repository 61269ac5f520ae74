import { listAudit } from "~/features/admin/audit.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/audit-log: the latest administrator actions. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(listAudit(getDb()));
  },
});
export const loader = route;
export const action = route;
