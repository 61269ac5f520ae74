import { and, asc, count, eq, sql } from "drizzle-orm";
import { riders, runLogs } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce } from "~/lib/prepared.server";

export const RIDER_NOT_FOUND = "Rider not found";
const MAX_RIDERS = 50;

/** Built once per connection: the run log, the horse screens and Settings ask on every page (app/lib/prepared.server.ts). */
const ridersOf = preparedOnce((db) =>
  db
    .select({ id: riders.id, name: riders.name })
    .from(riders)
    .where(eq(riders.userId, sql.placeholder("userId")))
    .orderBy(asc(riders.createdAt), asc(riders.id))
    .prepare(),
);

/** A rider: id and name, oldest first (the order they were added). */
export function listRiders(db: Db, userId: string) {
  return ridersOf(db).all({ userId });
}
export type RiderView = ReturnType<typeof listRiders>[number];

const ridersWithRunsOf = preparedOnce((db) =>
  db
    .select({ id: riders.id, name: riders.name, runCount: count(runLogs.id) })
    .from(riders)
    .leftJoin(runLogs, eq(runLogs.riderId, riders.id))
    .where(eq(riders.userId, sql.placeholder("userId")))
    .groupBy(riders.id)
    .orderBy(asc(riders.createdAt), asc(riders.id))
    .prepare(),
);

/** The riders with how many runs each has, for Settings (removing one says what happens to them). */
export function listRidersWithRuns(db: Db, userId: string) {
  return ridersWithRunsOf(db).all({ userId });
}

const duplicateRiderMessage = (name: string) => `You already have a rider named ${name}. Add a last initial or a nickname to tell them apart.`;

/**
 * Adds a rider. Names are unique per account (ignoring case and outer
 * spaces): two riders called "Lily" could not be told apart in the run
 * form, filters or trends.
 */
export function addRider(db: Db, userId: string, name: string): RiderView {
  const clean = name.trim();
  return db.transaction((tx) => {
    const mine = tx.select({ n: count() }).from(riders).where(eq(riders.userId, userId)).get()?.n ?? 0;
    if (mine >= MAX_RIDERS) throw new HttpError(400, `You can keep up to ${MAX_RIDERS} riders`);
    const same = tx
      .select({ name: riders.name })
      .from(riders)
      .where(and(eq(riders.userId, userId), sql`lower(trim(${riders.name})) = ${clean.toLowerCase()}`))
      .get();
    if (same) throw new HttpError(409, duplicateRiderMessage(same.name));
    return tx.insert(riders).values({ userId, name: clean }).returning({ id: riders.id, name: riders.name }).get();
  });
}

/**
 * Deleting a rider keeps their runs as the account holder's own (the
 * foreign key sets rider_id to null); Settings says so before it happens.
 */
export function deleteRider(db: Db, userId: string, id: number) {
  const result = db.delete(riders).where(and(eq(riders.id, id), eq(riders.userId, userId))).run();
  if (result.changes === 0) throw new HttpError(404, RIDER_NOT_FOUND);
}
