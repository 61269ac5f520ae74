import { and, count, eq, inArray, ne, sql, type Placeholder } from "drizzle-orm";
import { followRequests, follows, users, type User } from "#db/schema";
import { notifyUsers } from "~/features/notifications/notifications.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce } from "~/lib/prepared.server";
import { presentListedUser } from "./presenters.server";
import { isFollowing, nameSeenBy, viewOf } from "./social.server";
import { FOLLOW_REQUEST_WORDS, SOLO_STAYS_PRIVATE } from "~/schemas/constants";

const NOT_FOUND = () => new HttpError(404, "User not found");

/** The target of a follow: active and not SOLO, else it answers like a missing user. */
function followable(db: Db, viewer: User, targetId: string) {
  if (targetId === viewer.id) throw new HttpError(400, "You can't follow yourself.");
  const target = db.select().from(users).where(eq(users.id, targetId)).get();
  if (!target || !target.isActive || target.privacyMode === "SOLO") throw NOT_FOUND();
  return target;
}

/**
 * Follows a PUBLIC rider at once; asks an INVITE_ONLY rider for approval.
 * Idempotent: the unique indexes turn a double click into one row.
 */
export function follow(db: Db, viewer: User, targetId: string) {
  // A SOLO rider is never listed: a follow or a request would name them to the target.
  if (viewer.privacyMode === "SOLO") throw new HttpError(403, SOLO_STAYS_PRIVATE);
  const target = followable(db, viewer, targetId);
  if (isFollowing(db, viewer.id, target.id)) return { action: "following" as const, requiresApproval: false };
  if (target.privacyMode === "PUBLIC") {
    const inserted = db.insert(follows).values({ followerId: viewer.id, followingId: target.id }).onConflictDoNothing().run();
    if (inserted.changes) {
      const name = nameSeenBy(db, target, viewer);
      notifyUsers(db, [target.id], {
        type: "follow",
        title: "New follower",
        message: `${name} started following you.`,
        metadata: { followerId: viewer.id, followerName: name, followerProfileUrl: `/profile/${viewer.id}` },
      });
    }
    return { action: "followed" as const, requiresApproval: false };
  }
  const request = db
    .insert(followRequests)
    .values({ requesterId: viewer.id, targetId: target.id })
    .onConflictDoNothing()
    .returning({ id: followRequests.id })
    .get();
  if (request) {
    const name = nameSeenBy(db, target, viewer);
    notifyUsers(db, [target.id], {
      type: "follow_request",
      title: FOLLOW_REQUEST_WORDS.title,
      message: `${name} ${FOLLOW_REQUEST_WORDS.asks}`,
      metadata: { requestId: request.id, requesterName: name, requesterProfileUrl: `/profile/${viewer.id}` },
    });
  }
  return { action: "requested" as const, requiresApproval: true };
}

/** Stops following, and withdraws a pending request. */
export function unfollow(db: Db, viewer: User, targetId: string) {
  db.delete(follows).where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, targetId))).run();
  db.delete(followRequests)
    .where(and(eq(followRequests.requesterId, viewer.id), eq(followRequests.targetId, targetId), eq(followRequests.status, "PENDING")))
    .run();
  return { action: "unfollowed" as const };
}

const pendingRequest = preparedOnce((db) =>
  db
    .select({ id: followRequests.id })
    .from(followRequests)
    .where(
      and(
        eq(followRequests.requesterId, sql.placeholder("requesterId")),
        eq(followRequests.targetId, sql.placeholder("targetId")),
        // Written into the SQL, not bound: a parameter matched against a partial index's condition
        // (follow_requests_pending_pair_idx) is compiled again on every run (app/lib/prepared.server.ts).
        sql`${followRequests.status} = 'PENDING'`,
      ),
    )
    .prepare(),
);

/** Whether the viewer's request to follow the target waits for an answer: built once per connection. */
export function hasPendingRequest(db: Db, viewer: User, targetId: string) {
  return Boolean(pendingRequest(db).get({ requesterId: viewer.id, targetId }));
}

/** A profile's follow button. */
export function followStatus(db: Db, viewer: User, targetId: string) {
  return { isFollowing: isFollowing(db, viewer.id, targetId), hasPendingRequest: hasPendingRequest(db, viewer, targetId) };
}

/**
 * Only the target answers a request, and only once: the guarded update
 * makes concurrent approvals one follow.
 */
export function answerFollowRequest(db: Db, viewer: User, requestId: number, approve: boolean) {
  const answer = db.transaction((tx) => {
    const request = tx
      .update(followRequests)
      .set({ status: approve ? "APPROVED" : "REJECTED", respondedAt: new Date() })
      .where(and(eq(followRequests.id, requestId), eq(followRequests.targetId, viewer.id), eq(followRequests.status, "PENDING")))
      .returning()
      .get();
    if (!request) {
      const existing = tx.select().from(followRequests).where(eq(followRequests.id, requestId)).get();
      // Someone else's request answers like a missing one.
      if (!existing || existing.targetId !== viewer.id) throw new HttpError(404, "Follow request not found");
      throw new HttpError(409, "This request has already been answered.");
    }
    if (approve) {
      tx.insert(follows).values({ followerId: request.requesterId, followingId: viewer.id }).onConflictDoNothing().run();
    }
    return { status: request.status, requesterId: request.requesterId };
  });
  // The requester learns of an approval; a decline stays quiet, as most apps do.
  if (approve) {
    // The requester follows the approver now, so sees their full name.
    const name = nameSeenBy(db, { id: answer.requesterId }, viewer);
    notifyUsers(db, [answer.requesterId], {
      type: "follow",
      subtype: "request_approved",
      title: FOLLOW_REQUEST_WORDS.approved,
      message: `${name} approved your follow request.`,
      metadata: { approverId: viewer.id, approverName: name, approverProfileUrl: `/profile/${viewer.id}` },
    });
  }
  return { status: answer.status };
}

/** The requester or the target may read a request's status; anyone else gets 404. */
export function followRequestStatus(db: Db, viewer: User, requestId: number) {
  const request = db.select().from(followRequests).where(eq(followRequests.id, requestId)).get();
  if (!request || (request.requesterId !== viewer.id && request.targetId !== viewer.id)) {
    throw new HttpError(404, "Follow request not found");
  }
  return { status: request.status };
}

/** A profile's people (counts and lists) are visible only with the full profile view. */
function visibleTarget(db: Db, viewer: User, userId: string) {
  const seen = viewOf(db, viewer, userId);
  if (!seen) throw NOT_FOUND();
  if (seen.view === "limited") throw new HttpError(403, "This rider approves who sees their profile.");
  return seen.target;
}

/**
 * A profile's followers or following as anyone sees them: active riders who
 * are not Private (SOLO). A Private rider is invisible, so neither listed
 * nor counted, and a count always matches its list.
 */
function shownPeople(which: "followers" | "following", userId: string | Placeholder) {
  const [mine, theirs] = which === "followers" ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
  return { person: eq(users.id, theirs), where: and(eq(mine, userId), eq(users.isActive, true), ne(users.privacyMode, "SOLO")) };
}

const countOf = (which: "followers" | "following") =>
  preparedOnce((db) => {
    const shown = shownPeople(which, sql.placeholder("userId"));
    return db.select({ n: count() }).from(follows).innerJoin(users, shown.person).where(shown.where).prepare();
  });
const peopleCounts = { followers: countOf("followers"), following: countOf("following") };

/** On every profile with the full view: built once per connection. */
function countPeople(db: Db, userId: string, which: "followers" | "following") {
  return peopleCounts[which](db).get({ userId })?.n ?? 0;
}

export function followCounts(db: Db, viewer: User, userId: string) {
  return followCountsOf(db, visibleTarget(db, viewer, userId).id);
}

/** The counts of a rider whose full profile the caller has found the viewer may see. */
export function followCountsOf(db: Db, userId: string) {
  return { followersCount: countPeople(db, userId, "followers"), followingCount: countPeople(db, userId, "following") };
}

/** Followers or following of a profile (the people followCounts counts), each shown as the viewer may see them. */
export function listPeople(db: Db, viewer: User, userId: string, which: "followers" | "following") {
  return listPeopleOf(db, viewer, visibleTarget(db, viewer, userId).id, which);
}

/** The list of a rider whose full profile the caller has found the viewer may see. */
export function listPeopleOf(db: Db, viewer: User, userId: string, which: "followers" | "following") {
  const shown = shownPeople(which, userId);
  const people = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl, homeZipCode: users.homeZipCode, privacyMode: users.privacyMode })
    .from(follows)
    .innerJoin(users, shown.person)
    .where(shown.where)
    .orderBy(users.firstName)
    .limit(500)
    .all();
  const followed = viewerFollows(db, viewer, people.map((p) => p.id));
  return people.map((p) => presentListedUser(p, p.id === viewer.id || p.privacyMode === "PUBLIC" || followed.has(p.id)));
}

/** Which of these people the viewer follows, in one query. */
export function viewerFollows(db: Db, viewer: User, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = db
    .select({ id: follows.followingId })
    .from(follows)
    .where(and(eq(follows.followerId, viewer.id), inArray(follows.followingId, ids)))
    .all();
  return new Set(rows.map((r) => r.id));
}


/** Follow state of the viewer toward each of these people, in two queries (for search results). */
export function followStates(db: Db, viewer: User, ids: string[]) {
  const following = viewerFollows(db, viewer, ids);
  const pending = new Set(
    ids.length
      ? db
          .select({ id: followRequests.targetId })
          .from(followRequests)
          .where(and(eq(followRequests.requesterId, viewer.id), inArray(followRequests.targetId, ids), eq(followRequests.status, "PENDING")))
          .all()
          .map((r) => r.id)
      : [],
  );
  return new Map(ids.map((id) => [id, { isFollowing: following.has(id), hasPendingRequest: pending.has(id) }]));
}
