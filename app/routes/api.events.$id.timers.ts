import { requireEventPermission } from "~/features/raceday/access.server";
import { addTimer, listTimers } from "~/features/raceday/timers.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceTimerSchema } from "~/schemas/raceday";

/**
 * GET /api/events/{id}/timers: the event's timers. POST (`email`): name the
 * account with that email a timer (201; already one: 200); an email no
 * account uses answers 404 with a message. The producer or an admin.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const db = getDb();
    const event = requireEventPermission(db, user, params.id ?? "", "manage");
    return Response.json({ timers: listTimers(db, event.id) });
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { email } = await parseJson(request, raceTimerSchema);
    const { timer, created } = addTimer(getDb(), user, params.id ?? "", email);
    return Response.json(timer, { status: created ? 201 : 200 });
  },
});
export const loader = route;
export const action = route;
