/*
 * Where the phone keeps runs waiting to be sent (offlineQueue.ts), and a
 * cheap look at whether any wait: the run log loads the queue's code (the
 * list "On this phone" and the sync) only on a phone that has runs waiting,
 * or once the rider keeps one.
 */
export const QUEUE_DB = "cloverleaf";
export const QUEUE_STORE = "run-queue";
/** Other tabs of the app hear about changes to the queue here. */
export const QUEUE_CHANNEL = "cloverleaf-run-queue";

/** Whether this rider has runs kept on this phone (true when the browser cannot tell without opening the queue). */
export async function hasQueuedRuns(userId: string): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  const known = await indexedDB.databases?.().catch(() => undefined);
  if (known && !known.some((db) => db.name === QUEUE_DB)) return false;
  return new Promise<boolean>((resolve) => {
    const request = indexedDB.open(QUEUE_DB);
    request.onerror = () => resolve(false);
    // A database this look created (a browser without databases()) is dropped again.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(QUEUE_STORE)) {
        db.close();
        return resolve(false);
      }
      const all = db.transaction(QUEUE_STORE).objectStore(QUEUE_STORE).getAll();
      all.onsuccess = () => {
        db.close();
        resolve((all.result as { userId?: string }[]).some((run) => run.userId === userId));
      };
      all.onerror = () => {
        db.close();
        resolve(true);
      };
    };
  });
}
