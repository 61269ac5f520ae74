import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { raceClasses, raceResults, seriesEvents, type RaceEntry } from "../../db/schema";
import { afterClassPublished } from "../../app/features/season/season.server";

/**
 * The season's records made directly. `publishResults` stands in for the
 * booth's publish (tests/api/raceday-results.test.ts proves that one): it
 * writes the class's race_results, marks the class published (its version
 * raised, as a re-publish after a correction does) and makes the same call
 * publishing makes, in one transaction.
 */
export type Placing = { entry: Pick<RaceEntry, "id">; division?: number | null; place?: number | null; totalMs?: number | null; moneyCents?: number; outcome?: "TIME" | "NT" | "SCRATCH" };

export function publishResults(db: Db, cls: { id: string; eventId: string }, placings: Placing[]) {
  return db.transaction(() => {
    db.delete(raceResults).where(eq(raceResults.classId, cls.id)).run();
    const at = new Date();
    for (const p of placings) {
      const outcome = p.outcome ?? (p.place ? "TIME" : "NT");
      db.insert(raceResults)
        .values({
          entryId: p.entry.id,
          classId: cls.id,
          eventId: cls.eventId,
          outcome,
          timeMs: outcome === "TIME" ? (p.totalMs ?? 16000) : null,
          totalMs: outcome === "TIME" ? (p.totalMs ?? 16000) : null,
          division: outcome === "TIME" ? (p.division ?? 1) : null,
          place: outcome === "TIME" ? (p.place ?? null) : null,
          payoutCents: p.moneyCents ?? 0,
          publishedAt: at,
        })
        .run();
    }
    db.update(raceClasses)
      .set({ resultsPublishedAt: at, resultsVersion: sql`${raceClasses.resultsVersion} + 1` })
      .where(eq(raceClasses.id, cls.id))
      .run();
    // Whether anyone is to be told: the alerts go by a job after the commit.
    return { notified: afterClassPublished(db, cls.id) };
  });
}

/** An event already approved into a series (what an admin's approval leaves behind, before any results). */
export function approveInto(db: Db, seriesId: string, eventId: string) {
  db.insert(seriesEvents).values({ seriesId, eventId, status: "APPROVED", reviewedAt: new Date() }).run();
}
