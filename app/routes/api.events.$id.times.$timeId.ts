import { presentTime } from "~/features/raceday/race-runs.server";
import { correctTime, voidTime } from "~/features/raceday/times.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceTimeCorrectionSchema } from "~/schemas/raceday-booth";

/**
 * PATCH /api/events/{id}/times/{timeId}: a correction (`outcome`, `time`,
 * `penalties`, each kept when left out) with its `reason`, kept in the
 * event's history. DELETE: undo, the time stands void and the entry is back
 * in the order (voiding it again changes nothing). `timeId` is the time's id
 * or the clientId the booth gave it.
 */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, raceTimeCorrectionSchema);
    return Response.json(presentTime(correctTime(getDb(), user, params.id ?? "", params.timeId ?? "", input)));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(presentTime(voidTime(getDb(), user, params.id ?? "", params.timeId ?? "", { kind: "undo" })));
  },
});
export const loader = route;
export const action = route;
