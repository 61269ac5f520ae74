import { z } from "zod";
import type { PayoutRule } from "#db/schema";
import { PAID_METHODS } from "#db/schema/paid-methods";

/*
 * Race day's classes, entries, the draw and timers: limits, messages and the
 * zod schemas shared by the producer's hub, the entry form and the /api
 * routes. Money is integer cents: a form's dollars ("50", "50.00", "$1,250")
 * become cents in one place, parseDollars, without floating point.
 */

// The words and limits live in a module without zod, for the pages that only show them.
import { RACE_LIMITS, RACE_MESSAGES } from "./raceday-words";
export { RACE_LIMITS, RACE_MESSAGES };

export const DEFAULT_SPLIT_MS = 500;
export const DEFAULT_MAX_HORSES = 3;
export const DEFAULT_MIN_GAP = 5;
export const DEFAULT_DRAG_EVERY = 5;

export const GO_MESSAGES = {
  goRounds: "Go-rounds must be a whole number from 1 to 5",
  average: 'The average is null or { mode: "SUM" | "BEST_N" | "DROP_SLOWEST", bestN, requireEveryGo }',
  bestN: "Best N is a whole number of gos from 1 to 5",
  purseSplit: "The purse split is { goPercents: [one whole percent per go], averagePercent }",
  purseText: "Shares of the purse are whole percents, one per go, like 10, 10",
  shortGo: 'The short go is null or { top, by: "AVERAGE" | "DIVISION", order: "REVERSE" | "DRAW" }',
  age: "Ages are whole years from 0 to 120",
  ageOn: 'The age is taken on January 1 (YEAR_START) or the race day (RACE_DAY)',
  birthDate: "Birth date must be a date (YYYY-MM-DD) in the past",
  go: "Go is a go-round of the class (1 to 5) or short",
} as const;



export const maxHorsesMessage = (max: number) => `A rider may enter at most ${max} ${max === 1 ? "horse" : "horses"} in this class`;

/**
 * Dollars as typed ("50", "50.5", "50.00", "$1,250.00") to integer cents,
 * or null when the text is not an amount. Read digit by digit, never through
 * a float, so "0.29" is 29 cents and not 28.999....
 */
export function parseDollars(text: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const whole = Number(m[1]!.replace(/,/g, ""));
  const cents = m[2] ? Number(m[2].padEnd(2, "0")) : 0;
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) && total <= RACE_LIMITS.maxCents ? total : null;
}

/** Seconds as typed ("0.5", "1", "1.25") to thousandths, or null; read as text, never through a float. */
export function parseSeconds(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 1000 + (m[2] ? Number(m[2].padEnd(3, "0")) : 0);
}

/** A number of seconds sent as JSON (0.5) to thousandths, or null when it has more than 3 decimals. */
function secondsToMs(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const ms = Math.round(value * 1000);
  return Math.abs(value * 1000 - ms) < 1e-6 ? ms : null;
}

const splitInRange = (ms: number) => ms >= RACE_LIMITS.minSplitMs && ms <= RACE_LIMITS.maxSplitMs;

/** Thousandths as seconds for a form: 500 -> "0.5", 1000 -> "1.0". */
export function msToSecondsText(ms: number) {
  const text = (ms / 1000).toFixed(3).replace(/0+$/, "");
  return text.endsWith(".") ? `${text}0` : text;
}

/**
 * The payout as a form edits it: division percents ("35, 27, 22, 16") and
 * one table row a line ("25: 60, 40" pays 2 places up to 25 entries).
 */
export function payoutToText(rule: PayoutRule) {
  return {
    divisionPercents: rule.divisionPercents.join(", "),
    payoutTable: rule.table.map((row) => `${row.maxEntries}: ${row.percents.join(", ")}`).join("\n"),
  };
}

const numberList = (text: string) => {
  const parts = text.split(/[,/\s]+/).filter(Boolean);
  if (!parts.length || parts.some((p) => !/^\d{1,3}(?:\.\d{1,2})?$/.test(p))) return null;
  return parts.map(Number);
};

/** The payout form's two fields as a rule, or a message; both blank means the default (null). */
export function payoutFromText(divisionText: string, tableText: string): PayoutRule | null | { error: string } {
  if (!divisionText.trim() && !tableText.trim()) return null;
  const divisionPercents = numberList(divisionText);
  if (!divisionPercents) return { error: "Division percents are numbers, like 35, 27, 22, 16" };
  const table: PayoutRule["table"] = [];
  for (const line of tableText.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
    const m = /^(\d{1,5})\s*[:=]\s*(.+)$/.exec(line);
    const percents = m ? numberList(m[2]!) : null;
    if (!m || !percents) return { error: RACE_MESSAGES.payoutText };
    table.push({ maxEntries: Number(m[1]), percents });
  }
  if (!table.length) return { error: RACE_MESSAGES.payoutText };
  return { divisionPercents, table };
}

const whole = (message: string, min: number, max: number) =>
  z.number({ invalid_type_error: message, required_error: message }).int(message).min(min, message).max(max, message);
const cents = z.number({ invalid_type_error: RACE_MESSAGES.cents, required_error: RACE_MESSAGES.cents }).int(RACE_MESSAGES.cents).min(0, RACE_MESSAGES.cents).max(RACE_LIMITS.maxCents, RACE_MESSAGES.centsMax);
const percent = z.number().min(0).max(100);
const payoutRuleSchema = z.object(
  {
    divisionPercents: z.array(percent, { invalid_type_error: RACE_MESSAGES.payout }).min(1, RACE_MESSAGES.payout).max(RACE_LIMITS.divisions, RACE_MESSAGES.payout),
    table: z
      .array(z.object({ maxEntries: z.number().int().min(1).max(100_000), percents: z.array(percent).min(1).max(50) }), { invalid_type_error: RACE_MESSAGES.payout })
      .min(1, RACE_MESSAGES.payout)
      .max(30, RACE_MESSAGES.payout),
  },
  { invalid_type_error: RACE_MESSAGES.payout },
);

/** One split for every gap, or one per gap; sent as seconds (0.5 or [0.5, 1, 1]), kept as thousandths. */
const splitSeconds = z
  .union([z.number(), z.array(z.number()).min(1).max(RACE_LIMITS.divisions)], { errorMap: () => ({ message: RACE_MESSAGES.split }) })
  .transform((v, ctx) => {
    const ms = [v].flat().map(secondsToMs);
    if (ms.some((x) => x === null || !splitInRange(x))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: RACE_MESSAGES.split });
      return z.NEVER;
    }
    return ms as number[];
  });

const POSTED_START_MESSAGE = "Posted start must be a time like 18:30";
const id = z.string({ invalid_type_error: RACE_MESSAGES.chooseClass }).trim().min(1).max(RACE_LIMITS.id);
const emptyToNull = (v: unknown) => (v === "" || v === "none" ? null : v);

const classFields = {
  name: z.string({ required_error: RACE_MESSAGES.className, invalid_type_error: RACE_MESSAGES.className }).trim().min(1, RACE_MESSAGES.className).max(RACE_LIMITS.className, RACE_MESSAGES.classNameMax),
  entryFeeCents: cents,
  addedMoneyCents: cents,
  /** What an exhibition run costs (kept by the office, never in the pot). */
  exhibitionFeeCents: cents,
  producerSharePercent: whole(RACE_MESSAGES.producerShare, 0, 100),
  divisions: whole(RACE_MESSAGES.divisions, 1, RACE_LIMITS.divisions),
  /** Thousandths: the schema reads `splitSeconds` into it. */
  splitSeconds,
  maxHorsesPerRider: whole(RACE_MESSAGES.maxHorses, 1, RACE_LIMITS.maxHorsesPerRider),
  payout: payoutRuleSchema.nullable(),
  sidepotOf: z.preprocess(emptyToNull, z.string({ invalid_type_error: RACE_MESSAGES.sidepot }).max(RACE_LIMITS.id, RACE_MESSAGES.sidepot).nullable()),
  /** When the class is posted to start on the event's first day, "HH:MM" (24-hour) in the event's zone; null: not posted. */
  postedStart: z.preprocess(emptyToNull, z.string({ invalid_type_error: POSTED_START_MESSAGE }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, POSTED_START_MESSAGE).nullable()),
  ...goClassFields(),
};

/* Shows of more than one go and age classes: the shapes here, the rules (shares add to 100, best N within the gos) in features/raceday/gos.ts and age.ts. */
function goClassFields() {
  const shape = (message: string) => ({ invalid_type_error: message, required_error: message });
  return {
    goRounds: whole(GO_MESSAGES.goRounds, 1, 5),
    average: z
      .object(
        {
          mode: z.enum(["SUM", "BEST_N", "DROP_SLOWEST"], shape(GO_MESSAGES.average)),
          bestN: z.number(shape(GO_MESSAGES.bestN)).int(GO_MESSAGES.bestN).min(1, GO_MESSAGES.bestN).max(5, GO_MESSAGES.bestN).nullable().optional(),
          requireEveryGo: z.boolean(shape(GO_MESSAGES.average)),
        },
        shape(GO_MESSAGES.average),
      )
      .nullable(),
    purseSplit: z
      .object(
        {
          goPercents: z.array(z.number(shape(GO_MESSAGES.purseSplit)), shape(GO_MESSAGES.purseSplit)).min(1, GO_MESSAGES.purseSplit).max(5, GO_MESSAGES.purseSplit),
          averagePercent: z.number(shape(GO_MESSAGES.purseSplit)),
        },
        shape(GO_MESSAGES.purseSplit),
      )
      .nullable(),
    shortGo: z
      .object(
        {
          top: z.number(shape(GO_MESSAGES.shortGo)).int(GO_MESSAGES.shortGo),
          by: z.enum(["AVERAGE", "DIVISION"], shape(GO_MESSAGES.shortGo)),
          order: z.enum(["REVERSE", "DRAW"], shape(GO_MESSAGES.shortGo)),
        },
        shape(GO_MESSAGES.shortGo),
      )
      .nullable(),
    minAge: whole(GO_MESSAGES.age, 0, 120).nullable(),
    maxAge: whole(GO_MESSAGES.age, 0, 120).nullable(),
    ageOn: z.enum(["YEAR_START", "RACE_DAY"], shape(GO_MESSAGES.ageOn)),
  };
}

/**
 * POST /api/events/{id}/classes. Amounts are integer cents (5000 is $50.00):
 * a float is refused, never rounded. Absent fields take their defaults
 * (no added money, no producer's share, 1 division, 0.5 s splits, 3 horses,
 * the default payout for the divisions, not a sidepot).
 */
export const raceClassSchema = z.object({
  name: classFields.name,
  entryFeeCents: classFields.entryFeeCents,
  addedMoneyCents: classFields.addedMoneyCents.optional(),
  exhibitionFeeCents: classFields.exhibitionFeeCents.optional(),
  producerSharePercent: classFields.producerSharePercent.optional(),
  divisions: classFields.divisions.optional(),
  splitSeconds: classFields.splitSeconds.optional(),
  maxHorsesPerRider: classFields.maxHorsesPerRider.optional(),
  payout: classFields.payout.optional(),
  sidepotOf: classFields.sidepotOf.optional(),
  postedStart: classFields.postedStart.optional(),
  goRounds: classFields.goRounds.optional(),
  average: classFields.average.optional(),
  purseSplit: classFields.purseSplit.optional(),
  shortGo: classFields.shortGo.optional(),
  minAge: classFields.minAge.optional(),
  maxAge: classFields.maxAge.optional(),
  ageOn: classFields.ageOn.optional(),
});
export type RaceClassInput = z.infer<typeof raceClassSchema>;

/** PATCH /api/events/{id}/classes/{classId}: any of the fields; `payout: null` goes back to the default. */
export const raceClassPatchSchema = raceClassSchema.partial();
export type RaceClassPatch = z.infer<typeof raceClassPatchSchema>;

/* A blank field arrives as undefined (conform reads "" as absent): optional strings, read in the transform. */
const dollarsField = (optional: boolean) =>
  z
    .string({ invalid_type_error: RACE_MESSAGES.dollars })
    .optional()
    .transform((text, ctx) => {
      if (optional && (text ?? "").trim() === "") return 0;
      const c = parseDollars(text ?? "");
      if (c === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: RACE_MESSAGES.dollars });
        return z.NEVER;
      }
      return c;
    });
const emptyToUndefinedWhole = (v: unknown) => (v === undefined || v === "" ? undefined : typeof v === "string" && /^\d{1,6}$/.test(v.trim()) ? Number(v) : v);
const formWhole = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === undefined || v === "" ? fallback : typeof v === "string" && /^\d{1,6}$/.test(v.trim()) ? Number(v) : v), whole(message, min, max));

/**
 * The hub's class form: dollars typed as on a showbill, splits as seconds
 * ("0.5" or "0.5, 1, 1"), the payout as two text fields (blank: the default).
 * It reads into the same input as the API's.
 */
export const raceClassFormSchema = z
  .object({
    name: classFields.name,
    entryFee: dollarsField(false),
    addedMoney: dollarsField(true),
    producerSharePercent: formWhole(RACE_MESSAGES.producerShare, 0, 100, 0),
    divisions: formWhole(RACE_MESSAGES.divisions, 1, RACE_LIMITS.divisions, 1),
    splitSeconds: z
      .string({ invalid_type_error: RACE_MESSAGES.split })
      .optional()
      .transform((text, ctx) => {
        const parts = (text ?? "").split(/[,\s]+/).filter(Boolean);
        const ms = (parts.length ? parts : ["0.5"]).map(parseSeconds);
        if (ms.length > RACE_LIMITS.divisions || ms.some((x) => x === null || !splitInRange(x))) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: RACE_MESSAGES.split });
          return z.NEVER;
        }
        return ms as number[];
      }),
    maxHorsesPerRider: formWhole(RACE_MESSAGES.maxHorses, 1, RACE_LIMITS.maxHorsesPerRider, DEFAULT_MAX_HORSES),
    divisionPercents: z.string().max(200).optional().default(""),
    payoutTable: z.string().max(2_000).optional().default(""),
    sidepotOf: z.preprocess(emptyToNull, z.string().max(RACE_LIMITS.id, RACE_MESSAGES.sidepot).nullable().optional()),
    postedStart: classFields.postedStart.optional(),
    goRounds: formWhole(GO_MESSAGES.goRounds, 1, 5, 1),
    averageMode: z.enum(["NONE", "SUM", "BEST_N", "DROP_SLOWEST"], { invalid_type_error: GO_MESSAGES.average }).optional().default("NONE"),
    bestN: z.preprocess(emptyToUndefinedWhole, whole(GO_MESSAGES.bestN, 1, 5).optional()),
    requireEveryGo: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
    goPercents: z.string().max(100).optional().default(""),
    averagePercent: z.preprocess(emptyToUndefinedWhole, whole(GO_MESSAGES.purseText, 0, 100).optional()),
    shortGoTop: z.preprocess(emptyToUndefinedWhole, whole(GO_MESSAGES.shortGo, 1, 100).optional()),
    shortGoBy: z.enum(["AVERAGE", "DIVISION"]).optional().default("AVERAGE"),
    shortGoOrder: z.enum(["REVERSE", "DRAW"]).optional().default("REVERSE"),
    minAge: z.preprocess(emptyToUndefinedWhole, whole(GO_MESSAGES.age, 0, 120).optional()),
    maxAge: z.preprocess(emptyToUndefinedWhole, whole(GO_MESSAGES.age, 0, 120).optional()),
    ageOn: z.enum(["YEAR_START", "RACE_DAY"]).optional().default("YEAR_START"),
  })
  .transform((f, ctx): RaceClassInput => {
    const payout = payoutFromText(f.divisionPercents, f.payoutTable);
    if (payout && "error" in payout) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: payout.error, path: ["payoutTable"] });
      return z.NEVER;
    }
    const goText = f.goPercents.split(/[,\s%]+/).filter(Boolean);
    const goPercents = goText.map((t) => (/^\d{1,3}$/.test(t) ? Number(t) : NaN));
    if (goPercents.some((p) => !Number.isInteger(p))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: GO_MESSAGES.purseText, path: ["goPercents"] });
      return z.NEVER;
    }
    const average = f.averageMode === "NONE" ? null : { mode: f.averageMode, bestN: f.averageMode === "BEST_N" ? (f.bestN ?? null) : null, requireEveryGo: f.requireEveryGo };
    return {
      name: f.name,
      entryFeeCents: f.entryFee,
      addedMoneyCents: f.addedMoney,
      producerSharePercent: f.producerSharePercent,
      divisions: f.divisions,
      splitSeconds: f.splitSeconds,
      maxHorsesPerRider: f.maxHorsesPerRider,
      payout,
      sidepotOf: f.sidepotOf ?? null,
      postedStart: f.postedStart ?? null,
      goRounds: f.goRounds,
      average,
      // Blank shares: the default split for the gos and the average.
      purseSplit: goPercents.length === 0 && f.averagePercent === undefined ? null : { goPercents, averagePercent: f.averagePercent ?? 0 },
      shortGo: f.shortGoTop === undefined ? null : { top: f.shortGoTop, by: f.shortGoBy, order: f.shortGoOrder },
      minAge: f.minAge ?? null,
      maxAge: f.maxAge ?? null,
      ageOn: f.ageOn,
    };
  });

const boolFlag = z.preprocess(
  (v) => (v === "true" || v === "on" ? true : v === "false" || v === "off" ? false : v),
  z.boolean({ invalid_type_error: RACE_MESSAGES.flag }),
);

const optionalName = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string({ invalid_type_error: message }).trim().max(max, message).optional());

/**
 * POST /api/events/{id}/entries and the entry forms. A rider: `classId` and
 * `horseId` (one of theirs) or `horseName` (found or added, as the run log
 * does), optionally `riderId` (their own sub-profile). The producer may
 * instead give `riderName` and `horseName` for a walk-up without an account.
 * `exhibition: true` makes it an exhibition run: timed, never placed or
 * paid, not in the pot or the season, at the class's exhibition fee.
 */
export const raceEntrySchema = z.object({
  classId: id,
  horseId: z.preprocess(emptyToNull, z.string({ invalid_type_error: RACE_MESSAGES.horse }).max(RACE_LIMITS.id, RACE_MESSAGES.horse).nullable().optional()),
  horseName: optionalName(RACE_LIMITS.horseName, RACE_MESSAGES.horseNameMax),
  riderId: z.preprocess(
    (v) => (v === "" || v === "none" || v === null ? undefined : typeof v === "string" && /^\d{1,12}$/.test(v) ? Number(v) : v),
    z.number({ invalid_type_error: RACE_MESSAGES.rider }).int(RACE_MESSAGES.rider).positive(RACE_MESSAGES.rider).optional(),
  ),
  riderName: optionalName(RACE_LIMITS.riderName, RACE_MESSAGES.riderNameMax),
  exhibition: boolFlag.optional(),
  /** The rider's birth date for an age class (YYYY-MM-DD): saved to an account rider's profile when it has none. */
  birthDate: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ invalid_type_error: GO_MESSAGES.birthDate }).regex(/^\d{4}-\d{2}-\d{2}$/, GO_MESSAGES.birthDate).optional(),
  ),
  /** Other classes of the event this run also counts in (each class's fee paid): a Youth run carried to the Open. */
  carryTo: z.preprocess(
    (v) => (typeof v === "string" ? (v === "" ? [] : [v]) : v),
    z.array(id, { invalid_type_error: RACE_MESSAGES.chooseClass }).max(10, RACE_MESSAGES.chooseClass).optional(),
  ),
});
export type RaceEntryInput = z.infer<typeof raceEntrySchema>;

/**
 * PATCH /api/events/{id}/entries/{entryId}: scratch (or put back), paid, back number (null clears), move to another class.
 * `paidMethod` marks the entry paid that way (null clears the method); `paidReference` is a CHECK's
 * number (required for a check) or any other method's receipt. `paid: false` clears both.
 */
export const raceEntryPatchSchema = z.object({
  scratched: boolFlag.optional(),
  paid: boolFlag.optional(),
  paidMethod: z.preprocess(
    (v) => (v === "" || v === "none" ? null : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(PAID_METHODS, { errorMap: () => ({ message: RACE_MESSAGES.paidMethod }) }).nullable().optional(),
  ),
  paidReference: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ invalid_type_error: RACE_MESSAGES.paidReference })
      .trim()
      .max(RACE_LIMITS.paidReference, RACE_MESSAGES.paidReference)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]*$/, RACE_MESSAGES.paidReference)
      .nullable()
      .optional(),
  ),
  backNumber: z.preprocess(
    (v) => (v === "" ? null : typeof v === "string" && /^\d{1,6}$/.test(v.trim()) ? Number(v) : v),
    whole(RACE_MESSAGES.backNumber, 1, RACE_LIMITS.backNumber).nullable().optional(),
  ),
  classId: id.optional(),
  /** A walk-up's names, corrected (an account's entry takes its names from the account). */
  riderName: optionalName(RACE_LIMITS.riderName, RACE_MESSAGES.riderNameMax),
  horseName: optionalName(RACE_LIMITS.horseName, RACE_MESSAGES.horseNameMax),
});
export type RaceEntryPatch = z.infer<typeof raceEntryPatchSchema>;

const formNumber = (v: unknown) => (v === "" ? undefined : typeof v === "string" && /^\d{1,4}$/.test(v.trim()) ? Number(v) : v);

/**
 * POST /api/events/{id}/classes/{classId}/draw: draws with a new seed (or the
 * one given, to show a draw again) and `minGap`/`dragEvery` (the class's
 * settings when absent); `publish: true` publishes it. `publish: true` alone,
 * on a class already drawn, publishes the order the producer looked at (on
 * one not drawn yet, it draws and publishes).
 */
export const raceDrawSchema = z.object({
  seed: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string({ invalid_type_error: RACE_MESSAGES.seed }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, RACE_MESSAGES.seed).optional(),
  ),
  minGap: z.preprocess(formNumber, whole(RACE_MESSAGES.minGap, 0, RACE_LIMITS.minGap).optional()),
  dragEvery: z.preprocess(formNumber, whole(RACE_MESSAGES.dragEvery, 0, RACE_LIMITS.dragEvery).optional()),
  publish: boolFlag.optional(),
});
export type RaceDrawInput = z.infer<typeof raceDrawSchema>;

/** POST /api/events/{id}/timers: the email of an existing account. */
export const raceTimerSchema = z.object({
  email: z.string({ required_error: RACE_MESSAGES.email, invalid_type_error: RACE_MESSAGES.email }).trim().toLowerCase().min(3, RACE_MESSAGES.email).max(RACE_LIMITS.email, RACE_MESSAGES.email).email(RACE_MESSAGES.email),
});
