import { announceOnDeck } from "~/features/ondeck/ondeck.server";
import { presentTime } from "~/features/raceday/race-runs.server";
import { recordTime } from "~/features/raceday/times.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceTimeSchema } from "~/schemas/raceday-booth";

/**
 * POST /api/events/{id}/times: one run from the booth (`entryId`, `outcome`
 * TIME, NT or SCRATCH, `time` as the timer shows it, `penalties` knocked
 * barrels, `clientId`, optional `takenAt`: the device's clock when the time
 * was taken). 201 with the time (`recordedAt` when run, `receivedAt` when
 * received); the same clientId again answers the first record with 200 and
 * changes nothing; a second time for the entry is 409 with the time it has
 * (`existing`). The producer, an admin or a named timer only.
 */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, raceTimeSchema);
    const { time, created } = recordTime(getDb(), user, params.id ?? "", input);
    // The riders now within their on-deck choice are told (once each, whichever request gets there first).
    if (created) announceOnDeck(getDb(), time.eventId);
    return Response.json(presentTime(time), { status: created ? 201 : 200 });
  },
});
export const loader = route;
export const action = route;
