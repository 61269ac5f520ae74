import { and, count, eq } from "drizzle-orm";
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
