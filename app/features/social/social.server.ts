import { and, eq, sql } from "drizzle-orm";
import { follows, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { preparedOnce } from "~/lib/prepared.server";
import { profileViewFor } from "./policies.server";

/*
 * A profile page asks who the rider is and whether the viewer follows them
 * for the profile, its follow button and its counts: each query is built
 * once per connection, and reads only what a profile shows and its rules use.
 */

const followRow = preparedOnce((db) =>
  db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, sql.placeholder("followerId")), eq(follows.followingId, sql.placeholder("followingId"))))
    .prepare(),
);

export function isFollowing(db: Db, followerId: string, followingId: string) {
  return Boolean(followRow(db).get({ followerId, followingId }));
}

/**
 * A rider's name as `reader` may read it in a notification: the full name
 * where the reader sees the full profile, the first name where they see the
 * limited one (an Invite Only rider they do not follow), as profiles do.
 */
export function nameSeenBy(db: Db, reader: Pick<User, "id">, person: Pick<User, "id" | "firstName" | "lastName" | "privacyMode" | "isActive">) {
  const view = profileViewFor(reader, person, person.privacyMode === "INVITE_ONLY" && isFollowing(db, reader.id, person.id));
  return view === "full" ? `${person.firstName} ${person.lastName ?? ""}`.trim() : person.firstName;
}

const personById = preparedOnce((db) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      homeZipCode: users.homeZipCode,
      profileImageUrl: users.profileImageUrl,
      bio: users.bio,
      riderType: users.riderType,
      division: users.division,
      privacyMode: users.privacyMode,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare(),
);

/** A rider as a profile shows them, with what the visibility rules need (no credentials, no email). */
function findPerson(db: Db, id: string) {
  return personById(db).get({ id }) ?? null;
}

/**
 * Who the rider is, whether the viewer follows them, and so which view of
 * their profile the viewer gets; null when missing, banned or SOLO to the
 * viewer (the same answer). Read once for everything a profile shows. The
 * one statement of the rule: a profile, its people, and its runs (also to a
 * signed-out viewer, through the runs API) all ask it.
 */
export function viewOf(db: Db, viewer: Pick<User, "id"> | null, userId: string) {
  const target = findPerson(db, userId);
  if (!target) return null;
  const follows = viewer ? isFollowing(db, viewer.id, target.id) : false;
  const view = profileViewFor(viewer, target, follows);
  return view === "hidden" ? null : { target, follows, view };
}

/** The profile itself as `viewOf` decided it: the limited view carries the first name and mode only. */
export function presentProfile({ target, view }: NonNullable<ReturnType<typeof viewOf>>, viewer: User) {
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

/** A profile as the viewer may see it, or null (missing, banned, SOLO: the same answer). */
export function getProfile(db: Db, userId: string, viewer: User) {
  const seen = viewOf(db, viewer, userId);
  return seen && presentProfile(seen, viewer);
}
