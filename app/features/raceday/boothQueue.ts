import type { BoothOp, BoothTime } from "./booth";

/**
 * What the booth does is first written to this device (localStorage, one
 * list per event and timer), then sent to the server in the order it was
 * done, one change at a time; a change leaves the list only once the server
 * has answered that it holds it. Each carries its own `clientId`: a time
 * sent again after a lost answer is answered with the first record, and undo,
 * rerun and a correction that changes nothing change nothing the second time,
 * so every change is applied exactly once however often the signal drops.
 * A change the server refuses (4xx) is kept, marked, shown to the timer and
 * never sent again; the ones after it are still sent.
 *
 * localStorage rather than IndexedDB (the run log's queue): the booth keeps
 * a few hundred small records and no files, and a synchronous write is on
 * disk before the next time can be typed.
 *
 * Browser-only: loaded by the booth screen.
 */

/** The time the server already holds for a run this booth timed too (another timer's): the conflict to resolve. */
export type TakenTime = { id: string; outcome: BoothTime["outcome"]; time: string | null; penalties: number; recordedAt?: string };

export type QueuedOp = BoothOp & { queuedAt: number; refused?: string; conflict?: TakenTime };
/** A change the server holds: applied still until the page's data shows it (a copy kept offline may be older). */
export type SentOp = BoothOp & { sent: true; sentAt: number };

const key = (eventId: string, userId: string) => `cloverleaf-booth:${eventId}:${userId}`;
const sentKey = (eventId: string, userId: string) => `cloverleaf-booth-sent:${eventId}:${userId}`;
/** A sent change older than this is forgotten even if no data showed it (a class deleted meanwhile). */
const SENT_KEPT_MS = 7 * 86_400_000;

/**
 * Changes the device's storage refused (full): held by this page, in order,
 * and sent like the others; the booth says so while any is held.
 */
const held = new Map<string, QueuedOp[]>();

/** Whether changes of this booth are held by the page alone (the device's storage refused them). */
export function heldInMemory(eventId: string, userId: string) {
  return held.has(key(eventId, userId));
}

export function queuedOps(eventId: string, userId: string): QueuedOp[] {
  const inMemory = held.get(key(eventId, userId));
  if (inMemory) return [...inMemory];
  try {
    const raw = localStorage.getItem(key(eventId, userId));
    return raw ? (JSON.parse(raw) as QueuedOp[]) : [];
  } catch {
    return [];
  }
}

function save(eventId: string, userId: string, ops: QueuedOp[]) {
  const k = key(eventId, userId);
  try {
    if (ops.length === 0) localStorage.removeItem(k);
    else localStorage.setItem(k, JSON.stringify(ops));
    held.delete(k);
  } catch {
    // Full: the whole list stays with the page until it fits again or is sent.
    if (ops.length === 0) held.delete(k);
    else held.set(k, ops);
  }
}

/** Changes sent from this device that the page's data may not show yet, oldest first. */
export function sentOps(eventId: string, userId: string): SentOp[] {
  try {
    const raw = localStorage.getItem(sentKey(eventId, userId));
    const ops = raw ? (JSON.parse(raw) as SentOp[]) : [];
    return ops.filter((op) => Date.now() - op.sentAt < SENT_KEPT_MS);
  } catch {
    return [];
  }
}

/** Forgets the sent changes the page's data now shows (`shown`). */
export function pruneSent(eventId: string, userId: string, shown: (op: SentOp) => boolean) {
  const before = sentOps(eventId, userId);
  const after = before.filter((op) => !shown(op));
  if (after.length === before.length) return;
  if (after.length === 0) localStorage.removeItem(sentKey(eventId, userId));
  else localStorage.setItem(sentKey(eventId, userId), JSON.stringify(after));
}

function markSent(eventId: string, userId: string, op: QueuedOp) {
  const { queuedAt: _queuedAt, refused: _refused, conflict: _conflict, ...change } = op;
  try {
    localStorage.setItem(sentKey(eventId, userId), JSON.stringify([...sentOps(eventId, userId), { ...change, sent: true, sentAt: Date.now() }]));
  } catch {
    // Full: the page's data shows the change at its next load.
  }
}

export function enqueueOp(eventId: string, userId: string, op: BoothOp) {
  save(eventId, userId, [...queuedOps(eventId, userId), { ...op, queuedAt: Date.now() }]);
}

export function dropOp(eventId: string, userId: string, clientId: string) {
  save(
    eventId,
    userId,
    queuedOps(eventId, userId).filter((op) => op.clientId !== clientId),
  );
}

function markRefused(eventId: string, userId: string, clientId: string, message: string, conflict?: TakenTime) {
  save(
    eventId,
    userId,
    queuedOps(eventId, userId).map((op) => (op.clientId === clientId ? { ...op, refused: message, ...(conflict ? { conflict } : {}) } : op)),
  );
}

/** A fresh idempotency key; `crypto.randomUUID` exists only on https and localhost. */
export function newClientId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Statuses that say "not now" rather than "never": not signed in, timeout, too many requests. */
const RETRY_LATER = new Set([401, 408, 429]);

function request(eventId: string, op: BoothOp): [string, RequestInit] {
  const base = `/api/events/${encodeURIComponent(eventId)}/times`;
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const ref = (r: string) => `${base}/${encodeURIComponent(r)}`;
  switch (op.kind) {
    case "time":
      return [base, json("POST", { entryId: op.entryId, outcome: op.outcome, time: op.time, penalties: op.penalties, clientId: op.clientId, takenAt: op.takenAt })];
    case "undo":
      return [ref(op.ref), { method: "DELETE", headers: { Accept: "application/json" } }];
    case "rerun":
      return [`${ref(op.ref)}/rerun`, json("POST", { reason: op.reason })];
    case "correct":
      return [ref(op.ref), json("PATCH", { outcome: op.outcome, time: op.time, penalties: op.penalties, reason: op.reason })];
  }
}

export type SyncResult = { sent: QueuedOp[]; refused: QueuedOp[] };

let inFlight: Promise<SyncResult> | null = null;

/**
 * Sends the waiting changes, oldest first, one at a time; stops at the first
 * network failure or server error (the rest wait for the next try). Only one
 * send runs at a time in this tab, and across tabs where the browser has Web
 * Locks, so two tabs never send one change side by side.
 */
export function syncOps(eventId: string, userId: string): Promise<SyncResult> {
  inFlight ??= (async () => {
    try {
      if (typeof navigator.locks?.request === "function") {
        return await navigator.locks.request(`cloverleaf-booth-${eventId}`, () => sendAll(eventId, userId));
      }
      return await sendAll(eventId, userId);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

async function sendAll(eventId: string, userId: string): Promise<SyncResult> {
  const result: SyncResult = { sent: [], refused: [] };
  // Read again for each change: another tab may have sent some meanwhile.
  for (;;) {
    const op = queuedOps(eventId, userId).find((o) => !o.refused);
    if (!op) return result;
    let response: Response;
    try {
      response = await fetch(...request(eventId, op));
    } catch {
      return result; // offline: the rest wait
    }
    if (response.ok) {
      // Written to "sent" before it leaves the waiting list: a reload in between shows it either way.
      markSent(eventId, userId, op);
      dropOp(eventId, userId, op.clientId);
      result.sent.push(op);
      continue;
    }
    if (response.status < 400 || response.status >= 500 || RETRY_LATER.has(response.status)) return result;
    const body = (await response.json().catch(() => ({}))) as { message?: string; existing?: TakenTime };
    const message = body.message ?? `The server refused this change (${response.status}).`;
    const conflict = response.status === 409 && op.kind === "time" && body.existing?.id ? body.existing : undefined;
    markRefused(eventId, userId, op.clientId, message, conflict);
    result.refused.push({ ...op, refused: message, conflict });
  }
}
