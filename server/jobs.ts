import { and, asc, eq, inArray, lt, lte, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs, type Job } from "../db/schema";
import type { Config } from "../app/lib/config.server";
import { now } from "../app/lib/clock.server";
import { REMINDER_JOB, runReminder } from "../app/features/events/reminders.server";
import { runAlertDigest, runAlertEmail } from "../app/features/alerts/email.server";
import { runAlertPush } from "../app/features/alerts/push.server";
import { MATCH_JOB, runSavedSearchMatch } from "../app/features/alerts/matching.server";
import { PAPER_REMINDER_JOB, paperReminderJob } from "../app/features/horses/paperReminders.server";
import { SEASON_ALERTS_JOB, runSeasonAlerts } from "../app/features/season/notify.server";

/**
 * Runs the durable jobs of the `jobs` table (app/features/alerts/jobs.server.ts
 * enqueues them). One runner per installation: in the primary process, or
 * the only process with WEB_CONCURRENCY=1, beside housekeeping.
 *
 * A job is marked `running` (committed) before its handler runs and `done`
 * after it. A handler that throws is tried again later (RETRY_AFTER_MS),
 * then marked `failed` and shown to admins. A job still `running` when the
 * runner starts was cut off mid-send by a crash or a kill: whether its mail
 * or push went out is unknown, so it is marked failed, never sent again,
 * unless its kind only writes to the database (RERUN_WHEN_INTERRUPTED).
 */
type JobContext = { cfg: Config; now: Date };
export type JobHandler = (db: Db, job: Job, ctx: JobContext) => void | Promise<void>;

const jobHandlers: Record<string, JobHandler> = {
  [REMINDER_JOB]: runReminder,
  "alert-email": runAlertEmail,
  "alert-digest": runAlertDigest,
  "alert-push": runAlertPush,
  [MATCH_JOB]: runSavedSearchMatch,
  [PAPER_REMINDER_JOB]: paperReminderJob,
  [SEASON_ALERTS_JOB]: (db, job) => {
    runSeasonAlerts(db, job);
  },
};

/** Kinds whose handlers only write rows keyed to happen once (they call sendAlert): safe to run again. */
const RERUN_WHEN_INTERRUPTED = new Set<string>([REMINDER_JOB, MATCH_JOB, PAPER_REMINDER_JOB, SEASON_ALERTS_JOB]);

/** Waits before the 2nd, 3rd, 4th and 5th attempts; after the 5th a job is failed. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_AFTER_MS.length + 1;
export const INTERRUPTED = "interrupted: the server stopped while this ran, so it is not run again (it may have been sent)";

const log = (line: Record<string, unknown>) =>
  (line.level === "error" ? console.error : console.log)(JSON.stringify(line));

/**
 * Takes the next due job and marks it running, in one immediate transaction.
 * A plain read looks first: polling when nothing is due never asks for the
 * write lock, so the process running the jobs (the primary, which also hands
 * connections to the workers) does not wait on another process's write.
 */
function claimNext(db: Db, at: Date): Job | undefined {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), lte(jobs.dueAt, at)))
    .limit(1)
    .get();
  if (!due) return undefined;
  return db.transaction((tx) => {
    const job = tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, "pending"), lte(jobs.dueAt, at)))
      .orderBy(asc(jobs.dueAt), asc(jobs.id))
      .limit(1)
      .get();
    if (!job) return undefined;
    const attempts = job.attempts + 1;
    tx.update(jobs).set({ status: "running", startedAt: at, attempts }).where(eq(jobs.id, job.id)).run();
    return { ...job, status: "running" as const, startedAt: at, attempts };
  });
}

async function runOne(db: Db, cfg: Config, job: Job, handlers: Record<string, JobHandler>) {
  const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
  try {
    if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
    await handler(db, job, { cfg, now: now() });
    db.update(jobs).set({ status: "done", finishedAt: now(), lastError: null }).where(eq(jobs.id, job.id)).run();
  } catch (error) {
    const lastError = String((error as Error)?.message ?? error).slice(0, 500);
    const retryIn = handler ? RETRY_AFTER_MS[job.attempts - 1] : undefined;
    if (retryIn === undefined) {
      db.update(jobs).set({ status: "failed", finishedAt: now(), lastError }).where(eq(jobs.id, job.id)).run();
      log({ level: "error", msg: "job failed", kind: job.kind, key: job.key, attempts: job.attempts, error: lastError });
    } else {
      db.update(jobs)
        .set({ status: "pending", dueAt: new Date(now().getTime() + retryIn), lastError })
        .where(eq(jobs.id, job.id))
        .run();
      log({ level: "error", msg: "job will be retried", kind: job.kind, key: job.key, attempts: job.attempts, retryInMs: retryIn, error: lastError });
    }
  }
}

/** Runs every job due now, one after another; answers how many ran. */
export async function runDueJobs(db: Db, cfg: Config, handlers = jobHandlers): Promise<number> {
  let ran = 0;
  for (let job = claimNext(db, now()); job; job = claimNext(db, now())) {
    await runOne(db, cfg, job, handlers);
    ran++;
  }
  return ran;
}

/** At start: jobs a stopped process left running. */
export function settleInterrupted(db: Db, rerun = RERUN_WHEN_INTERRUPTED) {
  const again = [...rerun];
  const rerunCount = again.length
    ? db.update(jobs).set({ status: "pending" }).where(and(eq(jobs.status, "running"), inArray(jobs.kind, again))).run().changes
    : 0;
  const failed = db
    .update(jobs)
    .set({ status: "failed", finishedAt: now(), lastError: INTERRUPTED })
    .where(eq(jobs.status, "running"))
    .run().changes;
  if (rerunCount || failed) log({ level: "error", msg: "jobs interrupted by a stop", failed, rerun: rerunCount });
}

/** Finished deliveries older than this are removed by housekeeping; the once-only ledger rows (kind "alert") stay. */
const KEEP_FINISHED_JOBS_MS = 30 * 24 * 60 * 60 * 1000;

export function pruneFinishedJobs(db: Db) {
  return db
    .delete(jobs)
    .where(and(inArray(jobs.status, ["done", "failed"]), ne(jobs.kind, "alert"), lt(jobs.finishedAt, new Date(now().getTime() - KEEP_FINISHED_JOBS_MS))))
    .run().changes;
}

const JOBS_POLL_MS = 2000;

/**
 * Looks for due jobs every `pollMs` and runs them. `runNow()` runs what is
 * due at once (after any run in progress) and resolves when done.
 */
export function startJobRunner(db: Db, cfg: Config, { pollMs = JOBS_POLL_MS, handlers = jobHandlers } = {}) {
  settleInterrupted(db);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = running.then(() =>
      stopped ? 0 : runDueJobs(db, cfg, handlers).catch((error) => log({ level: "error", msg: "job runner", error: String(error) })),
    );
    return running;
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  void tick();
  return {
    runNow: async () => {
      await tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
