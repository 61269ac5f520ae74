import { and, count, desc, eq, sql } from "drizzle-orm";
import { followRequests, notifications, users } from "#db/schema";
import { profileViewFor } from "~/features/social/policies.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { publishUserChange } from "~/lib/live.server";
import { boundLimit, preparedOnce } from "~/lib/prepared.server";

const unreadOf = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.isRead, false)))
    .prepare(),
);

/** On every page (the badge): a query built once. */
export function unreadCount(db: Db, userId: string): number {
  return unreadOf(db).get({ userId })?.n ?? 0;
}

export type NewNotice = {
  type: string;
  subtype?: string | null;
  title: string;
  message: string;
  relatedEventId?: string | null;
  relatedRunLogId?: string | null;
  metadata?: Record<string, unknown> | null;
};

/** One notification to each of the given users, in one statement per user batch. */
export function notifyUsers(db: Db, userIds: string[], notice: NewNotice): number {
  if (userIds.length === 0) return 0;
  const rows = userIds.map((userId) => ({ userId, ...notice }));
  let count = 0;
  // SQLite caps bound parameters per statement; 500 rows stay well under it.
  for (let i = 0; i < rows.length; i += 500) {
    count += db.insert(notifications).values(rows.slice(i, i + 500)).run().changes;
  }
  publishUserChange(userIds);
  return count;
}

/** An announcement to every active user, as one INSERT ... SELECT. */
export function notifyAllActiveUsers(db: Db, notice: NewNotice): number {
  const metadata = notice.metadata ? JSON.stringify(notice.metadata) : null;
  const { changes } = db.run(sql`
    INSERT INTO notifications (user_id, type, subtype, title, message, metadata, is_read, created_at)
    SELECT id, ${notice.type}, ${notice.subtype ?? null}, ${notice.title}, ${notice.message}, ${metadata}, 0, ${Date.now()}
    FROM users WHERE is_active = 1`);
  publishUserChange("all");
  return changes;
}

/** The viewer's list, newest first: on every visit to the screen, so built once. */
const listQuery = (db: Db, unreadOnly: boolean) =>
  db
    .select()
    .from(notifications)
    .where(
      unreadOnly
        ? and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.isRead, false))
        : eq(notifications.userId, sql.placeholder("userId")),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(boundLimit("limit"))
    .prepare();
const listOf = preparedOnce((db) => listQuery(db, false));
const unreadListOf = preparedOnce((db) => listQuery(db, true));

/** The API answers the newest 100; the screen shows 30 at a time. */
const NOTIFICATIONS_LIMIT = 100;
export const NOTIFICATIONS_PAGE = 30;

/** Metadata may be stored as an object or as JSON text (older rows hold text): read both. */
function readMetadata(value: unknown): Record<string, unknown> | null {
  if (value == null) return null;
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value);
      return parsed && typeof parsed === "object" ? parsed : null;
    } catch {
      return null;
    }
  }
  return typeof value === "object" ? (value as Record<string, unknown>) : null;
}

/*
 * The follow requests and riders a list names, by queries built once: the
 * ids travel as one JSON array (json_each), so the SQL is the same whatever
 * their number.
 */
const requestsOf = preparedOnce((db) =>
  db
    .select({ id: followRequests.id, status: followRequests.status, requesterId: followRequests.requesterId })
    .from(followRequests)
    // The unary + keeps the planner on the ids (the primary key), not on every request the rider ever had.
    .where(sql`${followRequests.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")})) AND +${followRequests.targetId} = ${sql.placeholder("userId")}`)
    .prepare(),
);
const actorsOf = preparedOnce((db) =>
  db
    .select({ id: users.id, privacyMode: users.privacyMode, isActive: users.isActive })
    .from(users)
    .where(sql`${users.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .prepare(),
);

/** Metadata that names the rider a notification is about (a follow, a follow request, a share). */
const ACTOR_NAMES = ["followerName", "requesterName", "sharedByName", "approverName"];
const ACTOR_FIELDS = [...ACTOR_NAMES, "followerId", "followerProfileUrl", "requesterProfileUrl", "sharedById", "approverId", "approverProfileUrl"];

/**
 * The viewer's notifications, newest first; a follow request carries its
 * current status. A rider the viewer may no longer see at all (gone Private
 * or banned since, `profileViewFor` "hidden") is not named: "A rider" instead
 * of their name, no link to them and no request to approve.
 */
export function listNotifications(db: Db, userId: string, { unreadOnly = false, limit = NOTIFICATIONS_LIMIT } = {}) {
  const rows = (unreadOnly ? unreadListOf : listOf)(db).all({ userId, limit });
  const items = rows.map((n) => ({
    id: n.id,
    type: n.type,
    subtype: n.subtype,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    relatedEventId: n.relatedEventId,
    relatedRunLogId: n.relatedRunLogId,
    metadata: readMetadata(n.metadata),
    createdAt: n.createdAt,
  }));
  const requestIds = items
    .filter((n) => n.type === "follow_request")
    .map((n) => Number(n.metadata?.requestId))
    .filter(Number.isInteger);
  const requests = new Map<number, { status: string; requesterId: string }>();
  if (requestIds.length) {
    for (const r of requestsOf(db).all({ ids: JSON.stringify(requestIds), userId })) requests.set(r.id, r);
  }
  const withActors = items.map((n) => {
    const request = n.type === "follow_request" ? requests.get(Number(n.metadata?.requestId)) : undefined;
    const actor = n.metadata?.followerId ?? n.metadata?.sharedById ?? n.metadata?.approverId ?? request?.requesterId;
    return { n, requestStatus: request?.status ?? null, actor: typeof actor === "string" ? actor : null };
  });
  const actorIds = [...new Set(withActors.flatMap(({ actor }) => (actor ? [actor] : [])))];
  const hidden = new Set(
    actorIds.length
      ? actorsOf(db)
          .all({ ids: JSON.stringify(actorIds) })
          .filter((person) => profileViewFor({ id: userId }, person, false) === "hidden")
          .map((person) => person.id)
      : [],
  );
  return withActors.map(({ n, requestStatus, actor }) => {
    if (!actor || !hidden.has(actor)) return { ...n, requestStatus };
    const name = ACTOR_NAMES.map((key) => n.metadata?.[key]).find((v): v is string => typeof v === "string");
    const unname = (text: string) => (name && text.startsWith(name) ? `A rider${text.slice(name.length)}` : text);
    const metadata = Object.fromEntries(Object.entries(n.metadata ?? {}).filter(([key]) => !ACTOR_FIELDS.includes(key)));
    return { ...n, title: unname(n.title), message: unname(n.message), metadata, requestStatus: null };
  });
}
export type NotificationItem = ReturnType<typeof listNotifications>[number];

export function markRead(db: Db, userId: string, id: number) {
  const row = db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
    .get();
  if (!row) throw new HttpError(404, "Notification not found");
  publishUserChange([userId]);
}

export function markAllRead(db: Db, userId: string) {
  const { changes } = db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .run();
  publishUserChange([userId]);
  return changes;
}
