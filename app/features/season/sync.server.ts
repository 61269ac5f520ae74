import type { RaceEntry, Series, TallyRace } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { statement } from "~/lib/prepared.server";
import { RAN_OUTCOMES_SQL } from "~/schemas/race-outcomes";
import { memberSpans } from "~/features/members/standing.server";
import { holderKeyOf, isMemberOn, type MemberSpan } from "~/features/members/rules";
import { countingResults, rankLines, seasonRules, tallyRace, teamLines, type StandingRow, type TeamLine, type TeamRaceResult, type TeamTally } from "./standings";

/*
 * Keeps a series' standings in step with published race results, from
 * race_results directly and running totals per team (docs/season.md,
 * "Speed"):
 *
 * - series_tallies holds each team's counted results in a class of the
 *   series; series_classes which teams each counted class put there.
 * - A publish (or a correction's re-publish) of one class replaces that
 *   class's results in the tallies of its own teams only, and re-ranks the
 *   class from the stored standings with those teams' new lines: it reads
 *   and writes a few hundred rows, never the season.
 * - A recompute from scratch reads the series' published results in one
 *   query and writes every tally and standing again. Both end in the same
 *   pure arithmetic (./standings.ts), so they cannot disagree; a property
 *   test holds them to it (tests/api/season-property.test.ts).
 *
 * Synchronous: callers run it inside their own transaction.
 */

/** Class names compare without case or extra spaces: "open  4D" counts for "Open 4D". */
export const normalizeClassName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** Names repeat across a season's results (a recompute reads tens of thousands): normalized once each. */
const normalized = new Map<string, string>();
function normalizeName(name: string) {
  let found = normalized.get(name);
  if (found === undefined) {
    if (normalized.size > 50_000) normalized.clear();
    normalized.set(name, (found = normalizeClassName(name)));
  }
  return found;
}

/** Rider and horse together. An account's entries follow its horse record; a walk-up is known by name. */
export function teamKeyOf(entry: Pick<RaceEntry, "userId" | "riderId" | "horseId" | "riderName" | "horseName">) {
  const horse = entry.horseId ?? `name:${normalizeName(entry.horseName)}`;
  if (entry.userId) return `u:${entry.userId}:${entry.riderId ?? ""}:${horse}`;
  return `n:${normalizeName(entry.riderName)}:${normalizeName(entry.horseName)}`;
}

/** The series' spelling of a class name it counts, or null. */
export function countedName(row: Series, className: string) {
  const wanted = normalizeClassName(className);
  return row.classNames.find((name) => normalizeClassName(name) === wanted) ?? null;
}

export type PlaceChange = { seriesId: string; seriesName: string; className: string; division: number; userId: string; teamKey: string; before: number | null; after: number | null; riderName: string; horseName: string; points: number };

type StoredStanding = { division: number; team_key: string; place: number; points: number; races_counted: number; races_entered: number; wins: number; money_cents: number; fastest_ms: number | null; qualified: number; user_id: string | null; horse_id: string | null; rider_name: string; horse_name: string };

const sameStanding = (a: StoredStanding, b: StandingRow) =>
  a.place === b.place && a.points === b.points && a.races_counted === b.racesCounted && a.races_entered === b.racesEntered && a.wins === b.wins && a.money_cents === b.moneyCents && a.fastest_ms === b.fastestMs && Boolean(a.qualified) === b.qualified && a.user_id === b.userId && a.rider_name === b.riderName && a.horse_name === b.horseName;

const lineOf = (s: StoredStanding): TeamLine => ({ division: s.division, teamKey: s.team_key, riderName: s.rider_name, horseName: s.horse_name, userId: s.user_id, horseId: s.horse_id, points: s.points, racesCounted: s.races_counted, racesEntered: s.races_entered, wins: s.wins, moneyCents: s.money_cents, fastestMs: s.fastest_ms });

function readStandings(db: Db, seriesId: string, className: string) {
  return statement(
    db,
    "SELECT division, team_key, place, points, races_counted, races_entered, wins, money_cents, fastest_ms, qualified, user_id, horse_id, rider_name, horse_name FROM series_standings WHERE series_id = ? AND class_name = ?",
  ).all([seriesId, className]) as StoredStanding[];
}

/**
 * Writes a class's new table over its stored one: only rows that changed,
 * and says whose place changed.
 */
function writeStandings(db: Db, row: Series, className: string, stored: StoredStanding[], table: StandingRow[]): PlaceChange[] {
  const before = new Map(stored.map((r): [string, StoredStanding] => [`${r.division}:${r.team_key}`, r]));
  // A row that stays is updated in place (cheaper than a replace, which rewrites every index), and
  // only its numbers when its rider and horse are the same: SQLite then leaves the user index alone.
  const updateNumbers = statement(
    db,
    "UPDATE series_standings SET place = ?, points = ?, races_counted = ?, races_entered = ?, wins = ?, money_cents = ?, fastest_ms = ?, qualified = ? WHERE series_id = ? AND class_name = ? AND division = ? AND team_key = ?",
  );
  const update = statement(
    db,
    "UPDATE series_standings SET user_id = ?, horse_id = ?, rider_name = ?, horse_name = ?, place = ?, points = ?, races_counted = ?, races_entered = ?, wins = ?, money_cents = ?, fastest_ms = ?, qualified = ? WHERE series_id = ? AND class_name = ? AND division = ? AND team_key = ?",
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
    if (old && old.user_id === s.userId && old.horse_id === s.horseId && old.rider_name === s.riderName && old.horse_name === s.horseName) {
      updateNumbers.run([s.place, s.points, s.racesCounted, s.racesEntered, s.wins, s.moneyCents, s.fastestMs, s.qualified ? 1 : 0, row.id, className, s.division, s.teamKey]);
    } else if (old) update.run([s.userId, s.horseId, s.riderName, s.horseName, s.place, s.points, s.racesCounted, s.racesEntered, s.wins, s.moneyCents, s.fastestMs, s.qualified ? 1 : 0, row.id, className, s.division, s.teamKey]);
    else upsert.run([row.id, className, s.division, s.teamKey, s.userId, s.horseId, s.riderName, s.horseName, s.place, s.points, s.racesCounted, s.racesEntered, s.wins, s.moneyCents, s.fastestMs, s.qualified ? 1 : 0]);
    if (s.userId && (old?.place ?? null) !== s.place) {
      changes.push({ seriesId: row.id, seriesName: row.name, className, division: s.division, userId: s.userId, teamKey: s.teamKey, before: old?.place ?? null, after: s.place, riderName: s.riderName, horseName: s.horseName, points: s.points });
    }
  }
  for (const [key, old] of before) {
    if (after.has(key)) continue;
    remove.run([row.id, className, old.division, old.team_key]);
    if (old.user_id) changes.push({ seriesId: row.id, seriesName: row.name, className, division: old.division, userId: old.user_id, teamKey: old.team_key, before: old.place, after: null, riderName: old.rider_name, horseName: old.horse_name, points: 0 });
  }
  return changes;
}

type ClassResultRow = { userId: string | null; riderId: number | null; horseId: string | null; riderName: string; horseName: string; division: number | null; place: number | null; totalMs: number | null; payoutCents: number };
type Counted = TeamRaceResult & { riderId: number | null; member: boolean };

/** One race's published results as the series counts them (scratches ran nothing and are left out). */
function countRace(row: Series, classId: string, day: string, results: readonly ClassResultRow[], spans: Map<string, MemberSpan[]>): Counted[] {
  const race = results.map(
    (r): Counted => ({
      raceId: classId,
      teamKey: teamKeyOf(r),
      riderName: r.riderName,
      horseName: r.horseName,
      userId: r.userId,
      riderId: r.riderId,
      horseId: r.horseId,
      division: r.division,
      place: r.place,
      totalMs: r.totalMs,
      moneyCents: r.payoutCents,
      member: r.userId !== null && isMemberOn(spans.get(holderKeyOf(r.userId, r.riderId)), day, row.pointsFrom),
    }),
  );
  return countingResults({ membersOnly: row.membersOnly, pointsBy: row.pointsBy }, race);
}

const RESULT_COLUMNS =
  "e.user_id AS userId, e.rider_id AS riderId, e.horse_id AS horseId, e.rider_name AS riderName, e.horse_name AS horseName, r.division, r.place, r.total_ms AS totalMs, r.payout_cents AS payoutCents";

/**
 * A published class's results with their riders and horses (scratches ran nothing and are left out).
 * Go 1's ("1", a one-go class's only round): a show of more than one go counts its first go in the season.
 */
const classResults = (db: Db, classId: string) =>
  statement(db, `SELECT ${RESULT_COLUMNS} FROM race_results r JOIN race_entries e ON e.id = r.entry_id WHERE r.class_id = ? AND r.round = '1' AND r.outcome IN ${RAN_OUTCOMES_SQL}`).all([classId]) as ClassResultRow[];

type TallyRow = { team_key: string; user_id: string | null; rider_id: number | null; horse_id: string | null; races: string };

/** Where one class counts in one series now: its series class name, or null when it does not count. */
type ClassInfo = { id: string; name: string; eventId: string; date: string; published: boolean };

function classInfo(db: Db, classId: string): ClassInfo | null {
  const found = statement(db, "SELECT c.id, c.name, c.event_id AS eventId, e.date, c.results_published_at IS NOT NULL AS published FROM race_classes c JOIN events e ON e.id = c.event_id WHERE c.id = ?").get([classId]) as
    | (Omit<ClassInfo, "published"> & { published: number })
    | undefined;
  return found ? { ...found, published: Boolean(found.published) } : null;
}

/**
 * The series name a class counts under: its own name when the series counts
 * it, else the name it counted under before (`prior`, from series_classes,
 * kept by class id) while the series still counts that name. A published
 * class renamed (a typo fixed) keeps its points; renamed to another counted
 * name, it moves there.
 */
function seriesNameOf(row: Series, className: string, prior: string | null | undefined) {
  return countedName(row, className) ?? (prior && row.classNames.includes(prior) ? prior : null);
}

function countsIn(db: Db, row: Series, cls: ClassInfo | null, prior: string | undefined): string | null {
  if (!cls || !cls.published || cls.date < row.startDate || cls.date > row.endDate) return null;
  const approved = statement(db, "SELECT 1 FROM series_events WHERE series_id = ? AND event_id = ? AND status = 'APPROVED'").get([row.id, cls.eventId]);
  return approved ? seriesNameOf(row, cls.name, prior) : null;
}

/**
 * One class brought up to date in one series: its results taken out of the
 * tallies of the teams it counted for before, the new ones put into its
 * teams' tallies, and the class name's standings re-ranked with those
 * teams' new lines. Every other team's line is read back as stored.
 */
function syncOne(db: Db, row: Series, classId: string, cls: ClassInfo | null): PlaceChange[] {
  const prior = statement(db, "SELECT class_name AS className, team_keys AS teamKeys FROM series_classes WHERE series_id = ? AND class_id = ?").get([row.id, classId]) as
    | { className: string; teamKeys: string }
    | undefined;
  statement(db, "DELETE FROM series_stale WHERE series_id = ? AND class_id = ?").run([row.id, classId]);
  const className = countsIn(db, row, cls, prior?.className);
  let counted: Counted[] = [];
  if (className && cls) {
    const results = classResults(db, classId);
    const spans = row.membersOnly ? memberSpans(db, [...new Set(results.flatMap((r) => (r.userId ? [r.userId] : [])))]) : new Map<string, MemberSpan[]>();
    counted = countRace(row, classId, cls.date, results, spans);
  }
  const changes: PlaceChange[] = [];
  // A class whose name stopped counting (or counts under another spelling) leaves its old name's tallies.
  if (prior && prior.className !== className) changes.push(...retally(db, row, prior.className, classId, JSON.parse(prior.teamKeys) as string[], []));
  if (className) {
    const before = prior && prior.className === className ? (JSON.parse(prior.teamKeys) as string[]) : [];
    changes.push(...retally(db, row, className, classId, before, counted));
    statement(db, "INSERT OR REPLACE INTO series_classes (series_id, class_id, class_name, team_keys) VALUES (?, ?, ?, ?)").run([row.id, classId, className, JSON.stringify([...new Set(counted.map((c) => c.teamKey))])]);
  } else if (prior) {
    statement(db, "DELETE FROM series_classes WHERE series_id = ? AND class_id = ?").run([row.id, classId]);
  }
  return changes;
}

/** Replaces one class's results in its teams' tallies and re-ranks the class name's standings. */
function retally(db: Db, row: Series, className: string, classId: string, priorKeys: readonly string[], counted: readonly Counted[]): PlaceChange[] {
  const rules = seasonRules(row);
  const fresh = new Map<string, { sample: Counted; races: TallyRace[] }>();
  for (const c of counted) {
    const kept = fresh.get(c.teamKey);
    if (kept) kept.races.push(tallyRace(c));
    else fresh.set(c.teamKey, { sample: c, races: [tallyRace(c)] });
  }
  const keys = [...new Set([...priorKeys, ...fresh.keys()])];
  if (keys.length === 0) return [];
  const stored = statement(db, "SELECT team_key, user_id, rider_id, horse_id, races FROM series_tallies WHERE series_id = ? AND class_name = ? AND team_key IN (SELECT value FROM json_each(?))").all([row.id, className, JSON.stringify(keys)]) as TallyRow[];
  const byKey = new Map(stored.map((t) => [t.team_key, t]));
  const upsert = statement(db, "INSERT OR REPLACE INTO series_tallies (series_id, class_name, team_key, user_id, rider_id, horse_id, races) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const remove = statement(db, "DELETE FROM series_tallies WHERE series_id = ? AND class_name = ? AND team_key = ?");
  const touched = new Set(keys);
  const lines: TeamLine[] = [];
  for (const key of keys) {
    const old = byKey.get(key);
    const added = fresh.get(key);
    const races = [...(old ? (JSON.parse(old.races) as TallyRace[]).filter((r) => r[0] !== classId) : []), ...(added?.races ?? [])];
    if (races.length === 0) {
      if (old) remove.run([row.id, className, key]);
      continue;
    }
    const userId = added ? added.sample.userId : old!.user_id;
    const riderId = added ? added.sample.riderId : old!.rider_id;
    const horseId = added ? added.sample.horseId : old!.horse_id;
    upsert.run([row.id, className, key, userId, riderId, horseId, JSON.stringify(races)]);
    lines.push(...teamLines(rules, { teamKey: key, userId, horseId, races }));
  }
  const standing = readStandings(db, row.id, className);
  for (const s of standing) if (!touched.has(s.team_key)) lines.push(lineOf(s));
  return writeStandings(db, row, className, standing, rankLines(rules, lines));
}

function seriesRow(db: Db, seriesId: string): Series | undefined {
  const found = statement(db, "SELECT id FROM series WHERE id = ?").get([seriesId]);
  if (!found) return undefined;
  return readSeries(db, seriesId);
}

const SERIES_COLUMNS =
  "id, name, start_date AS startDate, end_date AS endDate, class_names AS classNames, points_table AS pointsTable, best_of AS bestOf, tie_breakers AS tieBreakers, qualify_min_races AS qualifyMinRaces, qualify_top AS qualifyTop, members_only AS membersOnly, points_from AS pointsFrom, points_by AS pointsBy, created_by AS createdBy, created_at AS createdAt";
type RawSeries = Omit<Series, "classNames" | "pointsTable" | "tieBreakers" | "membersOnly" | "createdAt"> & { classNames: string; pointsTable: string; tieBreakers: string; membersOnly: number; createdAt: number };
const fromRaw = (raw: RawSeries): Series => ({
  ...raw,
  classNames: JSON.parse(raw.classNames) as Series["classNames"],
  pointsTable: JSON.parse(raw.pointsTable) as Series["pointsTable"],
  tieBreakers: JSON.parse(raw.tieBreakers) as Series["tieBreakers"],
  membersOnly: Boolean(raw.membersOnly),
  createdAt: new Date(raw.createdAt),
});

function readSeries(db: Db, seriesId: string): Series | undefined {
  const raw = statement(db, `SELECT ${SERIES_COLUMNS} FROM series WHERE id = ?`).get([seriesId]) as RawSeries | undefined;
  return raw ? fromRaw(raw) : undefined;
}

/**
 * After a class publishes (or re-publishes after a correction), or its
 * results went: the class brought up to date in every series it counts or
 * counted in.
 */
export function syncClassIntoSeries(db: Db, classId: string): PlaceChange[] {
  const cls = classInfo(db, classId);
  const ids = new Set<string>((statement(db, "SELECT series_id AS id FROM series_classes WHERE class_id = ?").all([classId]) as { id: string }[]).map((r) => r.id));
  if (cls) {
    for (const r of statement(db, "SELECT series_id AS id FROM series_events WHERE event_id = ? AND status = 'APPROVED'").all([cls.eventId]) as { id: string }[]) ids.add(r.id);
  }
  const changes: PlaceChange[] = [];
  for (const id of ids) {
    const row = seriesRow(db, id);
    if (row) changes.push(...syncOne(db, row, classId, cls));
  }
  return changes;
}

/** Classes whose results changed outside a publish (series_stale, written by a trigger) brought up to date. */
export function syncStale(db: Db): PlaceChange[] {
  const stale = statement(db, "SELECT series_id AS seriesId, class_id AS classId FROM series_stale").all([]) as { seriesId: string; classId: string }[];
  const changes: PlaceChange[] = [];
  for (const s of stale) {
    const row = seriesRow(db, s.seriesId);
    if (row) changes.push(...syncOne(db, row, s.classId, classInfo(db, s.classId)));
    else statement(db, "DELETE FROM series_stale WHERE series_id = ? AND class_id = ?").run([s.seriesId, s.classId]);
  }
  return changes;
}

/** Whether any class waits to be brought up to date (one indexed read: the standings' readers ask it). */
export const hasStale = (db: Db) => statement(db, "SELECT 1 FROM series_stale LIMIT 1").get([]) !== undefined;

/** Every class of the event, in one series: after the event is approved into or taken out of it. */
export function syncEventIntoSeries(db: Db, seriesId: string, eventId: string): PlaceChange[] {
  const row = seriesRow(db, seriesId);
  if (!row) return [];
  const classIds = new Set<string>([
    ...(statement(db, "SELECT id FROM race_classes WHERE event_id = ?").all([eventId]) as { id: string }[]).map((r) => r.id),
  ]);
  return [...classIds].flatMap((classId) => syncOne(db, row, classId, classInfo(db, classId)));
}

export const removeEventFromSeries = syncEventIntoSeries;

/** The classes the riders of these accounts counted in (members-only series): after their membership changed. */
export function syncRidersOf(db: Db, userIds: readonly string[]): PlaceChange[] {
  if (userIds.length === 0) return [];
  const pairs = statement(
    db,
    "SELECT DISTINCT t.series_id AS seriesId, json_extract(j.value, '$[0]') AS classId FROM series_tallies t JOIN series s ON s.id = t.series_id, json_each(t.races) j WHERE s.members_only = 1 AND t.user_id IN (SELECT value FROM json_each(?))",
  ).all([JSON.stringify(userIds)]) as { seriesId: string; classId: string }[];
  // A rider who earned nothing yet (a non-member) has no tally: their published classes in members-only series count too.
  const raced = statement(
    db,
    "SELECT DISTINCT se.series_id AS seriesId, r.class_id AS classId FROM race_entries e JOIN race_results r ON r.entry_id = e.id JOIN series_events se ON se.event_id = r.event_id AND se.status = 'APPROVED' JOIN series s ON s.id = se.series_id AND s.members_only = 1 WHERE e.user_id IN (SELECT value FROM json_each(?))",
  ).all([JSON.stringify(userIds)]) as { seriesId: string; classId: string }[];
  const seen = new Set<string>();
  const changes: PlaceChange[] = [];
  for (const p of [...pairs, ...raced]) {
    const key = `${p.seriesId}\u0000${p.classId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const row = seriesRow(db, p.seriesId);
    if (row) changes.push(...syncOne(db, row, p.classId, classInfo(db, p.classId)));
  }
  return changes;
}

/**
 * A series from scratch: every approved event's published results read in
 * one query, every tally and standing written again (standings diffed
 * against the stored ones, so riders whose place did not move hear nothing).
 */
export function recomputeSeries(db: Db, seriesId: string): PlaceChange[] {
  const row = seriesRow(db, seriesId);
  if (!row) return [];
  const rules = seasonRules(row);
  // The counting classes first (a few dozen rows), then each one's results through the publish's own query.
  const classes = statement(
    db,
    "SELECT c.id, c.name, ev.date AS day FROM series_events se JOIN events ev ON ev.id = se.event_id JOIN race_classes c ON c.event_id = se.event_id AND c.results_published_at IS NOT NULL WHERE se.series_id = ? AND se.status = 'APPROVED' AND ev.date >= ? AND ev.date <= ?",
  ).all([row.id, row.startDate, row.endDate]) as { id: string; name: string; day: string }[];
  const spans = row.membersOnly ? memberSpans(db, null) : new Map<string, MemberSpan[]>();
  // The names classes counted under before, kept by class id: a renamed class keeps its series name.
  const priorNames = new Map((statement(db, "SELECT class_id AS classId, class_name AS className FROM series_classes WHERE series_id = ?").all([row.id]) as { classId: string; className: string }[]).map((c) => [c.classId, c.className]));
  const byClass = new Map<string, { name: string; day: string; rows: ClassResultRow[] }>();
  for (const c of classes) {
    const name = seriesNameOf(row, c.name, priorNames.get(c.id));
    if (name) byClass.set(c.id, { name, day: c.day, rows: classResults(db, c.id) });
  }
  const tallies = new Map<string, Map<string, TeamTally & { riderId: number | null }>>();
  const classTeams: { classId: string; name: string; keys: string[] }[] = [];
  for (const [classId, cls] of byClass) {
    let byTeam = tallies.get(cls.name);
    if (!byTeam) tallies.set(cls.name, (byTeam = new Map()));
    const keys = new Set<string>();
    for (const c of countRace(row, classId, cls.day, cls.rows, spans)) {
      keys.add(c.teamKey);
      const tally = byTeam.get(c.teamKey);
      if (tally) tally.races.push(tallyRace(c));
      else byTeam.set(c.teamKey, { teamKey: c.teamKey, userId: c.userId, riderId: c.riderId, horseId: c.horseId, races: [tallyRace(c)] });
    }
    classTeams.push({ classId, name: cls.name, keys: [...keys] });
  }
  // Tallies that come out the same are left as they are: reading them back costs less than writing them.
  const storedTallies = new Map(
    (statement(db, "SELECT class_name AS className, team_key AS teamKey, races FROM series_tallies WHERE series_id = ?").all([row.id]) as { className: string; teamKey: string; races: string }[]).map((t) => [`${t.className}\u0000${t.teamKey}`, t.races]),
  );
  statement(db, "DELETE FROM series_classes WHERE series_id = ?").run([row.id]);
  statement(db, "DELETE FROM series_stale WHERE series_id = ?").run([row.id]);
  const insertTally = statement(db, "INSERT OR REPLACE INTO series_tallies (series_id, class_name, team_key, user_id, rider_id, horse_id, races) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const removeTally = statement(db, "DELETE FROM series_tallies WHERE series_id = ? AND class_name = ? AND team_key = ?");
  const insertClass = statement(db, "INSERT INTO series_classes (series_id, class_id, class_name, team_keys) VALUES (?, ?, ?, ?)");
  for (const c of classTeams) insertClass.run([row.id, c.classId, c.name, JSON.stringify(c.keys)]);
  const changes: PlaceChange[] = [];
  const names = new Set<string>([...row.classNames, ...(statement(db, "SELECT DISTINCT class_name AS name FROM series_standings WHERE series_id = ?").all([row.id]) as { name: string }[]).map((r) => r.name)]);
  for (const className of names) {
    const lines: TeamLine[] = [];
    for (const tally of tallies.get(className)?.values() ?? []) {
      const key = `${className}\u0000${tally.teamKey}`;
      const races = JSON.stringify(tally.races);
      if (storedTallies.get(key) !== races) insertTally.run([row.id, className, tally.teamKey, tally.userId, tally.riderId, tally.horseId, races]);
      storedTallies.delete(key);
      lines.push(...teamLines(rules, tally));
    }
    changes.push(...writeStandings(db, row, className, readStandings(db, row.id, className), rankLines(rules, lines)));
  }
  for (const key of storedTallies.keys()) {
    const [className, teamKey] = key.split("\u0000") as [string, string];
    removeTally.run([row.id, className, teamKey]);
  }
  return changes;
}
