import { count, desc, eq, sql } from "drizzle-orm";
import { jobs } from "#db/schema";
import type { Db } from "~/lib/db.server";

/** How many failed deliveries the dashboard lists (newest first); the count covers all. */
const FAILED_JOBS_SHOWN = 20;

/**
 * Deliveries that will not be tried again: failed after the last retry, or
 * interrupted mid-send by a crash (never re-run, so nothing goes out twice).
 */
export function failedJobs(db: Db) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      key: jobs.key,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: sql<number>`coalesce(${jobs.finishedAt}, ${jobs.startedAt}, ${jobs.dueAt})`.mapWith((ms: number) => new Date(ms)),
    })
    .from(jobs)
    .where(eq(jobs.status, "failed"))
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(FAILED_JOBS_SHOWN)
    .all();
}

export const countFailedJobs = (db: Db) => db.select({ n: count() }).from(jobs).where(eq(jobs.status, "failed")).get()?.n ?? 0;
