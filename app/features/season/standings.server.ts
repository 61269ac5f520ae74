import { toCsv } from "~/lib/csv";
import { and, asc, eq } from "drizzle-orm";
import { seriesStandings, users, type Series, type SeriesStanding, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { statement } from "~/lib/prepared.server";
import { profileViewFor } from "~/features/social/policies.server";
import { isFollowing } from "~/features/social/social.server";
import { getSeries, listSeries, seasonRules } from "./series.server";
import { refreshStandings } from "./season.server";
import { roadToFinals, type Road } from "./standings";
import { normalizeClassName } from "./sync.server";

/*
 * Reading the standings: public, like results. A rider is named as in the
 * results they entered (a Private rider too), and nothing else about them
 * shows; the road to the finals of one rider is theirs to see, and others
 * see it where they may see the rider's profile.
 */

export type StandingsView = {
  series: Series;
  className: string;
  divisions: number[];
  division: number;
  rows: SeriesStanding[];
};

/** One class and division of a series (the first of each when not given). */
export function standingsOf(db: Db, seriesId: string, className?: string | null, division?: number | null): StandingsView {
  const row = getSeries(db, seriesId);
  refreshStandings(db);
  const name = className ? row.classNames.find((n) => normalizeClassName(n) === normalizeClassName(className)) : row.classNames[0];
  if (!name) throw new HttpError(404, `This series does not count a class named "${className}"`);
  const divisions = db
    .selectDistinct({ division: seriesStandings.division })
    .from(seriesStandings)
    .where(and(eq(seriesStandings.seriesId, seriesId), eq(seriesStandings.className, name)))
    .orderBy(asc(seriesStandings.division))
    .all()
    .map((d) => d.division);
  if (division != null && !divisions.includes(division)) {
    // A division the counted races do not have is not an empty table: say so (one with no points yet is).
    const raced = (statement(db, "SELECT max(c.divisions) AS n FROM series_classes sc JOIN race_classes c ON c.id = sc.class_id WHERE sc.series_id = ? AND sc.class_name = ?").get([seriesId, name]) as { n: number | null }).n;
    const most = Math.max(raced ?? 0, ...divisions);
    if (most > 0 && division > most) throw new HttpError(404, `No ${division}D in ${name}: its races have ${most === 1 ? "one division" : `${most} divisions`}`);
  }
  const chosen = division ?? divisions[0] ?? 1;
  const rows = db
    .select({ standing: seriesStandings, privacyMode: users.privacyMode, isActive: users.isActive })
    .from(seriesStandings)
    .leftJoin(users, eq(users.id, seriesStandings.userId))
    .where(and(eq(seriesStandings.seriesId, seriesId), eq(seriesStandings.className, name), eq(seriesStandings.division, chosen)))
    .orderBy(asc(seriesStandings.place), asc(seriesStandings.riderName), asc(seriesStandings.horseName))
    .all()
    // A Private (SOLO) or banned rider is a name as entered: no account, no link to a profile.
    .map(({ standing, privacyMode, isActive }) => ({ ...standing, userId: privacyMode === "PUBLIC" || privacyMode === "INVITE_ONLY" ? (isActive ? standing.userId : null) : null }));
  return { series: row, className: name, divisions, division: chosen, rows };
}

/** The fields a standing shows: names as entered, never an email or an account's other details. */
export function presentStanding(row: SeriesStanding) {
  return {
    place: row.place,
    riderName: row.riderName,
    horseName: row.horseName,
    userId: row.userId,
    points: row.points,
    racesCounted: row.racesCounted,
    racesEntered: row.racesEntered,
    wins: row.wins,
    moneyCents: row.moneyCents,
    fastestMs: row.fastestMs,
    qualified: row.qualified,
  };
}

export function standingsCsv(view: StandingsView) {
  const head = ["Place", "Rider", "Horse", "Points", "Races counted", "Races entered", "Wins", "Money won", "Qualified"];
  return toCsv([head, ...view.rows.map((r) => [r.place, r.riderName, r.horseName, r.points, r.racesCounted, r.racesEntered, r.wins, (r.moneyCents / 100).toFixed(2), r.qualified ? "yes" : "no"])]);
}

export type RoadEntry = Road & { seriesId: string; seriesName: string; className: string; riderName: string; horseName: string; horseId: string | null; qualifyTop: number; qualifyMinRaces: number };

/**
 * A rider's road to the finals: per series, class and division they stand
 * in, their place, points, races still needed and the points to the cut line.
 */
export function qualificationOf(db: Db, viewer: Pick<User, "id" | "isAdmin"> | null, userId: string): RoadEntry[] {
  const target = db.select({ id: users.id, isActive: users.isActive, privacyMode: users.privacyMode }).from(users).where(eq(users.id, userId)).get();
  if (!target) throw new HttpError(404, "Rider not found");
  refreshStandings(db);
  const isSelf = viewer?.id === userId;
  if (!isSelf && !viewer?.isAdmin) {
    const view = profileViewFor(viewer, target, viewer ? isFollowing(db, viewer.id, userId) : false);
    if (view !== "full") throw new HttpError(404, "Rider not found");
  }
  const mine = db.select().from(seriesStandings).where(eq(seriesStandings.userId, userId)).all();
  const roads: RoadEntry[] = [];
  const bySeries = new Map<string, Series>(listSeries(db).map((s) => [s.id, s]));
  const seen = new Set<string>();
  for (const row of mine) {
    const key = `${row.seriesId}\u0000${row.className}\u0000${row.teamKey}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const s = bySeries.get(row.seriesId);
    if (!s) continue;
    const table = db
      .select()
      .from(seriesStandings)
      .where(and(eq(seriesStandings.seriesId, row.seriesId), eq(seriesStandings.className, row.className)))
      .orderBy(asc(seriesStandings.division), asc(seriesStandings.place), asc(seriesStandings.riderName), asc(seriesStandings.horseName))
      .all();
    for (const road of roadToFinals(seasonRules(s), table, row.teamKey)) {
      roads.push({ ...road, seriesId: s.id, seriesName: s.name, className: row.className, riderName: row.riderName, horseName: row.horseName, horseId: row.horseId, qualifyTop: s.qualifyTop, qualifyMinRaces: s.qualifyMinRaces });
    }
  }
  return roads.sort((a, b) => a.seriesName.localeCompare(b.seriesName) || a.className.localeCompare(b.className) || a.horseName.localeCompare(b.horseName) || a.division - b.division);
}

/** "4th in the 2D, 38 points; 2 more races to qualify; 6 points above 15th". */
export function describeRoad(road: RoadEntry, ordinal: (n: number) => string) {
  const parts = [`${ordinal(road.place)} in the ${road.division}D, ${road.points} ${road.points === 1 ? "point" : "points"}`];
  if (road.racesNeeded > 0) parts.push(`${road.racesNeeded} more ${road.racesNeeded === 1 ? "race" : "races"} to qualify`);
  if (road.pointsFromCut !== null) {
    const cut = ordinal(road.qualifyTop);
    if (road.pointsFromCut > 0) parts.push(`${road.pointsFromCut} ${road.pointsFromCut === 1 ? "point" : "points"} above ${cut}`);
    // Tied with the team at the cut while placed inside it (2nd, level with the 3rd row): said as the tie it is.
    else if (road.pointsFromCut === 0) parts.push(road.place < road.qualifyTop ? `tied on points with the team at ${cut}, inside the top ${road.qualifyTop}` : `level with ${cut}`);
    else parts.push(`${-road.pointsFromCut} ${road.pointsFromCut === -1 ? "point" : "points"} behind ${cut}`);
  } else {
    parts.push(`inside the top ${road.qualifyTop} while fewer teams stand`);
  }
  return parts.join("; ");
}
