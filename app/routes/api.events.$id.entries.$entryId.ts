import { deviceOf } from "~/features/books/ledger.server";
import { getClass } from "~/features/raceday/classes.server";
import { changeEntry } from "~/features/raceday/entries.server";
import { presentEntry } from "~/features/raceday/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceEntryPatchSchema } from "~/schemas/raceday";

/**
 * PATCH /api/events/{id}/entries/{entryId}: `scratched`, `paid`,
 * `backNumber`, `classId` (a move within the event): the producer or an
 * admin; the rider who entered may only scratch, before entries close.
 * DELETE: scratch (the rider before the close, or the producer). Anyone
 * else's entry answers 404. `sidepots` says what a move or a scratch did to
 * the entry's sidepot entries (moved along, or scratched).
 */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const patch = await parseJson(request, raceEntryPatchSchema);
    const db = getDb();
    const { entry, sidepots } = changeEntry(db, user, params.id ?? "", params.entryId ?? "", patch, { device: deviceOf(request) });
    return Response.json({ ...presentEntry(entry, getClass(db, entry.eventId, entry.classId)), sidepots });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const db = getDb();
    const { entry, sidepots } = changeEntry(db, user, params.id ?? "", params.entryId ?? "", { scratched: true });
    return Response.json({ ...presentEntry(entry, getClass(db, entry.eventId, entry.classId)), sidepots });
  },
});
export const loader = route;
export const action = route;
