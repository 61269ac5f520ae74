import { EventEmitter } from "node:events";

/**
 * In-process fan-out of "your unread count changed" to open streams
 * (DESIGN.md section 6: the one piece of per-process state, by design).
 * Listeners re-read the count from the database, so a missed signal only
 * delays an update until the next one or the stream's reconnect.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);
const ALL = "*";

export function publishUnread(userIds: string[] | "all") {
  if (userIds === "all") bus.emit(ALL);
  else for (const id of new Set(userIds)) bus.emit(id);
}

export function subscribeUnread(userId: string, listener: () => void) {
  bus.on(userId, listener);
  bus.on(ALL, listener);
  return () => {
    bus.off(userId, listener);
    bus.off(ALL, listener);
  };
}
