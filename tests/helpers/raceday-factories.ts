import type { Db } from "../../db/client";
import { eq } from "drizzle-orm";
import { moneyRecords, raceClasses, raceEntries, raceTimers, type PayoutRule } from "../../db/schema";

/**
 * Race-day records made directly (the race-day screens' own tests prove how
 * they are made): a class, its entries in drawn order, a named timer.
 */

/** Two places 60/40 up to 25 entries, four 40/30/20/10 above; the pot 40/30/20/10 between four divisions. */
export const TEST_PAYOUT: PayoutRule = {
  divisionPercents: [40, 30, 20, 10],
  table: [
    { maxEntries: 25, percents: [60, 40] },
    { maxEntries: 50, percents: [40, 30, 20, 10] },
  ],
};

export function createRaceClass(db: Db, eventId: string, overrides: Partial<typeof raceClasses.$inferInsert> = {}) {
  const divisions = overrides.divisions ?? 2;
  return db
    .insert(raceClasses)
    .values({
      eventId,
      name: "Open 2D",
      entryFeeCents: 5000,
      addedMoneyCents: 0,
      producerSharePercent: 0,
      divisions,
      splitMs: [500],
      payout: { ...TEST_PAYOUT, divisionPercents: divisions === 1 ? [100] : divisions === 2 ? [60, 40] : TEST_PAYOUT.divisionPercents.slice(0, divisions) },
      ...overrides,
    })
    .returning()
    .get();
}

let n = 0;

/** An entry of the class, drawn at the next position unless told; a walk-up (names only) unless `userId` is given. */
export function createRaceEntry(db: Db, cls: { id: string; eventId: string }, overrides: Partial<typeof raceEntries.$inferInsert> = {}) {
  n += 1;
  return db
    .insert(raceEntries)
    .values({
      eventId: cls.eventId,
      classId: cls.id,
      riderName: `Racer ${n}`,
      horseName: `Pony ${n}`,
      backNumber: 100 + n,
      drawPosition: n,
      dragsBefore: 0,
      ...overrides,
    })
    .returning()
    .get();
}

export function addRaceTimer(db: Db, eventId: string, userId: string) {
  db.insert(raceTimers).values({ eventId, userId }).run();
}

// --- The ledger (branch ledger) ---

/**
 * The ledger's fee records for the entries of an event made paid directly
 * (as the migration carried paid entries into the ledger): one record per
 * paid entry without one, at its class's fee, by the method marked.
 */
export function recordPaidEntries(db: Db, eventId: string) {
  const entries = db.select().from(raceEntries).where(eq(raceEntries.eventId, eventId)).all();
  for (const e of entries) {
    if (!e.paid || db.select().from(moneyRecords).where(eq(moneyRecords.entryId, e.id)).get()) continue;
    const cls = db.select().from(raceClasses).where(eq(raceClasses.id, e.classId)).get()!;
    db.insert(moneyRecords)
      .values({
        eventId,
        kind: e.paidMethod === "COMP" ? "COMP" : "FEE",
        amountCents: e.exhibition ? cls.exhibitionFeeCents : cls.entryFeeCents,
        method: e.paidMethod,
        reference: e.paidReference,
        entryId: e.id,
        classId: e.classId,
        userId: e.userId,
        payeeName: e.riderName,
        day: "2031-06-14",
        carried: true,
      })
      .run();
  }
}
