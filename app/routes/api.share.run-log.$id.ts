import { getSharedRun } from "~/features/runs/runs.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, jsonError } from "~/lib/http.server";

/** GET /api/share/run-log/{id}: public; a run that may not be shown answers like a missing one. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const run = getSharedRun(getDb(), params.id ?? "", await getUser(request));
    return run ? Response.json(run) : jsonError(404, "Run log not found");
  },
});
export const loader = route;
export const action = route;
