import { and, asc, eq } from "drizzle-orm";
import { riders } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";

export const RIDER_NOT_FOUND = "Rider not found";
export const MAX_RIDERS = 50;

/** SPEC.md "Rider": id and name, oldest first (the order they were added). */
export function listRiders(db: Db, userId: string) {
  return db
    .select({ id: riders.id, name: riders.name })
    .from(riders)
    .where(eq(riders.userId, userId))
    .orderBy(asc(riders.createdAt), asc(riders.id))
    .all();
}
export type RiderView = ReturnType<typeof listRiders>[number];

export function addRider(db: Db, userId: string, name: string): RiderView {
  if (listRiders(db, userId).length >= MAX_RIDERS) throw new HttpError(400, `You can keep up to ${MAX_RIDERS} riders`);
  return db.insert(riders).values({ userId, name }).returning({ id: riders.id, name: riders.name }).get();
}

/** Deleting a rider keeps their runs, unlinked (the foreign key sets rider_id to null). */
export function deleteRider(db: Db, userId: string, id: number) {
  const result = db.delete(riders).where(and(eq(riders.id, id), eq(riders.userId, userId))).run();
  if (result.changes === 0) throw new HttpError(404, RIDER_NOT_FOUND);
}
