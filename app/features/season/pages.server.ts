import { asc, desc, eq, gte } from "drizzle-orm";
import { events, series, seriesEvents, type Series, type User } from "#db/schema";
import { membersOn } from "~/features/members/members.server";
import type { Db } from "~/lib/db.server";
import { formatCents, formatRaceTime, ordinal } from "~/features/raceday/time";
import { canEditEvent } from "~/features/events/policies.server";
import { HttpError } from "~/lib/http.server";
import { listSeries, seriesEventList, seriesOfEvent } from "./series.server";
import { describeRoad, qualificationOf, standingsOf, type RoadEntry, type StandingsView } from "./standings.server";

/*
 * What the season's screens show, ready to render: the standings page and
 * its embeddable twin, the producer's request screen, and a rider's (or a
 * horse's) road to the finals. Routes stay thin; every rule is in
 * series.server.ts and standings.server.ts.
 */

type Viewer = Pick<User, "id" | "isAdmin"> | null;

/** The class and division asked for in the address; a bad division is a 400 with a message. */
export function standingsQuery(url: URL) {
  const division = url.searchParams.get("division");
  if (division !== null && division !== "" && !/^[1-6]$/.test(division)) throw new HttpError(400, "Division must be a number from 1 to 6");
  return { className: url.searchParams.get("class") || null, division: division ? Number(division) : null };
}

/** A page shows this many teams of a division unless asked for all (a division can hold hundreds). */
export const STANDINGS_SHOWN = 100;

export function presentTable(view: StandingsView, { all = false } = {}) {
  const total = view.rows.length;
  return {
    total,
    series: { id: view.series.id, name: view.series.name, startDate: view.series.startDate, endDate: view.series.endDate, qualifyTop: view.series.qualifyTop, qualifyMinRaces: view.series.qualifyMinRaces, bestOf: view.series.bestOf },
    points: pointsRules(view.series, view.division),
    classNames: view.series.classNames,
    className: view.className,
    divisions: view.divisions.length ? view.divisions : [1],
    division: view.division,
    rows: (all ? view.rows : view.rows.slice(0, STANDINGS_SHOWN)).map((r) => ({
      key: r.teamKey,
      memberNumber: null as string | null,
      place: r.place,
      riderName: r.riderName,
      horseName: r.horseName,
      // Linked only where the rider's profile is open to link to (never a Private rider).
      profileUserId: r.userId,
      points: r.points,
      racesCounted: r.racesCounted,
      racesEntered: r.racesEntered,
      money: formatCents(r.moneyCents),
      fastest: r.fastestMs === null ? null : formatRaceTime(r.fastestMs),
      qualified: r.qualified,
    })),
  };
}

export type StandingsTable = ReturnType<typeof presentTable>;

/** The points table as riders check their points by it: "1st 10, 2nd 9, ...", and the members' rule. */
function pointsRules(row: Series, division: number) {
  const table = row.pointsTable;
  const places =
    table.mode === "MONEY"
      ? `One point for every ${formatCents(table.centsPerPoint)} won in a race.`
      : `${table.places[Math.min(division, table.places.length) - 1]!.map((p, i) => `${ordinal(i + 1)} ${p}`).join(", ")}. A no-time earns nothing.`;
  const members = row.membersOnly
    ? `Only members in good standing earn points${row.pointsFrom === "MEMBERSHIP_START" ? ", from the day their membership started" : ""}; ${row.pointsBy === "PLACE_AMONG_MEMBERS" ? "points go by the place among members" : "points go by the overall place"}.`
    : null;
  return { places, members };
}

export function seriesPage(db: Db, viewer: Viewer, seriesId: string, url: URL) {
  const { className, division } = standingsQuery(url);
  const table = presentTable(standingsOf(db, seriesId, className, division), { all: url.searchParams.get("all") === "1" });
  if (viewer?.isAdmin) {
    // Admins see member numbers (a member list is the office's): the holder is the team key's rider part.
    const holderOf = (key: string) => (key.startsWith("u:") ? key.split(":").slice(0, 3).join(":") : null);
    const userIds = [...new Set(table.rows.flatMap((r) => (r.key.startsWith("u:") ? [r.key.split(":")[1]!] : [])))];
    const numbers = membersOn(db, userIds, new Date().toISOString().slice(0, 10));
    for (const row of table.rows) row.memberNumber = numbers.get(holderOf(row.key) ?? "") ?? null;
  }
  return { table, events: seriesEventList(db, null, seriesId).map((e) => ({ id: e.eventId, name: e.name, date: e.date, location: e.location })) };
}

export function seriesIndex(db: Db) {
  return listSeries(db)
    .map((s) => ({ id: s.id, name: s.name, startDate: s.startDate, endDate: s.endDate, classNames: s.classNames }))
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name));
}

/** The admin's list: every series with its count of requests waiting. */
export function adminSeriesIndex(db: Db) {
  const pending = db.select({ seriesId: seriesEvents.seriesId }).from(seriesEvents).where(eq(seriesEvents.status, "PENDING")).all();
  return seriesIndex(db).map((s) => ({ ...s, pending: pending.filter((p) => p.seriesId === s.id).length }));
}

/** The producer's screen: the series the event may join (its date inside the season) and what was asked. */
export function eventSeriesPage(db: Db, viewer: Pick<User, "id" | "isAdmin">, eventId: string) {
  const event = db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event || !canEditEvent(viewer, event)) throw new HttpError(404, "Event not found");
  const asked = seriesOfEvent(db, eventId);
  const open = db
    .select({ id: series.id, name: series.name, startDate: series.startDate, endDate: series.endDate, classNames: series.classNames })
    .from(series)
    .where(gte(series.endDate, event.date))
    .orderBy(asc(series.startDate), desc(series.name))
    .all()
    .filter((s) => s.startDate <= event.date && !asked.some((a) => a.seriesId === s.id && a.status !== "REJECTED"));
  return { event: { id: event.id, name: event.name, date: event.date }, asked, open };
}

export type RoadLine = { key: string; seriesId: string; seriesName: string; className: string; horseName: string; riderName: string; division: number; text: string; qualified: boolean; url: string };

function roadLines(roads: RoadEntry[]): RoadLine[] {
  return roads.map((r) => ({
    key: `${r.seriesId}:${r.className}:${r.horseName}:${r.division}`,
    seriesId: r.seriesId,
    seriesName: r.seriesName,
    className: r.className,
    horseName: r.horseName,
    riderName: r.riderName,
    division: r.division,
    text: describeRoad(r, ordinal),
    qualified: r.qualified,
    url: `/series/${r.seriesId}?${new URLSearchParams({ class: r.className, division: String(r.division) })}`,
  }));
}

/** A rider's road on their profile: empty where the viewer may not see it (never an error on the profile). */
export function roadOfRider(db: Db, viewer: Viewer, userId: string): RoadLine[] {
  try {
    return roadLines(qualificationOf(db, viewer, userId));
  } catch (error) {
    if (error instanceof HttpError) return [];
    throw error;
  }
}

/** A horse's road: its owner's teams with this horse. */
export function roadOfHorse(db: Db, viewer: Viewer, ownerId: string, horseId: string): RoadLine[] {
  try {
    return roadLines(qualificationOf(db, viewer, ownerId).filter((r) => r.horseId === horseId));
  } catch (error) {
    if (error instanceof HttpError) return [];
    throw error;
  }
}

/** The snippet an admin pastes into the association's website. */
export function embedSnippet(origin: string, table: Pick<StandingsTable, "series" | "className" | "division">) {
  const src = `${origin}/embed/series/${table.series.id}?${new URLSearchParams({ class: table.className, division: String(table.division) })}`;
  return `<iframe src="${src.replace(/&/g, "&amp;")}" title="${table.series.name.replace(/"/g, "&quot;")} standings" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}
