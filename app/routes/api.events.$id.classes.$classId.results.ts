import { classResultsFor } from "~/features/raceday/results.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/**
 * GET /api/events/{id}/classes/{classId}/results: `potCents` and, per
 * division, the places (`entryId`, `riderName`, `horseName`, `time`, `place`,
 * `payoutCents`). The producer or an admin gets the review computed from the
 * times now (`review: true`, overrides beside the computed amounts); everyone
 * else the published results, or 404 before they are published.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await getUser(request);
    const { view } = classResultsFor(getDb(), viewer, params.id ?? "", params.classId ?? "");
    return Response.json(view);
  },
});
export const loader = route;
export const action = route;
