import { and, eq, sql } from "drizzle-orm";
import { events, savedEvents, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { statement } from "~/lib/prepared.server";
import { cardRows, type CardRow } from "./event-rows.server";
import { todayFor, withDistance } from "./search.server";

/**
 * Saved events the viewer may still see, excluding ones they created (those are in Created).
 * A cross join: the rider's saves are the outer loop (see savedCards below).
 */
export function listSaved(db: Db, user: User) {
  return db
    .select({ event: events, savedEvent: savedEvents })
    .from(savedEvents)
    .crossJoin(events)
    .where(
      and(
        eq(events.id, savedEvents.eventId),
        eq(savedEvents.userId, user.id),
        sql`(${events.createdBy} IS NULL OR ${events.createdBy} <> ${user.id})`,
        user.isAdmin ? undefined : eq(events.showbillApproved, true),
      ),
    )
    .orderBy(events.date)
    .all();
}

export function listCreated(db: Db, user: User) {
  return db.select().from(events).where(eq(events.createdBy, user.id)).orderBy(events.date).all();
}

/**
 * My Events' cards: the columns a card shows (event-rows.server.ts), by
 * statements compiled once, in the order and under the rules of listSaved
 * and listCreated.
 */
function savedCards(db: Db, user: User): CardRow[] {
  const approved = user.isAdmin ? "" : " AND e.showbill_approved = 1";
  // CROSS JOIN keeps the rider's saved events as the outer loop. Without statistics (the app never
  // runs ANALYZE) the planner otherwise walked every approved event in date order to skip the sort,
  // probing the saves for each: 250 ms at 100,000 events (bench/README.md, "Profiles"). Tested by
  // tests/api/query-plans.test.ts.
  const saved = statement(
    db,
    `SELECT ${cardRows.columns} FROM saved_events s CROSS JOIN events e ON e.id = s.event_id
     WHERE s.user_id = @userId AND (e.created_by IS NULL OR e.created_by <> @userId)${approved} ORDER BY e.date`,
  );
  return (saved.raw(true).all({ userId: user.id }) as unknown[][]).map((row) => cardRows.read(row));
}

function createdCards(db: Db, user: User): CardRow[] {
  const created = statement(db, `SELECT ${cardRows.columns} FROM events e WHERE e.created_by = ? ORDER BY e.date`);
  return (created.raw(true).all(user.id) as unknown[][]).map((row) => cardRows.read(row));
}

/** My Events folders. Past = ended before the rider's today, newest first; Saved and Created hold the rest. */
export function myEvents(db: Db, user: User, now = new Date()) {
  const today = todayFor(user.homeZipCode, now);
  const ended = (e: CardRow) => (e.endDate || e.date) < today;
  const saved = savedCards(db, user);
  const created = createdCards(db, user);
  const past = [...saved, ...created].filter(ended).sort((a, b) => (b.endDate || b.date).localeCompare(a.endDate || a.date));
  return {
    saved: withDistance(saved.filter((e) => !ended(e)), user.homeZipCode),
    created: withDistance(created.filter((e) => !ended(e)), user.homeZipCode),
    past: withDistance(past, user.homeZipCode),
    savedIds: new Set(saved.map((e) => e.id)),
  };
}
