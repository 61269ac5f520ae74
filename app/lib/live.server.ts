import cluster, { type Worker } from "node:cluster";
import { EventEmitter } from "node:events";

/**
 * Fan-out of "something about this user changed" to open streams: their
 * unread count, or their sessions ending (sign-out, ban, password reset).
 * Listeners re-read from the database, so a missed signal only delays an
 * update until the next one, the stream's heartbeat or its reconnect.
 *
 * With several worker processes (WEB_CONCURRENCY), a rider's stream may be
 * held by another worker than the one that served the change: each worker
 * tells the primary process, which relays the signal to every other worker
 * (`relayUserChanges`, server/primary.ts); the primary's own signals (from
 * the job runner) go to every worker. The signal carries user ids only.
 *
 * The emitter is kept on globalThis, so every copy of this module in one
 * process (the Remix build, and the sources the server loads beside it)
 * shares it.
 */
const LIVE = Symbol.for("cloverleaf.live");
type Holder = { [LIVE]?: EventEmitter };
const ALL = "*";
/** Asks open streams to end: the process is stopping. */
const END = Symbol.for("cloverleaf.live.end");

type UserIds = string[] | "all";
export type UserChangeMessage = { type: "cloverleaf:user-change"; userIds: UserIds };

const isUserChangeMessage = (message: unknown): message is UserChangeMessage =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "cloverleaf:user-change";

function bus() {
  const holder = globalThis as Holder;
  if (!holder[LIVE]) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    holder[LIVE] = emitter;
    // Signals relayed by the primary from the other workers.
    if (cluster.isWorker) {
      process.on("message", (message) => {
        if (isUserChangeMessage(message)) deliver(emitter, message.userIds);
        if (isRaceChangeMessage(message)) emitter.emit(raceTopic(message.eventId));
      });
    }
  }
  return holder[LIVE];
}

function deliver(emitter: EventEmitter, userIds: UserIds) {
  if (userIds === "all") emitter.emit(ALL);
  else for (const id of userIds) emitter.emit(id);
}

export function publishUserChange(userIds: UserIds) {
  const ids = userIds === "all" ? userIds : [...new Set(userIds)];
  deliver(bus(), ids);
  const message: UserChangeMessage = { type: "cloverleaf:user-change", userIds: ids };
  if (cluster.isWorker && process.connected) {
    // A worker whose primary is gone is about to exit; the change is stored, only its signal is lost.
    process.send!(message, undefined, {}, () => {});
  } else if (cluster.isPrimary) {
    // The primary's own changes (the job runner's alerts) go to every worker.
    sendToWorkers(message);
  }
}

function sendToWorkers(message: UserChangeMessage | RaceChangeMessage, except?: Worker) {
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker && worker !== except && worker.isConnected()) worker.send(message, undefined, () => {});
  }
}

/** `onEnd` runs when the process stops, so a stream closes instead of holding the shutdown. */
export function subscribeUserChange(userId: string, listener: () => void, onEnd?: () => void) {
  const emitter = bus();
  emitter.on(userId, listener);
  emitter.on(ALL, listener);
  if (onEnd) emitter.on(END, onEnd);
  return () => {
    emitter.off(userId, listener);
    emitter.off(ALL, listener);
    if (onEnd) emitter.off(END, onEnd);
  };
}

/** Ends every open stream of this process (server/serve.ts, on stop). */
export function endStreams() {
  bus().emit(END);
}

/**
 * In the primary process: passes each worker's signal on to every other
 * worker. A worker being replaced or stopping may miss one; its streams
 * reconnect and re-read.
 */
export function relayUserChanges() {
  cluster.on("message", (from, message) => {
    if (isUserChangeMessage(message) || isRaceChangeMessage(message)) sendToWorkers(message, from);
  });
}

/*
 * Race day: "this event's times or results changed", for the public live
 * page's streams (app/features/raceday/live.server.ts). The same fan-out as
 * the user signals: across workers through the primary, carrying the event
 * id only; listeners re-read from the database.
 */
export type RaceChangeMessage = { type: "cloverleaf:race-change"; eventId: string };

const isRaceChangeMessage = (message: unknown): message is RaceChangeMessage =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "cloverleaf:race-change";

/** Event ids and user ids share the emitter: a prefix keeps them apart. */
const raceTopic = (eventId: string) => `race:${eventId}`;

export function publishRaceChange(eventId: string) {
  bus().emit(raceTopic(eventId));
  const message: RaceChangeMessage = { type: "cloverleaf:race-change", eventId };
  if (cluster.isWorker && process.connected) process.send!(message, undefined, {}, () => {});
  else if (cluster.isPrimary) sendToWorkers(message);
}

/** `onEnd` runs when the process stops. */
export function subscribeRaceChange(eventId: string, listener: () => void, onEnd?: () => void) {
  const emitter = bus();
  emitter.on(raceTopic(eventId), listener);
  if (onEnd) emitter.on(END, onEnd);
  return () => {
    emitter.off(raceTopic(eventId), listener);
    if (onEnd) emitter.off(END, onEnd);
  };
}
