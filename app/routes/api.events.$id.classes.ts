import { entryCounts, createClass, listClasses } from "~/features/raceday/classes.server";
import { findRaceEvent, mayOnEvent } from "~/features/raceday/access.server";
import { presentClass } from "~/features/raceday/presenters.server";
import { getUser, requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceClassSchema } from "~/schemas/raceday";

/**
 * GET /api/events/{id}/classes: the event's classes with their money rules
 * and entry counts, for anyone who may see the event (a hidden event is a
 * 404). POST: add a class (the producer or an admin; amounts in integer cents).
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await getUser(request);
    const db = getDb();
    const event = findRaceEvent(db, viewer, params.id ?? "");
    const counts = entryCounts(db, event.id);
    const manager = mayOnEvent(db, viewer, event, "manage");
    return Response.json({ classes: listClasses(db, event.id).map((c) => presentClass(c, { entryCount: counts.get(c.id) ?? 0, manager })) });
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, raceClassSchema);
    return Response.json(presentClass(createClass(getDb(), user, params.id ?? "", input), { entryCount: 0, manager: true }), { status: 201 });
  },
});
export const loader = route;
export const action = route;
