import { z } from "zod";

/*
 * The race office's books: checks written to winners, their voiding, and the
 * yearly amount at which a payee gets a tax form. Limits and messages once,
 * shared by the screens' forms and the /api routes.
 */

export const BOOKS_LIMITS = {
  checkNumber: 20,
  voidReason: 200,
  /** $100,000: far above any tax form's threshold. */
  maxThresholdCents: 10_000_000,
  minYear: 2000,
  maxYear: 2100,
} as const;

export const BOOKS_MESSAGES = {
  checkNumber: `A check number is 1 to ${BOOKS_LIMITS.checkNumber} letters, digits or dashes`,
  checkNumberTaken: (number: string, payee: string) => `Check ${number} is already used in this event (${payee}): each check has its own number`,
  checkWritten: (number: string) => `Check ${number} is already written to this payee: void it first to write another`,
  nothingOwed: "Nothing is owed to this payee: no check to write",
  payeeNotFound: "Payee not found",
  noCheck: "No check written to this payee to void",
  voidReason: `Say why the check is void (1 to ${BOOKS_LIMITS.voidReason} characters)`,
  year: `Give the year as four digits, from ${BOOKS_LIMITS.minYear} to ${BOOKS_LIMITS.maxYear}`,
  threshold: "Enter dollars and cents, like 600 or 600.00 (up to $100,000)",
  staleDays: "Give the days after which a check is stale, 1 to 3650",
  joinName: "Give the walk-up's name as the office entered it",
  joinEmail: "No account has that email: give the email the rider signs in with",
  notJoined: "That walk-up is not joined to an account",
} as const;

// eslint-disable-next-line no-control-regex -- a reason is one line of text
const oneLine = /^[^\u0000-\u001f\u007f]*$/;

/** PUT /api/events/{id}/checks/{payeeKey}: the number of the check just written. */
export const checkNumberSchema = z.object({
  number: z
    .string({ required_error: BOOKS_MESSAGES.checkNumber, invalid_type_error: BOOKS_MESSAGES.checkNumber })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9-]{1,${BOOKS_LIMITS.checkNumber}}$`), BOOKS_MESSAGES.checkNumber),
});

/** POST /api/events/{id}/checks/{payeeKey}/void: why. */
export const checkVoidSchema = z.object({
  reason: z
    .string({ required_error: BOOKS_MESSAGES.voidReason, invalid_type_error: BOOKS_MESSAGES.voidReason })
    .trim()
    .min(1, BOOKS_MESSAGES.voidReason)
    .max(BOOKS_LIMITS.voidReason, BOOKS_MESSAGES.voidReason)
    .regex(oneLine, BOOKS_MESSAGES.voidReason),
});

/** ?year=YYYY of the winnings report (this year when absent). */
export const winningsQuerySchema = z.object({
  year: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : typeof v === "string" && /^\d{4}$/.test(v) ? Number(v) : v),
    z
      .number({ invalid_type_error: BOOKS_MESSAGES.year })
      .int(BOOKS_MESSAGES.year)
      .min(BOOKS_LIMITS.minYear, BOOKS_MESSAGES.year)
      .max(BOOKS_LIMITS.maxYear, BOOKS_MESSAGES.year)
      .optional(),
  ),
});

/** POST /api/admin/payee-links: a walk-up payee (by the name entered) joined to the account with this email. */
export const payeeJoinSchema = z.object({
  walkUpName: z.string({ required_error: BOOKS_MESSAGES.joinName, invalid_type_error: BOOKS_MESSAGES.joinName }).trim().min(1, BOOKS_MESSAGES.joinName).max(200, BOOKS_MESSAGES.joinName),
  email: z.string({ required_error: BOOKS_MESSAGES.joinEmail, invalid_type_error: BOOKS_MESSAGES.joinEmail }).trim().min(3, BOOKS_MESSAGES.joinEmail).max(254, BOOKS_MESSAGES.joinEmail),
});

/** DELETE /api/admin/payee-links: undo the join of the walk-up paid under this name. */
export const payeeUnjoinSchema = payeeJoinSchema.pick({ walkUpName: true });

/** PATCH /api/admin/settings: the tax form's yearly amount, in integer cents. */
export const booksSettingsSchema = z.object({
  taxFormThresholdCents: z
    .number({ required_error: BOOKS_MESSAGES.threshold, invalid_type_error: BOOKS_MESSAGES.threshold })
    .int(BOOKS_MESSAGES.threshold)
    .min(1, BOOKS_MESSAGES.threshold)
    .max(BOOKS_LIMITS.maxThresholdCents, BOOKS_MESSAGES.threshold),
  /** Days after which a check not written, or written and neither cashed nor voided, is stale. */
  staleCheckDays: z.number({ invalid_type_error: BOOKS_MESSAGES.staleDays }).int(BOOKS_MESSAGES.staleDays).min(1, BOOKS_MESSAGES.staleDays).max(3650, BOOKS_MESSAGES.staleDays).optional(),
});
