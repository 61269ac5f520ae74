import { findRaceEvent } from "~/features/raceday/access.server";
import { listClasses } from "~/features/raceday/classes.server";
import { enterRace, entriesSeenBy } from "~/features/raceday/entries.server";
import { presentEntry } from "~/features/raceday/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceEntrySchema } from "~/schemas/raceday";

/**
 * GET /api/events/{id}/entries: the producer (or an admin) gets every entry;
 * a rider their own, with fees and, once published, draw positions. The
 * public order is the draw's (GET .../classes/{classId}/draw).
 * POST: enter a class (`classId`, `horseId` or `horseName`, optional
 * `riderId`); the producer may give `riderName` and `horseName` for a
 * walk-up. A Private (SOLO) rider's answer carries `notice`: the draw and
 * results show their name publicly.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const db = getDb();
    const event = findRaceEvent(db, user, params.id ?? "");
    const entries = entriesSeenBy(db, user, event);
    const totalCents = entries.filter((e) => e.status === "ENTERED").reduce((sum, e) => sum + (e.feeCents ?? 0), 0);
    return Response.json({ entries, totalCents });
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, raceEntrySchema);
    const db = getDb();
    const { entry, notice } = enterRace(db, user, params.id ?? "", input);
    const cls = listClasses(db, entry.eventId).find((c) => c.id === entry.classId);
    return Response.json({ ...presentEntry(entry, cls), notice }, { status: 201 });
  },
});
export const loader = route;
export const action = route;
