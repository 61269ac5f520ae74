import { z } from "zod";
import { RACE_OUTCOMES } from "./race-outcomes";

/**
 * The booth's and the results' inputs: times, corrections, reruns, payout
 * overrides. Shared by the /api routes (JSON) and the screens' actions (form
 * fields read into the same shape). Whether a time's text reads as a time is
 * the pure rule `parseRaceTime` (app/features/raceday/time.ts), asked by the
 * server function so that the message is written once.
 */

export { RACE_OUTCOMES, type RaceOutcome } from "./race-outcomes";

import { BOOTH_MESSAGES, MAX_PENALTIES, MAX_REASON } from "./raceday-words";
export { BOOTH_MESSAGES, MAX_PENALTIES, MAX_REASON };

/**
 * How far ahead of the server's clock a booth device's clock may be and its
 * time still be believed (clocks drift; a phone set by hand drifts more).
 */
export const TAKEN_AT_AHEAD_MS = 5 * 60_000;

const id = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(100, message);

const penalties = z.coerce
  .number({ invalid_type_error: BOOTH_MESSAGES.penalties })
  .int(BOOTH_MESSAGES.penalties)
  .min(0, BOOTH_MESSAGES.penalties)
  .max(MAX_PENALTIES, BOOTH_MESSAGES.penalties);

const timeText = z.string({ invalid_type_error: BOOTH_MESSAGES.time }).trim().max(20, BOOTH_MESSAGES.time);

const reason = z
  .string({ required_error: BOOTH_MESSAGES.reason, invalid_type_error: BOOTH_MESSAGES.reason })
  .trim()
  .min(1, BOOTH_MESSAGES.reason)
  .max(MAX_REASON, BOOTH_MESSAGES.reasonLong);

/** POST /api/events/{id}/times: one run as the booth took it. */
export const raceTimeSchema = z
  .object({
    entryId: id(BOOTH_MESSAGES.entry),
    outcome: z.enum(RACE_OUTCOMES, { errorMap: () => ({ message: BOOTH_MESSAGES.outcome }) }),
    time: timeText.nullish(),
    penalties: penalties.default(0),
    clientId: id(BOOTH_MESSAGES.clientId),
    /** When the timer took the time, by the device's clock: a booth offline sends it later. */
    takenAt: z
      .string({ invalid_type_error: BOOTH_MESSAGES.takenAt })
      .trim()
      .datetime({ offset: true, message: BOOTH_MESSAGES.takenAt })
      // zod takes the shape (an offset of +99:99 too); the instant must exist.
      .refine(isInstant, BOOTH_MESSAGES.takenAt)
      .nullish(),
    /** The go-round: 1 (the default) to 5, or "short" for the short go. */
    go: z.preprocess(
      (v) => (v === "short" ? 99 : typeof v === "string" && /^[1-5]$/.test(v) ? Number(v) : v),
      z
        .number({ invalid_type_error: "Go is a go-round of the class (1 to 5) or short" })
        .int("Go is a go-round of the class (1 to 5) or short")
        .refine((g) => (g >= 1 && g <= 5) || g === 99, "Go is a go-round of the class (1 to 5) or short")
        .optional(),
    ),
  })
  .strict();
export type RaceTimeInput = z.infer<typeof raceTimeSchema>;

/** An ISO 8601 date and time whose offset is within ±23:59 and whose day is on the calendar. */
function isInstant(text: string) {
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (offset && (Number(offset[2]) > 23 || Number(offset[3]) > 59)) return false;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return false;
  // Date rolls Feb 30 over into March: the day typed must be the day read back, in the offset's own zone.
  const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 10) === text.slice(0, 10);
}

/** PATCH /api/events/{id}/times/{timeId}: a correction, with the reason kept in the history. */
export const raceTimeCorrectionSchema = z
  .object({
    outcome: z.enum(RACE_OUTCOMES, { errorMap: () => ({ message: BOOTH_MESSAGES.outcome }) }).optional(),
    time: timeText.nullish(),
    penalties: penalties.optional(),
    reason,
  })
  .strict();
export type RaceTimeCorrection = z.infer<typeof raceTimeCorrectionSchema>;

/** POST /api/events/{id}/times/{timeId}/rerun: the time stands void and the rider runs again. */
export const raceRerunSchema = z.object({ reason }).strict();

/** PUT /api/events/{id}/classes/{classId}/overrides/{entryId}: one placing's money, and why. */
export const payoutOverrideSchema = z
  .object({
    amountCents: z.coerce
      .number({ invalid_type_error: BOOTH_MESSAGES.amount })
      .int(BOOTH_MESSAGES.amount)
      .min(0, BOOTH_MESSAGES.amount)
      .max(100_000_000, BOOTH_MESSAGES.amount),
    reason,
  })
  .strict();
export type PayoutOverrideInput = z.infer<typeof payoutOverrideSchema>;

/** DELETE of an override: back to the computed amount, and why. */
export const overrideRemovalSchema = z.object({ reason }).strict();

/** "185", "185.5", "$1,185.00" -> cents; null when it is not an amount of dollars and cents. */
export function parseDollars(text: string): number | null {
  const clean = text.trim().replace(/^\$/, "").replace(/,/g, "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
