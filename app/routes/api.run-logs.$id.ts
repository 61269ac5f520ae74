import { deleteRunLog, updateRunLog } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { runLogSchema } from "~/schemas/runs";

/**
 * PUT /api/run-logs/{id}: replace the run's fields (the body of POST
 * /api/run-logs, checked by the same rules) and answer the run.
 * DELETE /api/run-logs/{id}. Both the owner only; anyone else's run answers
 * 404 like a missing one.
 */
const route = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, runLogSchema);
    return Response.json(updateRunLog(getDb(), user, params.id ?? "", input));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    deleteRunLog(getDb(), user, params.id ?? "");
    return Response.json({ message: "Run log deleted" });
  },
});
export const loader = route;
export const action = route;
