import { eq } from "drizzle-orm";
import { runLogs, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { canViewSharedRun } from "./policies.server";

/** SPEC.md "Shared run log", or null when missing or not visible (the same answer). */
export function getSharedRun(db: Db, id: string, viewer: User | null) {
  const row = db
    .select({ run: runLogs, owner: users })
    .from(runLogs)
    .innerJoin(users, eq(users.id, runLogs.userId))
    .where(eq(runLogs.id, id))
    .get();
  if (!row || !canViewSharedRun(viewer, row.run, row.owner)) return null;
  const { run, owner } = row;
  // An invite-only owner shows first name only to the world.
  const ownerName =
    owner.privacyMode === "PUBLIC" ? `${owner.firstName} ${owner.lastName}`.trim() : owner.firstName;
  return {
    id: run.id,
    arenaName: run.arenaName,
    ownerName,
    ownerFirstName: owner.firstName,
    createdAt: run.createdAt,
    horseName: run.horseName,
    time: run.time,
    rating: run.rating,
    tags: run.tags,
    notes: run.notes,
    videoUrl: run.videoUrl,
  };
}
export type SharedRun = NonNullable<ReturnType<typeof getSharedRun>>;
