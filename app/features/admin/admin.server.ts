import { and, count, eq, isNotNull } from "drizzle-orm";
import { events, users } from "#db/schema";
import type { Db } from "~/lib/db.server";

/** The four stat cards of /admin. */
export function adminStats(db: Db) {
  const n = (q: { n: number } | undefined) => q?.n ?? 0;
  return {
    totalUsers: n(db.select({ n: count() }).from(users).get()),
    activeUsers: n(db.select({ n: count() }).from(users).where(eq(users.isActive, true)).get()),
    totalEvents: n(db.select({ n: count() }).from(events).get()),
    // A showbill is pending review when it has a file and is not approved.
    pendingShowbills: n(
      db
        .select({ n: count() })
        .from(events)
        .where(and(isNotNull(events.showbillUrl), eq(events.showbillApproved, false)))
        .get(),
    ),
  };
}
