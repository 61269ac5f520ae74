import { and, asc, eq, isNull } from "drizzle-orm";
import { raceChecks, raceClasses, type RaceCheck, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { now } from "~/lib/clock.server";
import { requireRaceManager } from "~/features/raceday/access.server";
import { placementText } from "~/features/raceday/results.server";
import { BOOKS_MESSAGES as M } from "~/schemas/books";
import { checkStanding, payeeTotals } from "./books";
import { PAYEE_KEY, winnings } from "./payees.server";
import { writeRecord } from "./ledger.server";
import { isStale } from "./ledger";
import { booksSettings } from "./settings.server";

/*
 * Payouts as checks: the payees of an event's published results (a rider's
 * account name, or a walk-up's name as entered), what each class pays them
 * and their total; the number of the check the office wrote to each, typed
 * as it is written; and a void with its reason, kept (its number stays used,
 * so a voided check cannot be mistaken for a new one). Producer and admins
 * only; a named timer is refused like anyone else.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

const presentCheck = (c: RaceCheck) => ({
  number: c.number,
  amountCents: c.amountCents,
  writtenAt: c.writtenAt.toISOString(),
  voidedAt: c.voidedAt?.toISOString() ?? null,
  voidReason: c.voidReason,
  cashedAt: c.cashedAt?.toISOString() ?? null,
});

/** Every payee of the event with their check (and voided ones), payees with money first in the order paid. */
function checksOf(db: Db, eventId: string) {
  const payees = payeeTotals(winnings(db, { eventId }));
  const checks = db.select().from(raceChecks).where(eq(raceChecks.eventId, eventId)).orderBy(asc(raceChecks.writtenAt), asc(raceChecks.number)).all();
  // A payee whose money a correction took away still shows, with the check written to them.
  for (const c of checks) {
    if (!payees.some((p) => p.payeeKey === c.payeeKey)) payees.push({ payeeKey: c.payeeKey, payeeName: c.payeeName, lines: [], totalCents: 0 });
  }
  return payees.map((p) => {
    const mine = checks.filter((c) => c.payeeKey === p.payeeKey);
    const open = mine.find((c) => c.voidedAt === null) ?? null;
    const first = p.lines[0];
    return {
      payeeKey: p.payeeKey,
      payeeName: p.payeeName,
      walkUp: first ? first.walkUp : p.payeeKey.startsWith("w-"),
      totalCents: p.totalCents,
      lines: p.lines.map((l) => ({
        classId: l.classId,
        className: l.className,
        riderName: l.riderName,
        horseName: l.horseName,
        placing: l.division !== null && l.place !== null ? placementText(l.divisions, l.division, l.place) : null,
        amountCents: l.amountCents,
      })),
      check: open ? presentCheck(open) : null,
      voided: mine.filter((c) => c.voidedAt !== null).map(presentCheck),
      ...checkStanding(p.totalCents, open),
    };
  });
}

/**
 * A payee's check is stale once the setting's days have passed: owed and
 * not written since the results were published, or written and neither
 * cashed nor voided since.
 */
function staleOf(db: Db, eventId: string, payees: ReturnType<typeof checksOf>) {
  const { staleCheckDays } = booksSettings(db);
  const publishedAt = db
    .select({ at: raceClasses.resultsPublishedAt })
    .from(raceClasses)
    .where(eq(raceClasses.eventId, eventId))
    .all()
    .reduce<Date | null>((min, c) => (c.at && (!min || c.at < min) ? c.at : min), null);
  const at = now();
  return payees.map((p) => {
    const since = p.check ? (p.check.cashedAt ? null : new Date(p.check.writtenAt)) : p.status === "TO_WRITE" ? publishedAt : null;
    return { ...p, stale: since !== null && isStale(since, at, staleCheckDays) };
  });
}

/** GET /api/events/{id}/checks. */
export function eventChecks(db: Db, viewer: Viewer, eventId: string) {
  const event = requireRaceManager(db, viewer, eventId);
  const payees = staleOf(db, event.id, checksOf(db, event.id));
  const open = payees.filter((p) => p.check);
  return {
    event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location },
    payees,
    totalCents: payees.reduce((sum, p) => sum + p.totalCents, 0),
    writtenCents: open.reduce((sum, p) => sum + p.check!.amountCents, 0),
    toWrite: payees.filter((p) => p.status === "TO_WRITE").length,
  };
}
export type EventChecks = ReturnType<typeof eventChecks>;
export type PayeeChecks = EventChecks["payees"][number];

function payeeOf(db: Db, eventId: string, payeeKey: string) {
  if (!PAYEE_KEY.test(payeeKey)) throw new HttpError(404, M.payeeNotFound);
  const payee = checksOf(db, eventId).find((p) => p.payeeKey === payeeKey);
  if (!payee) throw new HttpError(404, M.payeeNotFound);
  return payee;
}

const isUniqueViolation = (error: unknown) => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") return true;
  }
  return false;
};

/**
 * PUT /api/events/{id}/checks/{payeeKey}: the number of the check written to
 * the payee, for what they are owed now. The same number again answers the
 * check as it is (a resend); another number while a check is written is
 * refused (void it first); a number used in the event, voided or not, is refused.
 */
export function writeCheck(db: Db, viewer: Viewer, eventId: string, payeeKey: string, number: string) {
  const event = requireRaceManager(db, viewer, eventId);
  try {
    return db.transaction(
      () => {
        const payee = payeeOf(db, event.id, payeeKey);
        if (payee.check?.number === number) return { payee, created: false };
        if (payee.check) throw new HttpError(409, M.checkWritten(payee.check.number), { errors: { number: [M.checkWritten(payee.check.number)] } });
        const used = db.select().from(raceChecks).where(and(eq(raceChecks.eventId, event.id), eq(raceChecks.number, number))).get();
        if (used) {
          const who = `${used.payeeName}${used.voidedAt ? ", voided" : ""}`;
          throw new HttpError(409, M.checkNumberTaken(number, who), { errors: { number: [M.checkNumberTaken(number, who)] } });
        }
        if (payee.totalCents <= 0) throw new HttpError(409, M.nothingOwed);
        db.insert(raceChecks).values({ eventId: event.id, payeeKey, payeeName: payee.payeeName, number, amountCents: payee.totalCents, writtenBy: viewer.id, writtenAt: now() }).run();
        // The ledger: a check written (reissued when this payee had one voided), as a record.
        writeRecord(db, viewer, { eventId: event.id, kind: payee.voided.length ? "CHECK_REISSUED" : "CHECK_WRITTEN", amountCents: payee.totalCents, reference: number, payeeKey, payeeName: payee.payeeName, userId: payeeKey.startsWith("u-") ? payeeKey.slice(2) : null });
        return { payee: payeeOf(db, event.id, payeeKey), created: true };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    // Two offices typing at once: the unique indexes decide, and the loser is told in words.
    if (isUniqueViolation(error)) {
      const used = db.select().from(raceChecks).where(and(eq(raceChecks.eventId, event.id), eq(raceChecks.number, number))).get();
      throw new HttpError(409, M.checkNumberTaken(number, used ? `${used.payeeName}${used.voidedAt ? ", voided" : ""}` : "another payee"), { errors: { number: [M.checkNumberTaken(number, used?.payeeName ?? "another payee")] } });
    }
    throw error;
  }
}

/** POST /api/events/{id}/checks/{payeeKey}/void: the written check voided with its reason, kept with its number. */
export function voidCheck(db: Db, viewer: Viewer, eventId: string, payeeKey: string, reason: string) {
  const event = requireRaceManager(db, viewer, eventId);
  if (!PAYEE_KEY.test(payeeKey)) throw new HttpError(404, M.payeeNotFound);
  return db.transaction(
    () => {
      const voided = db
        .update(raceChecks)
        .set({ voidedAt: now(), voidReason: reason, voidedBy: viewer.id })
        .where(and(eq(raceChecks.eventId, event.id), eq(raceChecks.payeeKey, payeeKey), isNull(raceChecks.voidedAt)))
        .returning()
        .get();
      if (!voided) throw new HttpError(404, M.noCheck);
      writeRecord(db, viewer, { eventId: event.id, kind: "CHECK_VOIDED", amountCents: -voided.amountCents, reference: voided.number, reason, payeeKey, payeeName: voided.payeeName, userId: payeeKey.startsWith("u-") ? payeeKey.slice(2) : null });
      return payeeOf(db, event.id, payeeKey);
    },
    { behavior: "immediate" },
  );
}

/**
 * POST /api/events/{id}/checks/{payeeKey}/cashed: the office learned the
 * payee's written check was cashed (from the bank statement), so it never
 * goes stale. Marking it again answers it as it is.
 */
export function cashCheck(db: Db, viewer: Viewer, eventId: string, payeeKey: string) {
  const event = requireRaceManager(db, viewer, eventId);
  if (!PAYEE_KEY.test(payeeKey)) throw new HttpError(404, M.payeeNotFound);
  return db.transaction(
    () => {
      const open = db.select().from(raceChecks).where(and(eq(raceChecks.eventId, event.id), eq(raceChecks.payeeKey, payeeKey), isNull(raceChecks.voidedAt))).get();
      if (!open) throw new HttpError(404, M.noCheck);
      if (!open.cashedAt) db.update(raceChecks).set({ cashedAt: now() }).where(eq(raceChecks.id, open.id)).run();
      return payeeOf(db, event.id, payeeKey);
    },
    { behavior: "immediate" },
  );
}
