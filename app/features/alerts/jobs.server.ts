import { and, eq } from "drizzle-orm";
import { jobs } from "#db/schema";
import type { Db } from "~/lib/db.server";

/**
 * The durable job table: work done outside a request (an alert's email or
 * push, a reminder at its time, a digest). server/jobs.ts runs it. A key
 * names one piece of work for ever: enqueueing it again is a no-op, which
 * is what makes an alert happen once however often the event that causes
 * it is seen.
 */
export type NewJob = { kind: string; key: string; dueAt: Date; payload?: Record<string, unknown> };

/** True if the job was added; false if a job with this key exists, whatever its state. */
export function enqueueJob(db: Db, job: NewJob): boolean {
  const { changes } = db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, dueAt: job.dueAt, payload: job.payload ?? null })
    .onConflictDoNothing({ target: jobs.key })
    .run();
  return changes === 1;
}

/** Moves a job that has not run yet; false if there is none pending with this key. */
export function rescheduleJob(db: Db, key: string, dueAt: Date, payload?: Record<string, unknown>): boolean {
  const { changes } = db
    .update(jobs)
    .set(payload === undefined ? { dueAt } : { dueAt, payload })
    .where(and(eq(jobs.key, key), eq(jobs.status, "pending")))
    .run();
  return changes === 1;
}

/** Removes a job that has not run yet; false if there is none pending with this key. */
export function cancelJob(db: Db, key: string): boolean {
  const { changes } = db
    .delete(jobs)
    .where(and(eq(jobs.key, key), eq(jobs.status, "pending")))
    .run();
  return changes === 1;
}
