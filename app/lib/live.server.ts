import { EventEmitter } from "node:events";

/**
 * In-process fan-out of "something about this user changed" to open streams
 * (DESIGN.md section 6: the one piece of per-process state, by design): their
 * unread count, or their sessions ending (sign-out, ban, password reset).
 * Listeners re-read from the database, so a missed signal only delays an
 * update until the next one, the stream's heartbeat or its reconnect.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);
const ALL = "*";

export function publishUserChange(userIds: string[] | "all") {
  if (userIds === "all") bus.emit(ALL);
  else for (const id of new Set(userIds)) bus.emit(id);
}

export function subscribeUserChange(userId: string, listener: () => void) {
  bus.on(userId, listener);
  bus.on(ALL, listener);
  return () => {
    bus.off(userId, listener);
    bus.off(ALL, listener);
  };
}
