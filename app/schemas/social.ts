import { z } from "zod";
import { RADIUS_OPTIONS, REASON_MAX, REPORT_DESCRIPTION_MAX } from "./constants";

export const USER_REPORT_REASONS = ["harassment", "inappropriate-content", "spam", "fake-profile", "safety-concern", "other"] as const;
export const USER_REPORT_LABELS: Record<(typeof USER_REPORT_REASONS)[number], string> = {
  harassment: "Harassment",
  "inappropriate-content": "Inappropriate content",
  spam: "Spam",
  "fake-profile": "Fake profile",
  "safety-concern": "Safety concern",
  other: "Other",
};

export const followSchema = z.object({ targetId: z.string({ required_error: "targetId is required" }).min(1, "targetId is required") });

export const peopleSearchSchema = z
  .object({
    query: z.string().trim().max(100).optional(),
    zipCode: z.string().trim().regex(/^\d{5}$/, "ZIP code must be 5 digits").optional(),
    radius: z.coerce
      .number()
      .refine((r) => (RADIUS_OPTIONS as readonly number[]).includes(r), "Radius must be 25, 50, 100 or 200 miles")
      .optional(),
    viewAll: z.boolean().optional(),
  })
  .refine((v) => v.viewAll || (v.query && v.query.length > 0) || (v.zipCode && v.radius), {
    message: "Enter a name, or a ZIP code and a radius",
  });

export const userReportSchema = z.object({
  reportedUserId: z.string().min(1),
  reason: z.enum(USER_REPORT_REASONS, { errorMap: () => ({ message: "Please select a reason for reporting" }) }).pipe(z.string().max(REASON_MAX)),
  description: z
    .string()
    .trim()
    .max(REPORT_DESCRIPTION_MAX, "Description must be 500 characters or less")
    .optional()
    .default(""),
});

export const shareEventSchema = z.object({
  eventId: z.string({ required_error: "eventId is required" }).min(1, "eventId is required"),
  targetUserId: z.string({ required_error: "Select a rider to share with" }).min(1, "Select a rider to share with"),
});

export const shareRunSchema = z.object({
  runLogId: z.string({ required_error: "runLogId is required" }).min(1, "runLogId is required"),
  targetUserId: z.string({ required_error: "Select a rider to share with" }).min(1, "Select a rider to share with"),
});
