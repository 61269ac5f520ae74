import { getRunCount } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/** GET /api/users/{id}/run-count: {runCount}, counting only the runs the viewer may see. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    const runCount = getRunCount(getDb(), viewer, params.id ?? "");
    if (runCount === null) throw new HttpError(404, "User not found");
    return Response.json({ runCount });
  },
});
export const loader = route;
export const action = route;
