import { z } from "zod";
import { PAID_METHODS } from "#db/schema/paid-methods";

/*
 * The ledger's inputs: a record the office writes by hand, a reversal's
 * reason, a day to close, an event's scratch policy and late fee. Shared by
 * the screens' forms and the /api routes.
 */

export const LEDGER_LIMITS = { reason: 200, reference: 40, label: 60, payeeName: 80, maxCents: 10_000_000 } as const;

export const LEDGER_MESSAGES = {
  reason: `Say why (1 to ${LEDGER_LIMITS.reason} characters)`,
  amount: "Give the amount in cents, above 0 and up to $100,000",
  day: "Give the day as YYYY-MM-DD",
  kind: "Choose FEE, REFUND, LATE_FEE, CHARGE or COMP",
  method: `Choose ${PAID_METHODS.join(", ")}`,
  since: "Give since as a date and time (ISO 8601)",
  beforeDraw: "Choose FULL (a full refund) or LESS_FEE (less the office's fee)",
  officeFee: "Give the office's fee for a scratch in dollars and cents, up to $100,000",
  afterDrawPercent: "Give the part refunded after the draw as a whole percent, 0 to 100",
  lateFee: "Give the late fee in dollars and cents, up to $100,000",
  officeFeeNeeded: "Give the office's fee kept of a scratch before the draw, or choose a full refund",
} as const;

// eslint-disable-next-line no-control-regex -- one line of text
const oneLine = /^[^\u0000-\u001f\u007f]*$/;
const text = (max: number, message: string) => z.string({ invalid_type_error: message }).trim().max(max, message).regex(oneLine, message);
const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), text(max, message).nullable().optional());

/** POST /api/events/{id}/ledger. */
export const ledgerPostSchema = z.object({
  kind: z.enum(["FEE", "REFUND", "LATE_FEE", "CHARGE", "COMP"], { errorMap: () => ({ message: LEDGER_MESSAGES.kind }) }),
  entryId: z.string().max(64).nullable().optional(),
  amountCents: z.number({ invalid_type_error: LEDGER_MESSAGES.amount }).int(LEDGER_MESSAGES.amount).min(1, LEDGER_MESSAGES.amount).max(LEDGER_LIMITS.maxCents, LEDGER_MESSAGES.amount).nullable().optional(),
  method: z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), z.enum(PAID_METHODS, { errorMap: () => ({ message: LEDGER_MESSAGES.method }) }).nullable().optional()),
  reference: optionalText(LEDGER_LIMITS.reference, `A reference is up to ${LEDGER_LIMITS.reference} characters`),
  reason: optionalText(LEDGER_LIMITS.reason, LEDGER_MESSAGES.reason),
  label: optionalText(LEDGER_LIMITS.label, `A charge's label is up to ${LEDGER_LIMITS.label} characters`),
  payeeName: optionalText(LEDGER_LIMITS.payeeName, `Who a charge is for is up to ${LEDGER_LIMITS.payeeName} characters`),
});

/** POST /api/events/{id}/ledger/{recordId}/reverse. */
export const ledgerReverseSchema = z.object({
  reason: text(LEDGER_LIMITS.reason, LEDGER_MESSAGES.reason).min(1, LEDGER_MESSAGES.reason),
});

/** POST /api/events/{id}/closeouts. */
export const closeDaySchema = z.object({
  day: z
    .string({ required_error: LEDGER_MESSAGES.day, invalid_type_error: LEDGER_MESSAGES.day })
    .regex(/^\d{4}-\d{2}-\d{2}$/, LEDGER_MESSAGES.day)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), LEDGER_MESSAGES.day),
});

/** ?since= of GET /api/events/{id}/ledger. */
export const ledgerQuerySchema = z.object({
  since: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), LEDGER_MESSAGES.since)
    .optional(),
});

const cents = (message: string) => z.number({ required_error: message, invalid_type_error: message }).int(message).min(0, message).max(LEDGER_LIMITS.maxCents, message);

/**
 * PUT /api/events/{id}/money-rules: the event's scratch policy and late fee.
 * A scratch before the draw is refunded in full or less the office's fee;
 * after it, the percent given is refunded; a turn-out owes its fee or not.
 */
export const moneyRulesSchema = z.object({
  beforeDraw: z.enum(["FULL", "LESS_FEE"], { errorMap: () => ({ message: LEDGER_MESSAGES.beforeDraw }) }),
  scratchOfficeFeeCents: cents(LEDGER_MESSAGES.officeFee),
  afterDrawPercent: z.number({ required_error: LEDGER_MESSAGES.afterDrawPercent, invalid_type_error: LEDGER_MESSAGES.afterDrawPercent }).int(LEDGER_MESSAGES.afterDrawPercent).min(0, LEDGER_MESSAGES.afterDrawPercent).max(100, LEDGER_MESSAGES.afterDrawPercent),
  turnOutOwes: z.boolean({ required_error: "Say whether a turn-out owes its fee (true or false)", invalid_type_error: "Say whether a turn-out owes its fee (true or false)" }),
  lateFeeCents: cents(LEDGER_MESSAGES.lateFee),
}).refine((r) => r.beforeDraw !== "LESS_FEE" || r.scratchOfficeFeeCents > 0, { message: LEDGER_MESSAGES.officeFeeNeeded, path: ["scratchOfficeFeeCents"] });
export type MoneyRulesInput = z.infer<typeof moneyRulesSchema>;
