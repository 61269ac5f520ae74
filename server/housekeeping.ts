import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import type { Config } from "../app/lib/config.server";
import { pruneSearchIndex } from "../app/features/events/search-index.server";
import { pruneRateLimits } from "../app/lib/rate-limit.server";
import { pruneFinishedJobs } from "./jobs";
// The sweep alone, without the image and file-type libraries the rest of the upload code loads.
import { sweepOrphanUploads } from "../app/lib/uploads/references.server";
import { sweepOrphanPaperFiles } from "../app/lib/uploads/private.server";
import { syncReplicaFiles } from "../app/lib/uploads/replica-sync.server";

/**
 * Work that keeps the data folder from growing with time. It runs in one
 * process only (the primary, or the only process with WEB_CONCURRENCY=1):
 * at start, then hourly. Add a task to the list; each answers how many
 * things it removed, and one failing does not stop the others.
 */
export type HousekeepingTask = {
  name: string;
  run: (db: Db, cfg: Config) => number | Promise<number>;
};

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

const housekeepingTasks: HousekeepingTask[] = [
  // Also dropped when read; this catches the ones never read again.
  { name: "expired sessions", run: (db) => db.delete(sessions).where(lt(sessions.expire, new Date())).run().changes },
  { name: "spent rate-limit counters", run: (db) => pruneRateLimits(db) },
  { name: "search index entries of events over a week ago", run: (db) => pruneSearchIndex(db) },
  { name: "month-old finished deliveries", run: (db) => pruneFinishedJobs(db) },
  { name: "day-old upload files no row references", run: (db, cfg) => sweepOrphanUploads(db, cfg.dataDir) },
  { name: "day-old private papers no row references", run: (db, cfg) => sweepOrphanPaperFiles(db, cfg.dataDir) },
  // Last: the sweeps above have removed what they remove. Nothing to do without a replica.
  { name: "files copied to or removed from the replica", run: (db, cfg) => syncReplicaFiles(db, cfg.dataDir, cfg.replica) },
];

/** Runs every task once and logs one line with what each removed. */
async function runHousekeeping(db: Db, cfg: Config, tasks: HousekeepingTask[] = housekeepingTasks) {
  const started = performance.now();
  const removed: Record<string, number> = {};
  for (const task of tasks) {
    try {
      removed[task.name] = await task.run(db, cfg);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "housekeeping task failed", task: task.name, error: String(error) }));
    }
  }
  console.log(JSON.stringify({ level: "info", msg: "housekeeping", removed, ms: Math.round(performance.now() - started) }));
  return removed;
}

/** At start and every hour; answers a function that stops the schedule. */
export function startHousekeeping(db: Db, cfg: Config, tasks: HousekeepingTask[] = housekeepingTasks) {
  const running = runHousekeeping(db, cfg, tasks);
  const timer = setInterval(() => void runHousekeeping(db, cfg, tasks), HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return { done: running, stop: () => clearInterval(timer) };
}
