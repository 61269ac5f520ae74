import { addDays } from "~/lib/dates";
import type { Db } from "~/lib/db.server";
import { statement } from "~/lib/prepared.server";

/**
 * The events' R*Tree (events_rtree: db/migrations/0002_events_rtree.sql)
 * holds an event until a week after its last day. Housekeeping then takes it
 * out (pruneSearchIndex; the event itself stays), so the years of past events
 * an association keeps stay out of the boxes a search counts and sorts: the
 * tree's count in a search's box is of what is still to come
 * (eventsNear in search.server.ts). A search from an earlier day walks the
 * date index, which holds every event.
 */
const INDEX_KEEPS_DAYS = 7;

/** The earliest first day a search may use the R*Tree for: every event still running on it is in the tree. */
export const indexedFrom = (now: Date) => addDays(now.toISOString().slice(0, 10), -INDEX_KEEPS_DAYS);

/**
 * Takes out of the R*Tree the events that ended more than INDEX_KEEPS_DAYS
 * ago; answers how many. An edit that moves one's place or dates puts it
 * back (db/migrations/0009_event_search_history.sql).
 */
export function pruneSearchIndex(db: Db, now = new Date()): number {
  return statement(
    db,
    `DELETE FROM events_rtree WHERE id IN (
       SELECT r.id FROM events_rtree r CROSS JOIN events e ON e.rowid = r.id WHERE coalesce(e.end_date, e.date) < ?)`,
  ).run(indexedFrom(now)).changes;
}
