import { eq } from "drizzle-orm";
import { userReports, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";

export const ALREADY_REPORTED_RIDER = "You already reported this rider. An admin will review it.";

/**
 * A rider reports another (never themselves); the report waits as PENDING
 * for an admin. One open report per rider per rider (a unique index): a
 * second one before a moderator answers the first is refused with 409.
 */
export function reportUser(db: Db, reporter: User, input: { reportedUserId: string; reason: string; description: string }) {
  if (input.reportedUserId === reporter.id) throw new HttpError(400, "You can't report yourself.");
  const target = db.select({ id: users.id }).from(users).where(eq(users.id, input.reportedUserId)).get();
  if (!target) throw new HttpError(404, "User not found");
  const report = db
    .insert(userReports)
    .values({ reporterId: reporter.id, reportedUserId: target.id, reason: input.reason, description: input.description || null })
    .onConflictDoNothing()
    .returning({ id: userReports.id, status: userReports.status })
    .get();
  if (!report) throw new HttpError(409, ALREADY_REPORTED_RIDER);
  return report;
}
