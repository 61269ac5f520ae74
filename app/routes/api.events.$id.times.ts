import { presentTime, recordTime } from "~/features/raceday/times.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceTimeSchema } from "~/schemas/raceday-booth";

/**
 * POST /api/events/{id}/times: one run from the booth (`entryId`, `outcome`
 * TIME, NT or SCRATCH, `time` as the timer shows it, `penalties` knocked
 * barrels, `clientId`). 201 with the time; the same clientId again answers
 * the first record with 200 and changes nothing. The producer, an admin or a
 * named timer only.
 */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, raceTimeSchema);
    const { time, created } = recordTime(getDb(), user, params.id ?? "", input);
    return Response.json(presentTime(time), { status: created ? 201 : 200 });
  },
});
export const loader = route;
export const action = route;
