import { deleteRun } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** DELETE /api/admin/run-logs/{id}. */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    deleteRun(getDb(), admin, params.id ?? "");
    return Response.json({ message: "Run log deleted" });
  },
});
export const loader = route;
export const action = route;
