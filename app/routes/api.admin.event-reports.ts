import { listEventReports } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/event-reports: pending event reports, and every processed one. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(listEventReports(getDb()));
  },
});
export const loader = route;
export const action = route;
