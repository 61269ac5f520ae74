import { and, eq, inArray, ne } from "drizzle-orm";
import { events, raceClasses, raceEntries, raceResults, series, seriesEvents, seriesResults, seriesStandings, type RaceEntry, type Series } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { computeStandings, type StandingRow, type TeamRaceResult } from "./standings";

/*
 * Keeps a series' stored results and standings in step with published race
 * results. Every path (a class publishing, an event approved into or
 * removed from a series, a series' rules changing) ends in the same
 * recompute of one class's standings from its stored results, so an update
 * and a recompute from scratch cannot disagree. Synchronous: callers run it
 * inside their own transaction.
 */

/** Class names compare without case or extra spaces: "open  4D" counts for "Open 4D". */
export const normalizeClassName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** Rider and horse together. An account's entries follow its horse record; a walk-up is known by name. */
export function teamKeyOf(entry: Pick<RaceEntry, "userId" | "riderId" | "horseId" | "riderName" | "horseName">) {
  const horse = entry.horseId ?? `name:${normalizeClassName(entry.horseName)}`;
  if (entry.userId) return `u:${entry.userId}:${entry.riderId ?? ""}:${horse}`;
  return `n:${normalizeClassName(entry.riderName)}:${normalizeClassName(entry.horseName)}`;
}

/** The series' spelling of a class name it counts, or null. */
function countedName(row: Series, className: string) {
  const wanted = normalizeClassName(className);
  return row.classNames.find((name) => normalizeClassName(name) === wanted) ?? null;
}

export type PlaceChange = { seriesId: string; seriesName: string; className: string; division: number; userId: string; teamKey: string; before: number | null; after: number | null; riderName: string; horseName: string; points: number };

/** Recomputes one class's standings in one series from its stored results, and says whose place changed. */
export function recomputeStandings(db: Db, row: Series, className: string): PlaceChange[] {
  const stored = db
    .select()
    .from(seriesResults)
    .where(and(eq(seriesResults.seriesId, row.id), eq(seriesResults.className, className)))
    .all();
  const results: TeamRaceResult[] = stored.map((r) => ({
    raceId: r.classId,
    teamKey: r.teamKey,
    riderName: r.riderName,
    horseName: r.horseName,
    userId: r.userId,
    horseId: r.horseId,
    division: r.division,
    place: r.place,
    totalMs: r.totalMs,
    moneyCents: r.moneyCents,
  }));
  const table = computeStandings(
    { pointsTable: row.pointsTable, bestOf: row.bestOf, tieBreakers: row.tieBreakers, qualifyMinRaces: row.qualifyMinRaces, qualifyTop: row.qualifyTop },
    results,
  );
  const where = and(eq(seriesStandings.seriesId, row.id), eq(seriesStandings.className, className));
  const before = new Map(
    db
      .select({ division: seriesStandings.division, teamKey: seriesStandings.teamKey, place: seriesStandings.place, userId: seriesStandings.userId, riderName: seriesStandings.riderName, horseName: seriesStandings.horseName })
      .from(seriesStandings)
      .where(where)
      .all()
      .map((r) => [`${r.division}:${r.teamKey}`, r] as const),
  );
  db.delete(seriesStandings).where(where).run();
  for (let i = 0; i < table.length; i += 400) {
    db.insert(seriesStandings)
      .values(table.slice(i, i + 400).map((s) => ({ ...s, seriesId: row.id, className })))
      .run();
  }
  const changes: PlaceChange[] = [];
  const after = new Set(table.map((s) => `${s.division}:${s.teamKey}`));
  for (const s of table) {
    const old = before.get(`${s.division}:${s.teamKey}`)?.place ?? null;
    if (s.userId && old !== s.place) changes.push(change(row, className, s, old, s.place));
  }
  for (const [key, old] of before) {
    if (after.has(key) || !old.userId) continue;
    changes.push({ seriesId: row.id, seriesName: row.name, className, division: old.division, userId: old.userId, teamKey: old.teamKey, before: old.place, after: null, riderName: old.riderName, horseName: old.horseName, points: 0 });
  }
  return changes;
}

function change(row: Series, className: string, s: StandingRow, before: number | null, after: number | null): PlaceChange {
  return { seriesId: row.id, seriesName: row.name, className, division: s.division, userId: s.userId!, teamKey: s.teamKey, before, after, riderName: s.riderName, horseName: s.horseName, points: s.points };
}

/** The stored rows of one published class for one series (scratches ran no race and are left out). */
function storeClassResults(db: Db, row: Series, classId: string, eventId: string, className: string) {
  const rows = db
    .select({ result: raceResults, entry: raceEntries })
    .from(raceResults)
    .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
    .where(and(eq(raceResults.classId, classId), ne(raceResults.outcome, "SCRATCH")))
    .all();
  for (let i = 0; i < rows.length; i += 400) {
    db.insert(seriesResults)
      .values(
        rows.slice(i, i + 400).map(({ result, entry }) => ({
          seriesId: row.id,
          entryId: entry.id,
          classId,
          eventId,
          className,
          teamKey: teamKeyOf(entry),
          userId: entry.userId,
          horseId: entry.horseId,
          riderName: entry.riderName,
          horseName: entry.horseName,
          division: result.division,
          place: result.place,
          totalMs: result.totalMs,
          moneyCents: result.payoutCents,
        })),
      )
      .run();
  }
}

/** The approved series an event counts in whose season includes its date. */
function seriesCounting(db: Db, eventId: string, eventDate: string) {
  return db
    .select({ series })
    .from(seriesEvents)
    .innerJoin(series, eq(series.id, seriesEvents.seriesId))
    .where(and(eq(seriesEvents.eventId, eventId), eq(seriesEvents.status, "APPROVED")))
    .all()
    .map((r) => r.series)
    .filter((s) => eventDate >= s.startDate && eventDate <= s.endDate);
}

/**
 * After a class publishes (or re-publishes after a correction): its rows in
 * every series its event counts in are replaced, and those standings recomputed.
 */
export function syncClassIntoSeries(db: Db, classId: string): PlaceChange[] {
  const found = db
    .select({ cls: raceClasses, date: events.date })
    .from(raceClasses)
    .innerJoin(events, eq(events.id, raceClasses.eventId))
    .where(eq(raceClasses.id, classId))
    .get();
  if (!found) return [];
  const changes: PlaceChange[] = [];
  const touched = db
    .select({ seriesId: seriesResults.seriesId, className: seriesResults.className })
    .from(seriesResults)
    .where(eq(seriesResults.classId, classId))
    .groupBy(seriesResults.seriesId, seriesResults.className)
    .all();
  db.delete(seriesResults).where(eq(seriesResults.classId, classId)).run();
  const counting = seriesCounting(db, found.cls.eventId, found.date);
  const redo = new Map<string, { row: Series; className: string }>();
  for (const row of counting) {
    const className = countedName(row, found.cls.name);
    if (!className || !found.cls.resultsPublishedAt) continue;
    storeClassResults(db, row, classId, found.cls.eventId, className);
    redo.set(`${row.id}\u0000${className}`, { row, className });
  }
  for (const t of touched) {
    const key = `${t.seriesId}\u0000${t.className}`;
    if (redo.has(key)) continue;
    const row = db.select().from(series).where(eq(series.id, t.seriesId)).get();
    if (row) redo.set(key, { row, className: t.className });
  }
  for (const { row, className } of redo.values()) changes.push(...recomputeStandings(db, row, className));
  return changes;
}

/** An event approved into a series: its published classes that count are stored and their standings recomputed. */
export function syncEventIntoSeries(db: Db, seriesId: string, eventId: string): PlaceChange[] {
  const row = db.select().from(series).where(eq(series.id, seriesId)).get();
  const event = db.select({ date: events.date }).from(events).where(eq(events.id, eventId)).get();
  if (!row || !event) return [];
  db.delete(seriesResults).where(and(eq(seriesResults.seriesId, seriesId), eq(seriesResults.eventId, eventId))).run();
  const names = new Set<string>(row.classNames);
  if (event.date >= row.startDate && event.date <= row.endDate) {
    for (const cls of db.select().from(raceClasses).where(eq(raceClasses.eventId, eventId)).all()) {
      const className = countedName(row, cls.name);
      if (className && cls.resultsPublishedAt) storeClassResults(db, row, cls.id, eventId, className);
    }
  }
  return [...names].flatMap((className) => recomputeStandings(db, row, className));
}

/** An event refused or withdrawn: its results leave the series. */
export function removeEventFromSeries(db: Db, seriesId: string, eventId: string): PlaceChange[] {
  const row = db.select().from(series).where(eq(series.id, seriesId)).get();
  if (!row) return [];
  db.delete(seriesResults).where(and(eq(seriesResults.seriesId, seriesId), eq(seriesResults.eventId, eventId))).run();
  return row.classNames.flatMap((className) => recomputeStandings(db, row, className));
}

/** A series from scratch: every approved event's published results stored again, every class recomputed. */
export function recomputeSeries(db: Db, seriesId: string): PlaceChange[] {
  const row = db.select().from(series).where(eq(series.id, seriesId)).get();
  if (!row) return [];
  db.delete(seriesResults).where(eq(seriesResults.seriesId, seriesId)).run();
  db.delete(seriesStandings).where(eq(seriesStandings.seriesId, seriesId)).run();
  const approved = db
    .select({ eventId: seriesEvents.eventId, date: events.date })
    .from(seriesEvents)
    .innerJoin(events, eq(events.id, seriesEvents.eventId))
    .where(and(eq(seriesEvents.seriesId, seriesId), eq(seriesEvents.status, "APPROVED")))
    .all()
    .filter((e) => e.date >= row.startDate && e.date <= row.endDate);
  const eventIds = approved.map((e) => e.eventId);
  if (eventIds.length > 0) {
    for (const cls of db.select().from(raceClasses).where(inArray(raceClasses.eventId, eventIds)).all()) {
      const className = countedName(row, cls.name);
      if (className && cls.resultsPublishedAt) storeClassResults(db, row, cls.id, cls.eventId, className);
    }
  }
  return row.classNames.flatMap((className) => recomputeStandings(db, row, className));
}
