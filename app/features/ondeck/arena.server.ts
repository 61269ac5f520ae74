import { eq, inArray } from "drizzle-orm";
import { events, users, type Event } from "#db/schema";
import { zoneOfZip } from "~/features/events/zones.server";
import { listClasses } from "~/features/raceday/classes.server";
import { classRuns, listClassEntries, totalMs } from "~/features/raceday/race-runs.server";
import { resultsOfRuns } from "~/features/raceday/results.server";
import { formatRaceTime } from "~/features/raceday/time";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { lookupZip } from "~/lib/gazetteer.server";
import { subscribeRaceChange } from "~/lib/live.server";
import { clockAt, eventGateCalls, eventLine } from "./ondeck.server";

/*
 * The arena screen's view (a TV in the office or over the stands): riding
 * now, the next three, the last run and where it placed, the time to beat
 * and who is in the money per division, runs left and the estimated end,
 * drags and breaks. Only what the public draw and live page show: names,
 * horses, back numbers, hometowns (the city of a rider's home ZIP), times.
 * No rider's estimated time. Built once per change per process and sent
 * to every open screen of the event (the same text), like the live page.
 */

export type ArenaRider = { entryId: string; riderName: string; horseName: string; backNumber: number | null; hometown: string | null; gateCalls: number; dragBefore: boolean };
export type ArenaView = {
  eventId: string;
  eventName: string;
  version: number;
  clock: string;
  className: string | null;
  ridingNow: ArenaRider | null;
  next: ArenaRider[];
  lastRun: { riderName: string; horseName: string; backNumber: number | null; result: string; placed: string | null } | null;
  divisions: { division: number; timeToBeat: string | null; inTheMoney: { place: number; riderName: string; horseName: string; time: string; payout: string }[] }[];
  runsLeft: number;
  estimatedEnd: string | null;
  behindMinutes: number | null;
  /** "Drag after this run", "Break, then Youth 3D about 3:10 PM". */
  announcements: string[];
  /** The published draw of each class, for `?view=draw`. */
  draw: { classId: string; className: string; order: { position: number | null; backNumber: number | null; riderName: string; horseName: string; done: boolean; dragBefore: boolean }[] }[];
};

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;
const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;

function hometowns(db: Db, userIds: string[]) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map<string, string>();
  const rows = db.select({ id: users.id, zip: users.homeZipCode }).from(users).where(inArray(users.id, ids)).all();
  return new Map(
    rows.flatMap((r) => {
      const place = r.zip ? lookupZip(r.zip) : null;
      return place ? [[r.id, `${place.city}, ${place.state}`] as const] : [];
    }),
  );
}

export function computeArenaView(db: Db, event: Pick<Event, "id" | "name" | "date" | "zipCode">, version = 0): ArenaView {
  const zone = zoneOfZip(event.zipCode);
  const at = now();
  const line = eventLine(db, event, at);
  const calls = eventGateCalls(db, event.id);
  const classes = listClasses(db, event.id).filter((c) => !c.sidepotOf);
  const towns = hometowns(db, [...line.entries.values()].flatMap((e) => (e.userId ? [e.userId] : [])));
  const current = line.plan.classes.find((c) => c.runsLeft > 0) ?? null;
  const currentIdx = current ? line.plan.classes.indexOf(current) : -1;
  const rider = (entryId: string, i: number, waiting: { entryId: string; dragsBefore: number }[]): ArenaRider => {
    const e = line.entries.get(entryId)!;
    return {
      entryId,
      riderName: e.riderName,
      horseName: e.horseName,
      backNumber: e.backNumber,
      hometown: e.userId && !e.riderId ? (towns.get(e.userId) ?? null) : null,
      gateCalls: calls.get(entryId) ?? 0,
      dragBefore: i > 0 && waiting[i]!.dragsBefore > waiting[i - 1]!.dragsBefore,
    };
  };
  const currentLine = current ? line.lines.find((l) => l.classId === current.classId)! : null;
  const waiting = currentLine?.waiting ?? [];
  const cls = classes.find((c) => c.id === (current?.classId ?? line.plan.classes.at(-1)?.classId)) ?? null;

  let divisions: ArenaView["divisions"] = [];
  let lastRun: ArenaView["lastRun"] = null;
  if (cls) {
    const entries = listClassEntries(db, cls.id);
    const runs = classRuns(db, cls, entries);
    const results = resultsOfRuns(cls, runs);
    const byId = new Map(entries.map((e) => [e.id, e]));
    divisions = results.divisions.map((d) => ({
      division: d.division,
      timeToBeat: d.places[0] ? formatRaceTime(d.places[0].totalMs) : null,
      inTheMoney: d.places
        .filter((p) => p.payoutCents > 0)
        .map((p) => ({ place: p.place, riderName: byId.get(p.entryId)!.riderName, horseName: byId.get(p.entryId)!.horseName, time: formatRaceTime(p.totalMs), payout: dollars(p.payoutCents) })),
    }));
    const last = runs.filter((r) => r.time).sort((a, b) => b.time!.recordedAt.getTime() - a.time!.recordedAt.getTime())[0];
    if (last?.time) {
      const total = totalMs(last.time);
      const placed = results.divisions.flatMap((d) => d.places.filter((p) => p.entryId === last.entry.id).map((p) => `${ordinal(p.place)} in the ${d.division}D`))[0] ?? null;
      lastRun = {
        riderName: last.entry.riderName,
        horseName: last.entry.horseName,
        backNumber: last.entry.backNumber,
        result: total === null ? (last.time.outcome === "NT" ? "NT" : "Scratch") : formatRaceTime(total) + (last.time.penalties ? ` (+${last.time.penalties * 5} s)` : ""),
        placed: total === null ? null : (placed ?? "Out of the money"),
      };
    }
  }

  const announcements: string[] = [];
  if (waiting.length > 1 && waiting[1]!.dragsBefore > waiting[0]!.dragsBefore) announcements.push("Drag after this run");
  if (current && current.runsLeft <= 3) {
    const following = line.plan.classes.slice(currentIdx + 1).find((c) => c.runsLeft > 0);
    if (following?.nextAt && line.timesKnown) announcements.push(`Break, then ${line.classNames.get(following.classId)} about ${clockAt(following.nextAt, zone)}`);
  }
  if (current?.behindMinutes) announcements.push(`Running ${current.behindMinutes} min behind the posted start`);

  return {
    eventId: event.id,
    eventName: event.name,
    version,
    clock: clockAt(at, zone),
    className: cls?.name ?? null,
    ridingNow: waiting[0] ? rider(waiting[0].entryId, 0, waiting) : null,
    next: waiting.slice(1, 4).map((w, i) => rider(w.entryId, i + 1, waiting)),
    lastRun,
    divisions,
    runsLeft: current?.runsLeft ?? 0,
    estimatedEnd: current?.estimatedEnd && line.timesKnown ? clockAt(current.estimatedEnd, zone) : null,
    behindMinutes: current?.behindMinutes ?? null,
    announcements,
    draw: line.lines.map((l) => {
      const order = listClassEntries(db, l.classId).filter((e) => e.status === "ENTERED");
      return {
        classId: l.classId,
        className: line.classNames.get(l.classId) ?? "",
        order: order.map((e, i) => ({
          position: e.drawPosition,
          backNumber: e.backNumber,
          riderName: e.riderName,
          horseName: e.horseName,
          done: line.ranEntries.has(e.id),
          dragBefore: i > 0 && (e.dragsBefore ?? 0) > (order[i - 1]!.dragsBefore ?? 0),
        })),
      };
    }),
  };
}

/*
 * One hub per event per process: the view rebuilt once per change (several
 * in one tick, once) and the same text sent to every open screen. A screen
 * that closes leaves; the hub goes with its last screen, so a day of
 * reconnects grows nothing.
 */
type Hub = { streams: Set<(text: string) => void>; version: number; text: string | null; pending: boolean; unsubscribe: () => void };
const HUBS = Symbol.for("cloverleaf.ondeck.arena");
type Holder = { [HUBS]?: Map<string, Hub> };
const hubs = () => ((globalThis as Holder)[HUBS] ??= new Map());

const message = (view: ArenaView) => `event: arena\ndata: ${JSON.stringify(view)}\n\n`;

function eventOf(db: Db, eventId: string) {
  return db.select({ id: events.id, name: events.name, date: events.date, zipCode: events.zipCode }).from(events).where(eq(events.id, eventId)).get();
}

/** The event's arena view now (the caller has checked the event may be seen). */
export function arenaView(db: Db, eventId: string) {
  const event = eventOf(db, eventId);
  return event ? computeArenaView(db, event) : null;
}

/** Adds a screen: `send` gets the view at once and after each change; answers the function that removes it. */
export function openArenaStream(db: Db, eventId: string, send: (text: string) => void) {
  const all = hubs();
  let hub = all.get(eventId);
  if (!hub) {
    const fresh: Hub = { streams: new Set(), version: 0, text: null, pending: false, unsubscribe: () => {} };
    fresh.unsubscribe = subscribeRaceChange(eventId, () => {
      fresh.version += 1;
      fresh.text = null;
      if (fresh.pending) return;
      fresh.pending = true;
      setImmediate(() => {
        fresh.pending = false;
        const text = textOf(db, eventId, fresh);
        if (text) for (const s of fresh.streams) s(text);
      });
    });
    all.set(eventId, fresh);
    hub = fresh;
  }
  hub.streams.add(send);
  const text = textOf(db, eventId, hub);
  if (text) send(text);
  const own = hub;
  return () => {
    own.streams.delete(send);
    if (own.streams.size === 0) {
      own.unsubscribe();
      if (all.get(eventId) === own) all.delete(eventId);
    }
  };
}

function textOf(db: Db, eventId: string, hub: Hub) {
  if (hub.text === null) {
    const event = eventOf(db, eventId);
    if (!event) return null;
    hub.text = message(computeArenaView(db, event, hub.version));
  }
  return hub.text;
}
