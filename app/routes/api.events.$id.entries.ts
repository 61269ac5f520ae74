import { turnOutsOwed } from "~/features/books/ledger.server";
import { findRaceEvent, mayOnEvent } from "~/features/raceday/access.server";
import { listClasses } from "~/features/raceday/classes.server";
import { enterRace, listEventEntries, listOwnEntries } from "~/features/raceday/entries.server";
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
    const classes = new Map(listClasses(db, event.id).map((c) => [c.id, c]));
    const manager = mayOnEvent(db, user, event, "manage");
    const rows = manager ? listEventEntries(db, event.id) : listOwnEntries(db, user.id, event.id);
    // The office is told what a rider still owes for turn-outs at other races.
    const owed = manager ? turnOutsOwed(db, event.id, rows.flatMap((e) => (e.userId ? [e.userId] : []))) : null;
    const entries = rows.map((e) => {
      const cls = classes.get(e.classId);
      const view = presentEntry(e, cls);
      if (owed) return { ...view, turnOutsOwed: (e.userId && owed.get(e.userId)) || [] };
      // A place in a draw not yet published may still change: a rider sees it once published.
      return view.drawPublished ? view : { ...view, drawPosition: null, dragsBefore: null };
    });
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
