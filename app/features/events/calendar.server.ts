import { sql } from "drizzle-orm";
import { events, type Event, type EventChanges, type NewEvent } from "#db/schema";
import { sameValue } from "./changes";
import { zoneOfZip } from "./zones.server";
import { zonedInstant } from "~/lib/zoned-time";

/**
 * An event's own clock and what a calendar shows of it. An event keeps the
 * time of its place: the main zone of the state of its ZIP code (as a
 * rider's "today" is taken from their home ZIP). Entries close at a wall
 * time there; `entries_close_at` keeps the same moment as an instant.
 */

/** The instant entries close, from the event's local "YYYY-MM-DDTHH:MM" and its ZIP code. */
export function entriesCloseAtOf(entriesClose: string | null | undefined, zipCode: string | null | undefined): Date | null {
  return entriesClose ? zonedInstant(entriesClose, zoneOfZip(zipCode)) : null;
}

/** What an .ics and a subscribed calendar show of an event (its status too): a change to one raises `sequence`. */
const CALENDAR_FIELDS = ["name", "date", "endDate", "location", "address", "zipCode", "arenaName", "description"] as const satisfies ReadonlyArray<keyof EventChanges>;

/**
 * The columns that follow from changing `before` by `changes`: the
 * entries-close instant when its time or place moves, and the next
 * calendar sequence when what a calendar shows changes (one statement, so
 * two changes at once each raise it).
 */
export function followingColumns(before: Event, changes: EventChanges): Partial<NewEvent> {
  const out: Partial<NewEvent> = {};
  const after = { ...before, ...changes };
  if ("entriesClose" in changes || "zipCode" in changes) out.entriesCloseAt = entriesCloseAtOf(after.entriesClose, after.zipCode);
  if (CALENDAR_FIELDS.some((k) => k in changes && !sameValue(changes[k], before[k]))) {
    out.sequence = sql`${events.sequence} + 1` as unknown as number;
  }
  return out;
}
