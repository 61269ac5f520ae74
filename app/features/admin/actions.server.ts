import { z } from "zod";
import type { User } from "#db/schema";
import { reviewRevision } from "~/features/events/revisions.server";
import type { Db } from "~/lib/db.server";
import { adminEmailSchema, adminPasswordSchema, massNotificationSchema, reportStatusSchema, sendNotificationSchema } from "~/schemas/admin";
import {
  activeUserCount,
  banUser,
  changeUserEmail,
  deleteEvent,
  deleteRun,
  resetUserPassword,
  reviewEventReport,
  reviewUserReport,
  sendAnnouncementTo,
  sendAnnouncementToAll,
  reviewShowbill,
  unbanUser,
} from "./admin.server";

/** Every form of the dashboard, one named intent each. */
export const adminIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("ban"), userId: z.string() }),
  z.object({ intent: z.literal("unban"), userId: z.string() }),
  z.object({ intent: z.literal("reset-password"), userId: z.string() }).merge(adminPasswordSchema),
  z.object({ intent: z.literal("change-email"), userId: z.string() }).merge(adminEmailSchema),
  z.object({ intent: z.literal("review-user-report"), reportId: z.coerce.number() }).merge(reportStatusSchema),
  z.object({ intent: z.literal("review-event-report"), reportId: z.coerce.number() }).merge(reportStatusSchema),
  z.object({ intent: z.literal("showbill"), eventId: z.string(), approved: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("revision"), eventId: z.string(), approved: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete-event"), eventId: z.string() }),
  z.object({ intent: z.literal("delete-run"), runId: z.string() }),
  z.object({ intent: z.literal("notify-all"), confirmed: z.literal("yes").optional() }).merge(massNotificationSchema),
  z.object({ intent: z.literal("notify-edit") }).merge(massNotificationSchema.partial()),
  z.object({ intent: z.literal("notify-selected") }).merge(sendNotificationSchema),
]);
export type AdminIntent = z.infer<typeof adminIntentSchema>;

export type Announcement = { title: string; message: string };

/** What a dashboard form leads to: done (a toast), or a question or a draft shown on the tab. */
export type AdminOutcome =
  | { done: { title: string; description?: string } }
  | { confirmAll: Announcement & { recipients: number } }
  | { draft: Announcement };

const users_ = (n: number) => `${n} ${n === 1 ? "user" : "users"}`;

/** Carries out one dashboard intent for an administrator. */
export async function runAdminIntent(db: Db, admin: User, input: AdminIntent): Promise<AdminOutcome> {
  const done = (title: string, description?: string) => ({ done: { title, description } });
  switch (input.intent) {
    case "ban":
      banUser(db, admin, input.userId);
      return done("User Banned");
    case "unban":
      unbanUser(db, admin, input.userId);
      return done("User Unbanned");
    case "reset-password":
      await resetUserPassword(db, admin, input.userId, input.newPassword);
      return done("Password Reset", "The rider was emailed and signed out everywhere.");
    case "change-email":
      changeUserEmail(db, admin, input.userId, input.newEmail);
      return done("Email Updated");
    case "review-user-report":
      reviewUserReport(db, admin, input.reportId, input.status);
      return done("Report Updated");
    case "review-event-report":
      reviewEventReport(db, admin, input.reportId, input.status);
      return done("Event Report Updated");
    case "showbill":
      return done(reviewShowbill(db, admin, input.eventId, input.approved === "true"));
    case "revision":
      reviewRevision(db, admin, input.eventId, input.approved === "true");
      return done(input.approved === "true" ? "Change Approved" : "Change Rejected");
    case "delete-event":
      deleteEvent(db, admin, input.eventId);
      return done("Event Deleted");
    case "delete-run":
      deleteRun(db, admin, input.runId);
      return done("Run log deleted");
    case "notify-all": {
      const { title, message } = input;
      // Reaching every rider asks first, with how many it would reach.
      if (input.confirmed !== "yes") return { confirmAll: { title, message, recipients: activeUserCount(db) } };
      return done("Notification Sent", `Sent to ${users_(sendAnnouncementToAll(db, admin, input))}.`);
    }
    case "notify-edit":
      return { draft: { title: input.title ?? "", message: input.message ?? "" } };
    case "notify-selected":
      return done("Notification Sent", `Sent to ${users_(sendAnnouncementTo(db, admin, input.userIds, input))}.`);
  }
}

