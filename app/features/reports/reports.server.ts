import { eq } from "drizzle-orm";
import { userReports, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";

/** A rider reports another (never themselves); the report waits as PENDING for an admin. */
export function reportUser(db: Db, reporter: User, input: { reportedUserId: string; reason: string; description: string }) {
  if (input.reportedUserId === reporter.id) throw new HttpError(400, "You can't report yourself.");
  const target = db.select({ id: users.id }).from(users).where(eq(users.id, input.reportedUserId)).get();
  if (!target) throw new HttpError(404, "User not found");
  return db
    .insert(userReports)
    .values({ reporterId: reporter.id, reportedUserId: target.id, reason: input.reason, description: input.description || null })
    .returning({ id: userReports.id, status: userReports.status })
    .get();
}
