import { presentTime } from "~/features/raceday/race-runs.server";
import { voidTime } from "~/features/raceday/times.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceRerunSchema } from "~/schemas/raceday-booth";

/**
 * POST /api/events/{id}/times/{timeId}/rerun: the rider runs again (`reason`,
 * kept in the history). The time stands void and the entry returns to the
 * gate at its place in the draw; a second call changes nothing.
 */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { reason } = await parseJson(request, raceRerunSchema);
    return Response.json(presentTime(voidTime(getDb(), user, params.id ?? "", params.timeId ?? "", { kind: "rerun", reason })));
  },
});
export const loader = route;
export const action = route;
