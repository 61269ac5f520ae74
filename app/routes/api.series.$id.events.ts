import { requestSeriesJoin } from "~/features/season/series.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { seriesJoinSchema } from "~/schemas/season";

/** POST /api/series/{id}/events: an event's producer asks for it to count (an admin's own request is approved at once). */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { eventId } = await parseJson(request, seriesJoinSchema);
    const answer = requestSeriesJoin(getDb(), user, params.id!, eventId);
    return Response.json(answer, { status: answer.status === "PENDING" ? 202 : 200 });
  },
});
export const loader = route;
export const action = route;
