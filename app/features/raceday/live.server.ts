import type { Db } from "~/lib/db.server";
import type { RaceOutcome } from "~/schemas/race-outcomes";
import { subscribeRaceChange } from "~/lib/live.server";
import { eventGateCalls } from "~/features/ondeck/ondeck.server";
import { listClasses } from "./classes.server";
import { classRuns, currentTimes, latestTimes, listClassEntries, totalMs, waitingEntries } from "./race-runs.server";
import { resultsOfRuns } from "./results.server";
import { formatRaceTime } from "./time";

/**
 * The public live page's view of an event: the last runs, the leaders of
 * each division per class, who is on the gate and on deck. Computed once per
 * change and shared by every open page and stream of this process: a time
 * taken at the booth signals the event (app/lib/live.server.ts, across
 * workers), the view is rebuilt once, and the same text goes to each stream.
 * Every race-day write signals once it is committed (race-change.server.ts);
 * a view older than VIEW_TTL_MS is also rebuilt on the next read, so a
 * signal lost between workers costs a few seconds at most.
 */

const LAST_RUNS = 10;
const LEADERS_PER_DIVISION = 3;
const ON_DECK = 4;
const VIEW_TTL_MS = 5_000;
/** Events whose view is kept without an open stream; the oldest go first beyond it. */
const KEPT_EVENTS = 200;

export type LiveRun = { id: string; className: string; riderName: string; horseName: string; backNumber: number | null; outcome: RaceOutcome; time: string | null; penalties: number; exhibition: boolean };
export type LiveClass = {
  id: string;
  name: string;
  ran: number;
  entries: number;
  leaders: { division: number; places: { entryId: string; place: number; riderName: string; horseName: string; time: string }[] }[];
  onDeck: { entryId: string; riderName: string; horseName: string; backNumber: number | null; position: number | null; dragBefore: boolean; exhibition: boolean; gateCalls: number }[];
};
export type LiveView = { eventId: string; version: number; lastRuns: LiveRun[]; classes: LiveClass[] };

export function computeLiveView(db: Db, eventId: string, version = 0): LiveView {
  const classes = listClasses(db, eventId);
  // Sidepots pay on another class's runs: the live page follows the runs themselves. A class
  // shows once its draw is published or it has run: before then who entered is the producer's.
  const timed = currentTimes(db, classes.filter((c) => !c.sidepotOf).map((c) => c.id));
  const ran = new Set([...timed.values()].map((t) => t.classId));
  const running = classes.filter((c) => !c.sidepotOf && (c.drawPublishedAt || ran.has(c.id)));
  const names = new Map(classes.map((c) => [c.id, c.name]));
  const times = timed;
  const calls = eventGateCalls(db, eventId);
  const lastRuns = latestTimes(db, eventId, LAST_RUNS).map(({ time, entry }) => ({
    id: time.id,
    className: names.get(time.classId) ?? "",
    riderName: entry.riderName,
    horseName: entry.horseName,
    backNumber: entry.backNumber,
    outcome: time.outcome,
    time: totalMs(time) === null ? null : formatRaceTime(totalMs(time)!),
    penalties: time.penalties,
    exhibition: entry.exhibition,
  }));
  const view: LiveClass[] = running.map((cls) => {
    const entries = listClassEntries(db, cls.id);
    const runs = classRuns(db, cls, entries);
    const byId = new Map(entries.map((e) => [e.id, e]));
    const results = resultsOfRuns(cls, runs);
    // Exhibition runs come to the gate in their place like any other; they count for nothing.
    const waiting = waitingEntries(entries.filter((e) => !e.carriedFrom), times);
    return {
      id: cls.id,
      name: cls.name,
      ran: runs.filter((r) => r.time).length,
      entries: runs.length,
      leaders: results.divisions
        .filter((d) => d.places.length > 0)
        .map((d) => ({
          division: d.division,
          places: d.places.slice(0, LEADERS_PER_DIVISION).map((p) => {
            const e = byId.get(p.entryId)!;
            return { entryId: p.entryId, place: p.place, riderName: e.riderName, horseName: e.horseName, time: formatRaceTime(p.totalMs) };
          }),
        })),
      onDeck: waiting.slice(0, ON_DECK).map((e, i) => ({
        entryId: e.id,
        riderName: e.riderName,
        horseName: e.horseName,
        backNumber: e.backNumber,
        position: e.drawPosition,
        // The arena is groomed before this run (the draw's drags), unless it is the one on the gate already.
        dragBefore: i > 0 && (e.dragsBefore ?? 0) > (waiting[i - 1]!.dragsBefore ?? 0),
        exhibition: e.exhibition,
        // The booth's calls to the gate (ondeck/gate-calls.server.ts).
        gateCalls: calls.get(e.id) ?? 0,
      })),
    };
  });
  return { eventId, version, lastRuns, classes: view };
}

type Hub = {
  view: LiveView | null;
  builtAt: number;
  version: number;
  streams: Set<(text: string) => void>;
  pending: boolean;
  unsubscribe: () => void;
};

const HUBS = Symbol.for("cloverleaf.raceday.live");
type Holder = { [HUBS]?: Map<string, Hub> };
function hubs() {
  const holder = globalThis as Holder;
  return (holder[HUBS] ??= new Map());
}

function hubOf(db: Db, eventId: string): Hub {
  const all = hubs();
  const hub = all.get(eventId);
  if (hub) {
    // Most recently used last, so eviction takes the oldest.
    all.delete(eventId);
    all.set(eventId, hub);
    return hub;
  }
  const fresh: Hub = { view: null, builtAt: 0, version: 0, streams: new Set(), pending: false, unsubscribe: () => {} };
  fresh.unsubscribe = subscribeRaceChange(eventId, () => changed(db, eventId, fresh));
  all.set(eventId, fresh);
  for (const [id, old] of all) {
    if (all.size <= KEPT_EVENTS) break;
    if (old.streams.size === 0 && id !== eventId) {
      old.unsubscribe();
      all.delete(id);
    }
  }
  return fresh;
}

/** A change: the view is rebuilt once (several changes in one tick, once) and sent to every stream. */
function changed(db: Db, eventId: string, hub: Hub) {
  hub.view = null;
  hub.version += 1;
  if (hub.streams.size === 0 || hub.pending) return;
  hub.pending = true;
  setImmediate(() => {
    hub.pending = false;
    const text = message(viewOf(db, eventId, hub));
    for (const send of hub.streams) send(text);
  });
}

function viewOf(db: Db, eventId: string, hub: Hub) {
  if (!hub.view || Date.now() - hub.builtAt > VIEW_TTL_MS) {
    hub.view = computeLiveView(db, eventId, hub.version);
    hub.builtAt = Date.now();
  }
  return hub.view;
}

const message = (view: LiveView) => `event: live\ndata: ${JSON.stringify(view)}\n\n`;

/** The event's live view (the caller has checked the viewer may see the event). */
export function liveView(db: Db, eventId: string) {
  return viewOf(db, eventId, hubOf(db, eventId));
}

/**
 * Adds a stream: `send` gets the view at once and after every change.
 * Answers the function that removes it.
 */
export function openLiveStream(db: Db, eventId: string, send: (text: string) => void) {
  const hub = hubOf(db, eventId);
  hub.streams.add(send);
  send(message(viewOf(db, eventId, hub)));
  return () => hub.streams.delete(send);
}
