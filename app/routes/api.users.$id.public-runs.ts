import { getPublicRuns } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/**
 * GET /api/users/{id}/public-runs?sort=recent|fastest: the runs the viewer
 * may see by canViewRun. A missing, banned or (to others) SOLO user answers
 * 404 like the profile; an invite-only owner's non-follower gets [].
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    const sort = new URL(request.url).searchParams.get("sort") === "fastest" ? "fastest" : "recent";
    const runs = getPublicRuns(getDb(), viewer, params.id ?? "", sort);
    if (!runs) throw new HttpError(404, "User not found");
    return Response.json(runs);
  },
});
export const loader = route;
export const action = route;
