import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { memberNumbers, memberships, membershipYears, riders, type Membership, type MembershipYear, type User } from "#db/schema";
import { now } from "~/lib/clock.server";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { dayIn } from "~/features/events/dates";
import { HttpError } from "~/lib/http.server";
import { membershipChanged } from "./hooks.server";
import { recordDues, reverseDues } from "~/features/books/ledger.server";
import { MEMBER_MESSAGES, type JoinInput, type MembershipMark, type MembershipYearInput, type MembershipYearUpdate } from "~/schemas/members";
import { emailHolderKey, holderKeyOf, KIND_LABELS, kindAgeProblem, nextMemberNumber } from "./rules";

/*
 * The association's members. Years and kinds are the office's (an admin's);
 * a rider, or the guardian of a rider profile they manage, asks to join; the
 * office marks the dues paid and the membership is active with a member
 * number the rider keeps from year to year (member_numbers). Payment is
 * recorded, never taken: an online payment would mark the same membership
 * paid through markMembership with its own method.
 *
 * A member list is the office's: riders see only their own memberships.
 */

export const presentYear = (y: MembershipYear) => ({ id: y.id, name: y.name, startDate: y.startDate, endDate: y.endDate, kinds: y.kinds, numberPrefix: y.numberPrefix, closed: y.closedAt !== null });

/**
 * Today as the association's calendar has it (ASSOCIATION_TIME_ZONE): dues
 * marked paid on a Texas evening start the membership that evening's day,
 * not UTC's next one.
 */
export const associationToday = () => dayIn(config().associationTimeZone, now());

/** A membership as its rider and the office see it (the office's list adds the email). */
export function presentMembership(m: Membership, year?: Pick<MembershipYear, "name" | "startDate" | "endDate">) {
  return {
    id: m.id,
    yearId: m.yearId,
    yearName: year?.name ?? null,
    validFrom: year?.startDate ?? null,
    validThrough: year?.endDate ?? null,
    userId: m.userId,
    riderId: m.riderId,
    name: m.name,
    kind: m.kind,
    birthDate: m.birthDate,
    status: m.status,
    number: m.number,
    duesCents: m.duesCents,
    paidMethod: m.paidMethod,
    paidReference: m.paidReference,
    paidAt: m.paidAt,
    startsOn: m.startsOn,
    claimed: m.userId !== null,
  };
}

export const presentOfficeMembership = (m: Membership, year?: MembershipYear) => ({ ...presentMembership(m, year), email: m.email });

export function listYears(db: Db): MembershipYear[] {
  return db.select().from(membershipYears).orderBy(desc(membershipYears.startDate)).all();
}

export function getYear(db: Db, id: string): MembershipYear {
  const year = db.select().from(membershipYears).where(eq(membershipYears.id, id)).get();
  if (!year) throw new HttpError(404, "Membership year not found");
  return year;
}

/** The year whose dates include the day, or the next one to start. */
export function currentYear(db: Db, day: string): MembershipYear | undefined {
  const years = listYears(db);
  return years.find((y) => y.startDate <= day && y.endDate >= day) ?? [...years].reverse().find((y) => y.startDate > day);
}

export function createYear(db: Db, input: MembershipYearInput): MembershipYear {
  return db.insert(membershipYears).values({ name: input.name, startDate: input.startDate, endDate: input.endDate, kinds: input.kinds, numberPrefix: input.numberPrefix ?? "", closedAt: input.closed ? now() : null }).returning().get();
}

/** A year's dates change who is a member on a race day: the riders with a paid membership of it are brought up to date. */
export function updateYear(db: Db, id: string, input: MembershipYearUpdate): MembershipYear {
  const current = getYear(db, id);
  const { closed, ...fields } = input;
  const next = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) } as MembershipYear;
  // Closing keeps the day it was first closed; reopening clears it.
  next.closedAt = closed === undefined ? current.closedAt : closed ? (current.closedAt ?? now()) : null;
  if (next.endDate <= next.startDate) throw new HttpError(400, MEMBER_MESSAGES.endBeforeStart, { errors: { endDate: [MEMBER_MESSAGES.endBeforeStart] } });
  const offered = new Set(next.kinds.map((k) => k.kind));
  const orphan = db.select({ kind: memberships.kind }).from(memberships).where(eq(memberships.yearId, id)).all().find((m) => !offered.has(m.kind));
  if (orphan) throw new HttpError(409, `${KIND_LABELS[orphan.kind]} memberships exist this year: keep offering the kind`);
  return db.transaction(() => {
    const row = db.update(membershipYears).set({ name: next.name, startDate: next.startDate, endDate: next.endDate, kinds: next.kinds, numberPrefix: next.numberPrefix, closedAt: next.closedAt }).where(eq(membershipYears.id, id)).returning().get();
    if (current.startDate !== row.startDate || current.endDate !== row.endDate) membershipChanged(db, paidUsersOf(db, id));
    return row;
  });
}

const paidUsersOf = (db: Db, yearId: string) => [
  ...new Set(
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.yearId, yearId), eq(memberships.status, "ACTIVE")))
      .all()
      .flatMap((m) => (m.userId ? [m.userId] : [])),
  ),
];

/** The rider a request is for: the account holder, or a rider profile they manage. */
function riderFor(db: Db, viewer: Pick<User, "id" | "firstName" | "lastName">, riderId: number | undefined) {
  if (riderId === undefined) return { riderId: null, name: `${viewer.firstName} ${viewer.lastName}`.trim() };
  const rider = db.select().from(riders).where(and(eq(riders.id, riderId), eq(riders.userId, viewer.id))).get();
  // 404, not 403: another account's rider profiles are not for this account to learn of.
  if (!rider) throw new HttpError(404, "Rider not found", { errors: { riderId: [MEMBER_MESSAGES.riderId] } });
  return { riderId: rider.id, name: rider.name };
}

/**
 * A rider asks to join a year as a kind (the office marks the dues paid).
 * One membership per rider and year: asking again answers the one there is.
 */
export function requestMembership(db: Db, viewer: Pick<User, "id" | "firstName" | "lastName" | "email">, input: JoinInput) {
  const year = getYear(db, input.yearId);
  if (year.closedAt) throw new HttpError(409, MEMBER_MESSAGES.yearClosed(year.name), { errors: { yearId: [MEMBER_MESSAGES.yearClosed(year.name)] } });
  const kind = year.kinds.find((k) => k.kind === input.kind);
  if (!kind) throw new HttpError(400, `${year.name} does not offer ${KIND_LABELS[input.kind]} memberships`, { errors: { kind: [MEMBER_MESSAGES.kind] } });
  if (input.birthDate && input.birthDate >= associationToday()) {
    throw new HttpError(400, MEMBER_MESSAGES.birthDate, { errors: { birthDate: [MEMBER_MESSAGES.birthDate] } });
  }
  const problem = kindAgeProblem(kind, KIND_LABELS[input.kind], input.birthDate ?? null, year.startDate);
  if (problem) throw new HttpError(400, problem, { errors: { birthDate: [problem] } });
  const rider = riderFor(db, viewer, input.riderId);
  const holderKey = holderKeyOf(viewer.id, rider.riderId);
  const existing = db.select().from(memberships).where(and(eq(memberships.yearId, year.id), eq(memberships.holderKey, holderKey))).get();
  if (existing) return { created: false, membership: existing, year };
  const membership = db
    .insert(memberships)
    .values({ yearId: year.id, holderKey, userId: viewer.id, riderId: rider.riderId, name: rider.name, email: rider.riderId === null ? viewer.email.toLowerCase() : null, kind: input.kind, birthDate: input.birthDate ?? null, duesCents: kind.duesCents, requestedBy: viewer.id })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!membership) {
    const raced = db.select().from(memberships).where(and(eq(memberships.yearId, year.id), eq(memberships.holderKey, holderKey))).get()!;
    return { created: false, membership: raced, year };
  }
  return { created: true, membership, year };
}

/** The viewer's memberships (theirs and their rider profiles'), newest year first. */
export function myMemberships(db: Db, viewer: Pick<User, "id">) {
  return db
    .select({ m: memberships, y: membershipYears })
    .from(memberships)
    .innerJoin(membershipYears, eq(membershipYears.id, memberships.yearId))
    .where(eq(memberships.userId, viewer.id))
    .orderBy(desc(membershipYears.startDate), asc(memberships.name))
    .all();
}

/** The office's list of a year, by name. */
export function officeList(db: Db, yearId: string, status?: "PENDING" | "ACTIVE") {
  const year = getYear(db, yearId);
  const rows = db
    .select()
    .from(memberships)
    .where(status ? and(eq(memberships.yearId, yearId), eq(memberships.status, status)) : eq(memberships.yearId, yearId))
    .orderBy(asc(memberships.name), asc(memberships.id))
    .all();
  return { year, rows };
}

export function getMembership(db: Db, id: string) {
  const found = db.select({ m: memberships, y: membershipYears }).from(memberships).innerJoin(membershipYears, eq(membershipYears.id, memberships.yearId)).where(eq(memberships.id, id)).get();
  if (!found) throw new HttpError(404, "Membership not found");
  return found;
}

/** Whose number is this, if anyone's. */
const numberHolder = (db: Db, number: string) => db.select().from(memberNumbers).where(eq(memberNumbers.number, number)).get();

/** The number a rider keeps: their own from an earlier year, or the next in the year's format. */
export function numberFor(db: Db, holderKey: string, prefix: string): string {
  const kept = db.select().from(memberNumbers).where(eq(memberNumbers.holderKey, holderKey)).get();
  if (kept) return kept.number;
  const taken = db.select({ number: memberNumbers.number }).from(memberNumbers).all().map((n) => n.number);
  const number = nextMemberNumber(prefix, taken);
  db.insert(memberNumbers).values({ number, holderKey }).run();
  return number;
}

/**
 * Gives a rider a number the office chose. A number lives with its rider
 * (member_numbers) and every membership of the rider shows it: refused (409,
 * nothing changed) when another rider holds it, in any year; otherwise the
 * rider's old number is let go and each of their memberships, every year,
 * takes the new one.
 */
function claimNumber(db: Db, holderKey: string, number: string) {
  const holder = numberHolder(db, number);
  const shownOnOther = db.select({ holderKey: memberships.holderKey }).from(memberships).where(eq(memberships.number, number)).all().some((m) => m.holderKey !== holderKey);
  if ((holder && holder.holderKey !== holderKey) || shownOnOther) throw new HttpError(409, `Member number ${number} belongs to another member`, { errors: { number: [`Member number ${number} belongs to another member`] } });
  if (!holder) {
    db.delete(memberNumbers).where(eq(memberNumbers.holderKey, holderKey)).run();
    db.insert(memberNumbers).values({ number, holderKey }).run();
  }
  db.update(memberships).set({ number }).where(and(eq(memberships.holderKey, holderKey), isNotNull(memberships.number))).run();
}

/**
 * The office marks a membership: dues paid (the membership is active from
 * today, with the rider's number) or not, how, and the number. The
 * members-only standings of the rider follow at once.
 */
export function markMembership(db: Db, id: string, input: MembershipMark, office?: Pick<User, "id">) {
  return db.transaction(
    () => {
      const { m, y } = getMembership(db, id);
      const set: Partial<Membership> = {};
      if (input.number !== undefined && input.number !== "") {
        claimNumber(db, m.holderKey, input.number);
        set.number = input.number;
      }
      if (input.paid === true) {
        if (m.status !== "ACTIVE") {
          set.status = "ACTIVE";
          set.paidAt = now();
          set.startsOn = associationToday();
        }
        set.paidMethod = input.paidMethod ?? m.paidMethod;
        set.paidReference = input.paidReference ?? null;
        set.number ??= m.number ?? numberFor(db, m.holderKey, y.numberPrefix);
      } else if (input.paid === false) {
        Object.assign(set, { status: "PENDING", paidAt: null, startsOn: null, paidMethod: null, paidReference: null });
      } else if (input.paidMethod !== undefined || input.paidReference !== undefined) {
        if (m.status !== "ACTIVE") throw new HttpError(400, "Mark the dues paid to record how", { errors: { paid: [MEMBER_MESSAGES.paid] } });
        if (input.paidMethod) set.paidMethod = input.paidMethod;
        if (input.paidReference !== undefined) set.paidReference = input.paidReference || null;
      }
      if (Object.keys(set).length === 0) return { membership: m, year: y };
      const clash = set.number ? db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.yearId, m.yearId), eq(memberships.number, set.number))).get() : undefined;
      if (clash && clash.id !== m.id) throw new HttpError(409, `Member number ${set.number} belongs to another member`, { errors: { number: [`Member number ${set.number} belongs to another member`] } });
      const row = db.update(memberships).set(set).where(eq(memberships.id, id)).returning().get();
      // The ledger: dues are association records, written as they are marked.
      if (set.status === "ACTIVE") recordDues(db, { membershipId: row.id, userId: row.userId, payeeName: row.name, amountCents: row.duesCents, method: row.paidMethod, reference: row.paidReference, takenBy: office ?? null });
      else if (set.status === "PENDING" && m.status === "ACTIVE") reverseDues(db, row.id, office ?? null, "Dues marked unpaid");
      if (row.userId && (set.status !== undefined || set.startsOn !== undefined)) membershipChanged(db, [row.userId]);
      return { membership: row, year: y };
    },
    { behavior: "immediate" },
  );
}

/**
 * A new account takes the memberships the office imported for its email
 * (and their member number). Called once the account exists.
 */
export function claimMemberships(db: Db, user: Pick<User, "id" | "email">) {
  const key = emailHolderKey(user.email);
  const waiting = db.select({ id: memberships.id }).from(memberships).where(eq(memberships.holderKey, key)).all();
  if (waiting.length === 0) return 0;
  const holder = holderKeyOf(user.id, null);
  db.transaction(() => {
    db.update(memberships).set({ holderKey: holder, userId: user.id }).where(eq(memberships.holderKey, key)).run();
    if (!db.select().from(memberNumbers).where(eq(memberNumbers.holderKey, holder)).get()) {
      db.update(memberNumbers).set({ holderKey: holder }).where(eq(memberNumbers.holderKey, key)).run();
    }
    membershipChanged(db, [user.id]);
  });
  return waiting.length;
}

/** Where a rider stands as a member on a day: the membership of the year including it, for the entry form, hub and profile. */
export function standingOf(db: Db, userId: string, riderId: number | null, day: string) {
  const found = db
    .select({ m: memberships, y: membershipYears })
    .from(memberships)
    .innerJoin(membershipYears, eq(membershipYears.id, memberships.yearId))
    .where(and(eq(memberships.holderKey, holderKeyOf(userId, riderId))))
    .all()
    .find(({ y }) => y.startDate <= day && y.endDate >= day);
  if (!found) return { member: false as const, status: "NONE" as const, number: null, kind: null, yearName: null };
  return { member: found.m.status === "ACTIVE", status: found.m.status, number: found.m.number, kind: found.m.kind, yearName: found.y.name };
}

/** Member numbers of account riders in good standing on a day, by holder key: the hub's badge and the admins' standings. */
export function membersOn(db: Db, userIds: readonly string[], day: string): Map<string, string | null> {
  if (userIds.length === 0) return new Map();
  const rows = db
    .select({ holderKey: memberships.holderKey, number: memberships.number, start: membershipYears.startDate, end: membershipYears.endDate })
    .from(memberships)
    .innerJoin(membershipYears, eq(membershipYears.id, memberships.yearId))
    .where(and(inArray(memberships.userId, [...userIds]), eq(memberships.status, "ACTIVE")))
    .all();
  return new Map(rows.filter((r) => r.start <= day && r.end >= day).map((r) => [r.holderKey, r.number]));
}

/**
 * The membership a profile shows: the owner sees theirs with its number;
 * others see the kind and year of a rider who is not Private, never the
 * number; a Private rider's membership is theirs alone.
 */
export function profileMembership(db: Db, viewer: Pick<User, "id" | "isAdmin">, target: Pick<User, "id" | "privacyMode">, day: string) {
  const isOwner = viewer.id === target.id;
  if (!isOwner && target.privacyMode === "SOLO") return null;
  const standing = standingOf(db, target.id, null, day);
  if (standing.status === "NONE" || (!isOwner && !standing.member)) return null;
  return { member: standing.member, kind: KIND_LABELS[standing.kind!], yearName: standing.yearName, number: isOwner || viewer.isAdmin ? standing.number : null, isOwner };
}
