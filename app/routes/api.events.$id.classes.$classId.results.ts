import { classResultsFor } from "~/features/raceday/results.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/**
 * GET /api/events/{id}/classes/{classId}/results: `potCents` and, per
 * division, the places (`entryId`, `riderName`, `horseName`, `time`, `place`,
 * `payoutCents`). The producer or an admin gets the review computed from the
 * times now (`review: true`, overrides beside the computed amounts); everyone
 * else the published results, or 404 before they are published. A class of
 * more than one go answers one round: `?go=1|2|...|average|short` (go 1 when absent).
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await getUser(request);
    const go = new URL(request.url).searchParams.get("go");
    const { view } = classResultsFor(getDb(), viewer, params.id ?? "", params.classId ?? "", go);
    return Response.json(view);
  },
});
export const loader = route;
export const action = route;
