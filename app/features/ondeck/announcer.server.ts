import { and, desc, eq, inArray, lt, ne } from "drizzle-orm";
import { events, horses, raceClasses, raceEntries, raceResults, series, seriesEvents, seriesStandings, type RaceEntry, type User } from "#db/schema";
import { requireRaceTimer } from "~/features/raceday/access.server";
import { formatRaceTime } from "~/features/raceday/time";
import type { Db } from "~/lib/db.server";
import { computeArenaView, type ArenaRider } from "./arena.server";

/*
 * The announcer's view (the producer and named timers, on a laptop or a
 * tablet beside the booth): the rider on the gate with what there is to
 * say, and the next rider below. What there is: hometown (the arena
 * screen's), the horse's registered name and foaling year where its record
 * has them (the horse records keep no sire), this season's standing in
 * each series the event counts in, and how this horse ran at this arena
 * last time, if it did.
 */

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

function storyOf(db: Db, event: { id: string; date: string; arenaName: string | null; location: string }, rider: ArenaRider | null) {
  if (!rider) return null;
  const entry = db.select().from(raceEntries).where(eq(raceEntries.id, rider.entryId)).get() as RaceEntry | undefined;
  if (!entry) return null;
  const horse = entry.horseId ? db.select({ registeredName: horses.registeredName, yearFoaled: horses.yearFoaled }).from(horses).where(eq(horses.id, entry.horseId)).get() : null;
  const seriesIds = db.select({ id: seriesEvents.seriesId }).from(seriesEvents).where(and(eq(seriesEvents.eventId, event.id), eq(seriesEvents.status, "APPROVED"))).all().map((s) => s.id);
  const standings =
    entry.horseId && seriesIds.length
      ? db
          .select({ seriesName: series.name, className: seriesStandings.className, division: seriesStandings.division, place: seriesStandings.place, points: seriesStandings.points })
          .from(seriesStandings)
          .innerJoin(series, eq(series.id, seriesStandings.seriesId))
          .where(and(inArray(seriesStandings.seriesId, seriesIds), eq(seriesStandings.horseId, entry.horseId)))
          .all()
          .map((s) => `${ordinal(s.place)} in the ${s.division}D of ${s.className}, ${s.seriesName} (${s.points} points)`)
      : [];
  // This horse at this arena before: its latest published result at an earlier event of the same arena (or place).
  const last = entry.horseId
    ? db
        .select({ date: events.date, className: raceClasses.name, totalMs: raceResults.totalMs, outcome: raceResults.outcome, place: raceResults.place, division: raceResults.division })
        .from(raceResults)
        .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
        .innerJoin(events, eq(events.id, raceResults.eventId))
        .innerJoin(raceClasses, eq(raceClasses.id, raceResults.classId))
        .where(and(eq(raceEntries.horseId, entry.horseId), ne(events.id, event.id), lt(events.date, event.date), event.arenaName ? eq(events.arenaName, event.arenaName) : eq(events.location, event.location)))
        .orderBy(desc(events.date))
        .get()
    : null;
  const lastTime = last
    ? `${last.date}, ${last.className}: ${last.totalMs !== null ? formatRaceTime(last.totalMs) : last.outcome}${last.place ? `, ${ordinal(last.place)} in the ${last.division}D` : ""}`
    : null;
  return { ...rider, registeredName: horse?.registeredName ?? null, yearFoaled: horse?.yearFoaled ?? null, standings, lastTimeHere: lastTime };
}

/** The announcer's view; the producer, an admin or a named timer (403 for anyone else who sees the event). */
export function announcerView(db: Db, actor: Pick<User, "id" | "isAdmin">, eventId: string) {
  const event = requireRaceTimer(db, actor, eventId);
  const arena = computeArenaView(db, event);
  return {
    eventId: event.id,
    eventName: event.name,
    className: arena.className,
    runsLeft: arena.runsLeft,
    estimatedEnd: arena.estimatedEnd,
    lastRun: arena.lastRun,
    gate: storyOf(db, event, arena.ridingNow),
    next: storyOf(db, event, arena.next[0] ?? null),
  };
}
export type AnnouncerView = ReturnType<typeof announcerView>;
