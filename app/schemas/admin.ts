import { z } from "zod";
import { newPasswordField } from "./auth";

/** The admin inputs and their messages, shared by the dashboard's forms and /api/admin. */

/** An announcement refused says which of its fields is missing. */
export const NOTIFICATION_MESSAGES = {
  title: "Please fill in the title",
  message: "Please fill in the message",
  userIds: "Please select at least one user (if using selected users option)",
} as const;

/** An administrator sets a password under the riders' own rule. */
export const adminPasswordSchema = z.object({ newPassword: newPasswordField });

export const adminEmailSchema = z.object({
  newEmail: z
    .string({ required_error: "Email must contain @" })
    .trim()
    .toLowerCase()
    .refine((v) => v.includes("@"), "Email must contain @")
    .pipe(z.string().max(254, "Please enter a valid email address")),
});

export const reportStatusSchema = z.object({
  status: z.enum(["DISMISSED", "ACTION_TAKEN"], {
    errorMap: () => ({ message: "Status must be DISMISSED or ACTION_TAKEN" }),
  }),
});

export const showbillApprovalSchema = z.object({ approved: z.boolean({ required_error: "approved must be true or false" }) });

const requiredText = (max: number, missing: string, what: string) =>
  z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Keep the ${what} to ${max} characters`);

export const massNotificationSchema = z.object({
  type: z.literal("admin").optional().default("admin"),
  subtype: z.literal("announcement").optional().default("announcement"),
  title: requiredText(120, NOTIFICATION_MESSAGES.title, "title"),
  message: requiredText(1000, NOTIFICATION_MESSAGES.message, "message"),
});

export const sendNotificationSchema = massNotificationSchema.extend({
  userIds: z
    .array(z.string().min(1), { required_error: NOTIFICATION_MESSAGES.userIds })
    .min(1, NOTIFICATION_MESSAGES.userIds)
    .max(10_000),
});

export const userSearchSchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
