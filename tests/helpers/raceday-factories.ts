import type { Db } from "../../db/client";
import { raceClasses, raceEntries, raceTimers, type PayoutRule } from "../../db/schema";

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
