import { refreshKeptPages } from "~/lib/offline";
import { uploadFile, UploadError } from "~/lib/uploadFile";
import { UPLOADED_VIDEO } from "~/schemas/run-basics";
import type { RunLogInput } from "~/schemas/runs";
import { isUploadRefusal } from "~/schemas/uploads";
import { QUEUE_CHANNEL, QUEUE_DB, QUEUE_STORE } from "./queueProbe";

/**
 * Runs logged in the browser are first written to IndexedDB on the phone,
 * then sent to `POST /api/run-logs`; a run leaves the queue only once the
 * server has answered that it holds it. Each run carries its own `clientId`
 * (the server's idempotency key, unique per rider), so sending it again
 * after a lost answer stores nothing new: the server answers the stored run.
 *
 * A run the server refuses for what it says (a 4xx other than "not now":
 * a video link that is not the rider's, a horse gone meanwhile) will not go
 * through by waiting. When the form has just kept it and the phone is
 * online, the form sends it at once (`sendKeptRun`): a refusal takes it out
 * of the queue and back to the form, its messages by the fields. Refused
 * later, by a sync in the background, it is listed as "Not sent" with the
 * server's message.
 *
 * Browser-only: loaded by the run log's form and its "On this phone" list
 * (app/features/runs/QueuePanel.tsx), never by the entry or root chunks.
 */

export type QueuedRun = {
  /** Idempotency key sent as `clientId`, and this record's key. */
  clientId: string;
  /** The rider who logged it: only their own session ever sends it. */
  userId: string;
  /** The validated form values (the same schema the server checks). */
  fields: Omit<RunLogInput, "clientId">;
  /** A video chosen on the phone, kept until it is uploaded. */
  video?: File;
  queuedAt: number;
  /** Set when the server refused the run (4xx): shown to the rider, never retried. */
  refused?: string;
  /** The refusal's messages by field (the API's `errors`), for the form to show by its fields. */
  refusedFields?: Record<string, string[]>;
  /** The phone's store refused it (full, or a video it cannot hold): held by this page only, until it is sent. */
  inMemory?: boolean;
};

const DB_NAME = QUEUE_DB;
const STORE = QUEUE_STORE;
const LOCK = "cloverleaf-run-queue";
export { QUEUE_CHANNEL };

let opening: Promise<IDBDatabase> | null = null;

function openQueue(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "clientId" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openQueue();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    // Resolve on commit, so a written run is on disk before the form clears.
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/**
 * Runs the phone's store refused (a full store, a video too large for it, no
 * IndexedDB at all): held in this page's memory, listed and sent like the
 * others, and lost if the page is closed (the form says so).
 */
const held = new Map<string, QueuedRun>();

/** Whether this browser can keep runs (IndexedDB opens). */
export async function queueAvailable() {
  try {
    await openQueue();
    return true;
  } catch {
    return false;
  }
}

/** The rider's queued runs, oldest first. */
export async function queuedRuns(userId: string): Promise<QueuedRun[]> {
  const stored = await inStore<QueuedRun[]>("readonly", (store) => store.getAll()).catch(() => [] as QueuedRun[]);
  const all = [...stored.filter((run) => !held.has(run.clientId)), ...held.values()];
  return all.filter((run) => run.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
}

/**
 * Keeps a run on the phone; answers false when the phone's store refused it
 * and it is held in this page's memory instead (sent all the same).
 */
export async function putQueuedRun(run: QueuedRun): Promise<boolean> {
  try {
    if (held.has(run.clientId)) throw new Error("held in memory");
    await inStore("readwrite", (store) => store.put({ ...run, inMemory: undefined }));
    return true;
  } catch {
    held.set(run.clientId, { ...run, inMemory: true });
    return false;
  } finally {
    announce();
  }
}

export async function removeQueuedRun(clientId: string) {
  held.delete(clientId);
  await inStore("readwrite", (store) => store.delete(clientId)).catch(() => {});
  announce();
}

function announce() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

/** A fresh idempotency key; `crypto.randomUUID` exists only on https and localhost. */
export function newClientId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The server will not take this run as it is: keep it, show why, do not send it again. */
class Refused extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** Statuses that say "not now" rather than "never": not signed in, timeout, too many requests. */
const RETRY_LATER = new Set([401, 408, 429]);

export type SyncHooks = {
  /** The run being sent now, or null when done. */
  onSending?: (clientId: string | null) => void;
  onProgress?: (percent: number | null) => void;
};

export type SyncResult = {
  sent: number;
  refused: QueuedRun[];
  /** Runs wait because this browser is no longer signed in as their rider. */
  signedOut: boolean;
};

let inFlight: Promise<SyncResult> | null = null;

/**
 * Sends the rider's waiting runs, oldest first, one at a time. Stops at the
 * first network failure or server error (the rest wait for the next try);
 * a refused run is marked and skipped. Only one sync runs at a time, across
 * tabs too where the browser has Web Locks, so a video is not uploaded twice.
 */
export function syncQueuedRuns(userId: string, hooks: SyncHooks = {}): Promise<SyncResult> {
  inFlight ??= (async () => {
    try {
      if (typeof navigator.locks?.request === "function") {
        return await navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? sendAll(userId, hooks) : { sent: 0, refused: [], signedOut: false }));
      }
      return await sendAll(userId, hooks);
    } finally {
      inFlight = null;
      hooks.onSending?.(null);
      hooks.onProgress?.(null);
    }
  })();
  return inFlight;
}

async function sendAll(userId: string, hooks: SyncHooks): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, refused: [], signedOut: false };
  const waiting = (await queuedRuns(userId)).filter((run) => !run.refused);
  if (waiting.length === 0) return result;
  // A page opened as one rider may outlive their session (signed out, someone
  // else signed in in another tab): send their runs only under their own account.
  const me = await fetch("/api/auth/user", { headers: { Accept: "application/json" } }).catch(() => null);
  if (!me) return result;
  if (!me.ok || ((await me.json()) as { id?: string }).id !== userId) return { ...result, signedOut: me.status === 401 || me.ok };
  for (const queued of waiting) {
    hooks.onSending?.(queued.clientId);
    const outcome = await sendOne(queued, hooks);
    if (outcome === "later") break; // offline or server trouble: the rest wait for the next try
    if (outcome === "sent") result.sent += 1;
    else result.refused.push(outcome);
  }
  return result;
}

/** Sends one run: "sent", "later" (keep it waiting), or the run as refused. */
async function sendOne(queued: QueuedRun, hooks: SyncHooks): Promise<"sent" | "later" | QueuedRun> {
  let run = queued;
  try {
    if (run.video) {
      hooks.onProgress?.(0);
      const accessURL = await uploadFile("video", run.video, (p) => hooks.onProgress?.(p)).then(
        (uploaded) => uploaded.accessURL,
        (error: Error) => {
          // Refused for what the file is (too large, not a video) is final; anything else
          // (no connection, no session, an expired or used upload URL) is worth a new try.
          if (error instanceof UploadError && isUploadRefusal(error.code)) throw new Refused(error.message);
          throw error;
        },
      );
      hooks.onProgress?.(null);
      // convert-url failed on the way: upload again next time rather than send an unusable URL.
      if (!UPLOADED_VIDEO.test(accessURL)) return "later";
      // Keep the stored URL, not the file: a retry from here on never uploads the video twice.
      run = { ...run, video: undefined, fields: { ...run.fields, videoUrl: accessURL } };
      await putQueuedRun(run);
    }
    const response = await fetch("/api/run-logs", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ ...run.fields, clientId: run.clientId }),
    });
    if (response.ok) {
      await removeQueuedRun(run.clientId);
      return "sent";
    }
    if (response.status < 400 || response.status >= 500 || RETRY_LATER.has(response.status)) return "later";
    const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    throw new Refused(body.message ?? `The server refused this run (${response.status}).`, body.errors);
  } catch (error) {
    if (!(error instanceof Refused)) return "later";
    const refused: QueuedRun = { ...run, refused: error.message, refusedFields: error.fields };
    await putQueuedRun(refused);
    return refused;
  }
}

export type KeptRunOutcome = { outcome: "sent" } | { outcome: "waiting" } | { outcome: "refused"; message: string; fields: Record<string, string[]> };

/**
 * Sends a run the form has just kept, and says what became of it: "sent";
 * "waiting" (offline, signed out or server trouble: it stays queued and goes
 * later); or refused for what it says, in which case the form shows it again
 * with the server's messages and it leaves the queue (or, `keepRefused`, stays
 * in it as refused: a run already brought back once to be fixed).
 */
export async function sendKeptRun(userId: string, clientId: string, hooks: SyncHooks = {}, { keepRefused = false } = {}): Promise<KeptRunOutcome> {
  const mine = async () => (await queuedRuns(userId)).find((run) => run.clientId === clientId);
  // A sync already under way (the list's retry) may have started before this run was kept: then once more.
  for (let attempt = 0; attempt < 2; attempt++) {
    await syncQueuedRuns(userId, hooks).catch(() => null);
    const run = await mine();
    if (!run) return { outcome: "sent" };
    if (run.refused) {
      // A run fixed once and refused again stays on the phone with the new message ("Not sent").
      if (!keepRefused) await removeQueuedRun(clientId);
      return { outcome: "refused", message: run.refused, fields: run.refusedFields ?? {} };
    }
    if (!navigator.onLine) break;
  }
  return { outcome: "waiting" };
}

/**
 * The service worker keeps the last copy of each page for offline use; after
 * runs reach the server, refresh the run log's copy so an offline visit later
 * shows them.
 */
export function keepOfflineCopyFresh() {
  refreshKeptPages(["/run-log", `${location.pathname}${location.search}`]);
}
