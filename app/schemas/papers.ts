import { z } from "zod";
import type { HorseDocumentKind } from "#db/schema/horses";

/**
 * A horse's papers: what kinds there are, how they read, and the rules of
 * their dates, shared by the papers form, its action and the /api.
 */
// The column's own list (db/schema/horses.ts), written out so the browser's bundle carries no database code.
export const PAPER_KINDS = ["coggins", "health_certificate", "brand_inspection", "registration", "other"] as const satisfies readonly HorseDocumentKind[];
export type PaperKind = (typeof PAPER_KINDS)[number];

export const PAPER_LABELS: Record<PaperKind, string> = {
  coggins: "Coggins (EIA test)",
  health_certificate: "Health certificate",
  brand_inspection: "Brand inspection",
  registration: "Registration papers",
  other: "Other",
};

/** Short names for titles and reminders: "Dash's Coggins expires in 7 days". */
export const PAPER_SHORT: Record<PaperKind, string> = {
  coggins: "Coggins",
  health_certificate: "Health certificate",
  brand_inspection: "Brand inspection",
  registration: "Registration papers",
  other: "Paper",
};

/** Papers that are only good until a date: they need one (others, such as registration papers, may have none). */
const EXPIRING_KINDS: readonly PaperKind[] = ["coggins", "health_certificate"];

/** Reminders go this many days before a paper expires, and on the day. */
export const REMINDER_DAYS = [30, 7, 0] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

export const PAPER_MESSAGES = {
  kind: "Choose what kind of paper this is",
  date: "Enter a date as YYYY-MM-DD",
  expiresRequired: "Enter the date this paper expires",
  expiresAfterIssued: "The expiry date must be after the date issued",
  issuedInFuture: "The date issued cannot be later than today",
  file: "Choose the file of the paper (a photo, a scan or a PDF)",
} as const;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isDay(v), PAPER_MESSAGES.date);

/** The dates of a paper, checked together: some kinds must expire, and expiry comes after issue. */
const withDates = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, issuedOn: day, expiresOn: day })
    .superRefine((value, ctx) => {
      const kind = (value as { kind?: PaperKind }).kind;
      if (kind && EXPIRING_KINDS.includes(kind) && !value.expiresOn) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["expiresOn"], message: PAPER_MESSAGES.expiresRequired });
      }
      if (value.issuedOn && value.expiresOn && value.expiresOn <= value.issuedOn) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["expiresOn"], message: PAPER_MESSAGES.expiresAfterIssued });
      }
    });

/** A new paper's fields (the file travels beside them). */
export const paperSchema = withDates({
  kind: z.enum(PAPER_KINDS, { errorMap: () => ({ message: PAPER_MESSAGES.kind }) }),
});
export type PaperInput = z.infer<typeof paperSchema>;

/** New dates for a paper on record (JSON): a field left out stays, null clears it. */
const patchDay = z.string().nullable().optional();
export const paperDatesPatchSchema = z.object({ issuedOn: patchDay, expiresOn: patchDay }).strict();
export type PaperDatesPatch = z.infer<typeof paperDatesPatchSchema>;

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A paper as the rider reads it today: good, expiring within 30 days, or expired. */
export function paperStatus(expiresOn: string | null, today: string): "current" | "expiring" | "expired" {
  if (!expiresOn) return "current";
  const left = daysBetween(today, expiresOn);
  if (left < 0) return "expired";
  return left <= REMINDER_DAYS[0] ? "expiring" : "current";
}
