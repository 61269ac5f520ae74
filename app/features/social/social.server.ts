import { and, eq } from "drizzle-orm";
import { follows, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { profileViewFor } from "./policies.server";

export function isFollowing(db: Db, followerId: string, followingId: string) {
  return Boolean(
    db
      .select({ id: follows.id })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
      .get(),
  );
}

/**
 * A profile as the viewer may see it, or null (missing, banned, SOLO: the
 * same answer). The limited view carries the first name and mode only.
 */
export function getProfile(db: Db, userId: string, viewer: User) {
  const target = db.select().from(users).where(eq(users.id, userId)).get();
  if (!target) return null;
  const view = profileViewFor(viewer, target, isFollowing(db, viewer.id, target.id));
  if (view === "hidden") return null;
  const base = { id: target.id, firstName: target.firstName, privacyMode: target.privacyMode, view, isOwner: viewer.id === target.id };
  if (view === "limited") return base;
  return {
    ...base,
    lastName: target.lastName,
    homeZipCode: target.homeZipCode,
    profileImageUrl: target.profileImageUrl,
    bio: target.bio,
    riderType: target.riderType,
    division: target.division,
  };
}
