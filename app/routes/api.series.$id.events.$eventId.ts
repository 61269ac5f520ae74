import { reviewSeriesJoin } from "~/features/season/series.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { seriesReviewSchema } from "~/schemas/season";

/** PATCH /api/series/{id}/events/{eventId} (`approved`): the association's answer to a producer's request. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { approved } = await parseJson(request, seriesReviewSchema);
    return Response.json(reviewSeriesJoin(getDb(), admin, params.id!, params.eventId!, approved));
  },
});
export const loader = route;
export const action = route;
