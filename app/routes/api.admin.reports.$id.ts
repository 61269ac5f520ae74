import { reviewUserReport } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { reportStatusSchema } from "~/schemas/admin";

/** PATCH /api/admin/reports/{id} {status}: only a PENDING report can be answered. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { status } = await parseJson(request, reportStatusSchema);
    reviewUserReport(getDb(), admin, Number(params.id), status);
    return Response.json({ message: "Report Updated" });
  },
});
export const loader = route;
export const action = route;
