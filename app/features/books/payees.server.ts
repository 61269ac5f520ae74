import { createHash } from "node:crypto";
import { and, asc, eq, gt, like, sql } from "drizzle-orm";
import { events, raceClasses, raceEntries, raceResults, users } from "#db/schema";
import type { Db } from "~/lib/db.server";

/*
 * Who a race's money is paid to. A rider with an account is paid in the
 * account's name (a parent's account for a child's sub-profile: the account
 * holder receives the check); a walk-up, in the name as the office typed it.
 * Walk-ups are told apart by name alone (the same name, whatever its capitals
 * and spaces, is one payee), as the office would read its own sheets
 * (docs/decisions/2026-11-28-payees.md).
 */

/** A walk-up's name as one payee: trimmed, spaces collapsed, compared without capitals. */
export const normalName = (name: string) => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

/** `u-<account id>` or `w-<16 hex of the walk-up's normal name>`: safe in a URL, stable across events. */
export function payeeKeyOf(entry: { userId: string | null; riderName: string }) {
  if (entry.userId) return `u-${entry.userId}`;
  return `w-${createHash("sha256").update(normalName(entry.riderName)).digest("hex").slice(0, 16)}`;
}

export const PAYEE_KEY = /^(u-[A-Za-z0-9-]{1,64}|w-[0-9a-f]{16})$/;

/** One placing that pays, with its payee. */
export type Winning = {
  payeeKey: string;
  payeeName: string;
  /** The account's email, for the association's tax forms; null for a walk-up. */
  email: string | null;
  walkUp: boolean;
  eventId: string;
  eventName: string;
  eventDate: string;
  classId: string;
  className: string;
  divisions: number;
  entryId: string;
  riderName: string;
  horseName: string;
  division: number | null;
  place: number | null;
  amountCents: number;
};

/**
 * What each class's published results pay and how many entries their pot
 * counted, for an event's classes (a lookup by class id). With winnings() below, the one place the books and the checks
 * read published payouts: results published per go-round change these two only.
 */
export function publishedPayouts(db: Db, eventId: string) {
  // One grouped query for the event's classes, not one per class.
  const rows = db
    .select({
      classId: raceResults.classId,
      counted: sql<number>`coalesce(sum(case when ${raceResults.outcome} <> 'SCRATCH' then 1 else 0 end), 0)`,
      paid: sql<number>`coalesce(sum(${raceResults.payoutCents}), 0)`,
    })
    .from(raceResults)
    .where(eq(raceResults.eventId, eventId))
    .groupBy(raceResults.classId)
    .all();
  const byClass = new Map(rows.map((r) => [r.classId, { counted: r.counted, paidCents: r.paid }]));
  return (classId: string) => byClass.get(classId) ?? { counted: 0, paidCents: 0 };
}

/** Placings that pay in published results: of one event, or of the events dated in one year. */
export function winnings(db: Db, scope: { eventId: string } | { year: number }): Winning[] {
  const where = "eventId" in scope ? eq(raceResults.eventId, scope.eventId) : like(events.date, `${String(scope.year).padStart(4, "0")}-%`);
  const rows = db
    .select({
      userId: raceEntries.userId,
      riderName: raceEntries.riderName,
      horseName: raceEntries.horseName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      eventId: events.id,
      eventName: events.name,
      eventDate: events.date,
      classId: raceClasses.id,
      className: raceClasses.name,
      position: raceClasses.position,
      divisions: raceClasses.divisions,
      entryId: raceResults.entryId,
      division: raceResults.division,
      place: raceResults.place,
      amountCents: raceResults.payoutCents,
    })
    .from(raceResults)
    .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
    .innerJoin(raceClasses, eq(raceClasses.id, raceResults.classId))
    .innerJoin(events, eq(events.id, raceResults.eventId))
    .leftJoin(users, eq(users.id, raceEntries.userId))
    .where(and(where, gt(raceResults.payoutCents, 0)))
    .orderBy(asc(events.date), asc(events.id), asc(raceClasses.position), asc(raceResults.division), asc(raceResults.place))
    .all();
  return rows.map((r) => ({
    payeeKey: payeeKeyOf(r),
    payeeName: r.userId ? `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim() || r.riderName : r.riderName.trim(),
    email: r.userId ? (r.email ?? null) : null,
    walkUp: !r.userId,
    eventId: r.eventId,
    eventName: r.eventName,
    eventDate: r.eventDate,
    classId: r.classId,
    className: r.className,
    divisions: r.divisions,
    entryId: r.entryId,
    riderName: r.riderName,
    horseName: r.horseName,
    division: r.division,
    place: r.place,
    amountCents: r.amountCents,
  }));
}

