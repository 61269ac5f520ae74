import { and, eq, sql } from "drizzle-orm";
import { events, savedEvents, type Event, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { todayFor, withDistance } from "./search.server";

/** Saved events the viewer may still see, excluding ones they created (those are in Created). */
export function listSaved(db: Db, user: User) {
  return db
    .select({ event: events, savedEvent: savedEvents })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .where(
      and(
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

/** My Events folders. Past = ended before the rider's today, newest first; Saved and Created hold the rest. */
export function myEvents(db: Db, user: User, now = new Date()) {
  const today = todayFor(user.homeZipCode, now);
  const ended = (e: Event) => (e.endDate || e.date) < today;
  const saved = listSaved(db, user).map((r) => r.event);
  const created = listCreated(db, user);
  const past = [...saved, ...created].filter(ended).sort((a, b) => (b.endDate || b.date).localeCompare(a.endDate || a.date));
  return {
    saved: withDistance(saved.filter((e) => !ended(e)), user.homeZipCode),
    created: withDistance(created.filter((e) => !ended(e)), user.homeZipCode),
    past: withDistance(past, user.homeZipCode),
    savedIds: new Set(saved.map((e) => e.id)),
  };
}
