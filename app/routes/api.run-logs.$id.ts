import { deleteRunLog } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** DELETE /api/run-logs/{id}: the owner only; anyone else's run answers 404 like a missing one. */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    deleteRunLog(getDb(), user, params.id ?? "");
    return Response.json({ message: "Run log deleted" });
  },
});
export const loader = route;
export const action = route;
