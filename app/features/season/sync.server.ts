import { and, eq, inArray } from "drizzle-orm";
import { events, raceClasses, series, seriesEvents, seriesResults, seriesStandings, type RaceEntry, type Series } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { statement } from "~/lib/prepared.server";
import { RAN_OUTCOMES_SQL } from "~/schemas/race-outcomes";
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

type StandingKeyRow = { division: number; team_key: string; place: number; points: number; races_counted: number; races_entered: number; wins: number; money_cents: number; fastest_ms: number | null; qualified: number; user_id: string | null; rider_name: string; horse_name: string };

const sameStanding = (a: StandingKeyRow, b: StandingRow) =>
  a.place === b.place && a.points === b.points && a.races_counted === b.racesCounted && a.races_entered === b.racesEntered && a.wins === b.wins && a.money_cents === b.moneyCents && a.fastest_ms === b.fastestMs && Boolean(a.qualified) === b.qualified && a.user_id === b.userId && a.rider_name === b.riderName && a.horse_name === b.horseName;

/**
 * Recomputes one class's standings in one series from its stored results,
 * and says whose place changed. Only rows that changed are written. The
 * statements are SQL prepared once: a season's class holds tens of
 * thousands of results, and building them through the query builder cost
 * more than running them (bench/season.ts).
 */
export function recomputeStandings(db: Db, row: Series, className: string): PlaceChange[] {
  const stored = statement(
    db,
    "SELECT class_id AS raceId, team_key AS teamKey, rider_name AS riderName, horse_name AS horseName, user_id AS userId, horse_id AS horseId, division, place, total_ms AS totalMs, money_cents AS moneyCents FROM series_results WHERE series_id = ? AND class_name = ?",
  ).all([row.id, className]) as TeamRaceResult[];
  const table = computeStandings(
    { pointsTable: row.pointsTable, bestOf: row.bestOf, tieBreakers: row.tieBreakers, qualifyMinRaces: row.qualifyMinRaces, qualifyTop: row.qualifyTop },
    stored,
  );
  const before = new Map(
    (statement(db, "SELECT division, team_key, place, points, races_counted, races_entered, wins, money_cents, fastest_ms, qualified, user_id, rider_name, horse_name FROM series_standings WHERE series_id = ? AND class_name = ?").all([row.id, className]) as StandingKeyRow[]).map(
      (r): [string, StandingKeyRow] => [`${r.division}:${r.team_key}`, r],
    ),
  );
  const upsert = statement(
    db,
    "INSERT OR REPLACE INTO series_standings (series_id, class_name, division, team_key, user_id, horse_id, rider_name, horse_name, place, points, races_counted, races_entered, wins, money_cents, fastest_ms, qualified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const remove = statement(db, "DELETE FROM series_standings WHERE series_id = ? AND class_name = ? AND division = ? AND team_key = ?");
  const changes: PlaceChange[] = [];
  const after = new Set<string>();
  for (const s of table) {
    const key = `${s.division}:${s.teamKey}`;
    after.add(key);
    const old = before.get(key);
    if (old && sameStanding(old, s)) continue;
    upsert.run([row.id, className, s.division, s.teamKey, s.userId, s.horseId, s.riderName, s.horseName, s.place, s.points, s.racesCounted, s.racesEntered, s.wins, s.moneyCents, s.fastestMs, s.qualified ? 1 : 0]);
    if (s.userId && (old?.place ?? null) !== s.place) changes.push(change(row, className, s, old?.place ?? null, s.place));
  }
  for (const [key, old] of before) {
    if (after.has(key)) continue;
    remove.run([row.id, className, old.division, old.team_key]);
    if (old.user_id) changes.push({ seriesId: row.id, seriesName: row.name, className, division: old.division, userId: old.user_id, teamKey: old.team_key, before: old.place, after: null, riderName: old.rider_name, horseName: old.horse_name, points: 0 });
  }
  return changes;
}

function change(row: Series, className: string, s: StandingRow, before: number | null, after: number | null): PlaceChange {
  return { seriesId: row.id, seriesName: row.name, className, division: s.division, userId: s.userId!, teamKey: s.teamKey, before, after, riderName: s.riderName, horseName: s.horseName, points: s.points };
}

/** The stored rows of one published class for one series (scratches ran no race and are left out). */
function storeClassResults(db: Db, row: Series, classId: string, eventId: string, className: string) {
  const rows = statement(
    db,
    `SELECT e.id, e.user_id AS userId, e.rider_id AS riderId, e.horse_id AS horseId, e.rider_name AS riderName, e.horse_name AS horseName, r.division, r.place, r.total_ms AS totalMs, r.payout_cents AS payoutCents FROM race_results r JOIN race_entries e ON e.id = r.entry_id WHERE r.class_id = ? AND r.outcome IN ${RAN_OUTCOMES_SQL}`,
  ).all([classId]) as (Pick<RaceEntry, "id" | "userId" | "riderId" | "horseId" | "riderName" | "horseName"> & { division: number | null; place: number | null; totalMs: number | null; payoutCents: number })[];
  const insert = statement(
    db,
    "INSERT INTO series_results (series_id, entry_id, class_id, event_id, class_name, team_key, user_id, horse_id, rider_name, horse_name, division, place, total_ms, money_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (const r of rows) {
    insert.run([row.id, r.id, classId, eventId, className, teamKeyOf(r), r.userId, r.horseId, r.riderName, r.horseName, r.division, r.place, r.totalMs, r.payoutCents]);
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
