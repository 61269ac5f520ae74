import { and, count, eq, sql } from "drizzle-orm";
import { notifications } from "#db/schema";
import type { Db } from "~/lib/db.server";

export function unreadCount(db: Db, userId: string): number {
  return (
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .get()?.n ?? 0
  );
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
  return count;
}

/** An announcement to every active user, as one INSERT ... SELECT. */
export function notifyAllActiveUsers(db: Db, notice: NewNotice): number {
  const metadata = notice.metadata ? JSON.stringify(notice.metadata) : null;
  return db.run(sql`
    INSERT INTO notifications (user_id, type, subtype, title, message, metadata, is_read, created_at)
    SELECT id, ${notice.type}, ${notice.subtype ?? null}, ${notice.title}, ${notice.message}, ${metadata}, 0, ${Date.now()}
    FROM users WHERE is_active = 1`).changes;
}
