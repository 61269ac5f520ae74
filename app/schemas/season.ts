import { z } from "zod";
import type { PointsTable, TieBreaker } from "#db/schema/season";

/*
 * The season's zod schemas: the admin's series form, /api/series and the
 * producer's request to count an event. Limits and messages are written once, here.
 */

export const TIE_BREAKERS = ["WINS", "MONEY", "FASTEST"] as const satisfies readonly TieBreaker[];
export const MAX_POINT_PLACES = 20;

/** What is wrong with a points table, in words, or null. */
export function pointsTableProblem(table: PointsTable): string | null {
  if (table.mode === "MONEY") {
    return Number.isInteger(table.centsPerPoint) && table.centsPerPoint >= 1 && table.centsPerPoint <= 1_000_000
      ? null
      : "Money per point must be a whole number of cents from 1 to 1,000,000";
  }
  if (table.places.length < 1 || table.places.length > 6) return "Give points for 1 to 6 divisions";
  for (const row of table.places) {
    if (row.length < 1 || row.length > MAX_POINT_PLACES) return `Give points for 1 to ${MAX_POINT_PLACES} places`;
    if (!row.every((p) => Number.isInteger(p) && p >= 0 && p <= 1000)) return "Points must be whole numbers from 0 to 1,000";
    if (row.some((p, i) => i > 0 && p > row[i - 1])) return "A later place cannot earn more points than an earlier one";
  }
  return null;
}

export const SEASON_LIMITS = { name: 100, className: 60, classNames: 10, bestOf: 100, minRaces: 100, top: 500 } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Members only: count from the day a membership started, or from the season's start. */
export const POINTS_FROM = ["MEMBERSHIP_START", "SEASON_START"] as const;
/** Members only: points by the place among members, or by the overall place. */
export const POINTS_BY = ["PLACE_AMONG_MEMBERS", "OVERALL_PLACE"] as const;

export const SEASON_MESSAGES = {
  name: "Series name is required",
  nameMax: `Series name must be at most ${SEASON_LIMITS.name} characters`,
  startDate: "Season start must be a date (YYYY-MM-DD)",
  endDate: "Season end must be a date (YYYY-MM-DD)",
  endBeforeStart: "Season end must be on or after its start",
  classNames: "Name at least one class that counts, such as Open 4D",
  classNamesMax: `Name at most ${SEASON_LIMITS.classNames} classes`,
  classNameMax: `A class name must be at most ${SEASON_LIMITS.className} characters`,
  bestOf: `Best races counted must be a whole number from 1 to ${SEASON_LIMITS.bestOf}, or empty for all`,
  tieBreakers: "Tie-breakers must list most wins, money won and fastest time, each once",
  minRaces: `Races to qualify must be a whole number from 0 to ${SEASON_LIMITS.minRaces}`,
  top: `Finalists per division must be a whole number from 1 to ${SEASON_LIMITS.top}`,
  eventId: "Choose an event",
  approved: "Say whether the event is approved (true or false)",
} as const;

const realDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const pointsTableSchema = z
  .union([
    z.object({ mode: z.literal("PLACE"), places: z.array(z.array(z.number()).max(MAX_POINT_PLACES)).max(6) }),
    z.object({ mode: z.literal("MONEY"), centsPerPoint: z.number() }),
  ], { errorMap: () => ({ message: "Points table must be points per place, or money per point" }) })
  .superRefine((table, ctx) => {
    const problem = pointsTableProblem(table);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number({ invalid_type_error: message, required_error: message }).int(message).min(min, message).max(max, message));

const seriesFields = {
  name: z.string({ required_error: SEASON_MESSAGES.name }).trim().min(1, SEASON_MESSAGES.name).max(SEASON_LIMITS.name, SEASON_MESSAGES.nameMax),
  startDate: z.string({ required_error: SEASON_MESSAGES.startDate }).refine(realDate, SEASON_MESSAGES.startDate),
  endDate: z.string({ required_error: SEASON_MESSAGES.endDate }).refine(realDate, SEASON_MESSAGES.endDate),
  classNames: z
    .array(z.string().trim().min(1, SEASON_MESSAGES.classNames).max(SEASON_LIMITS.className, SEASON_MESSAGES.classNameMax), {
      required_error: SEASON_MESSAGES.classNames,
      invalid_type_error: SEASON_MESSAGES.classNames,
    })
    .min(1, SEASON_MESSAGES.classNames)
    .max(SEASON_LIMITS.classNames, SEASON_MESSAGES.classNamesMax),
  pointsTable: pointsTableSchema.optional(),
  bestOf: z.preprocess((v) => (v === "" ? null : v), wholeNumber(1, SEASON_LIMITS.bestOf, SEASON_MESSAGES.bestOf).nullable().optional()),
  tieBreakers: z
    .array(z.enum(TIE_BREAKERS), { invalid_type_error: SEASON_MESSAGES.tieBreakers })
    .refine((list) => list.length === TIE_BREAKERS.length && new Set(list).size === list.length, SEASON_MESSAGES.tieBreakers)
    .optional(),
  qualifyMinRaces: wholeNumber(0, SEASON_LIMITS.minRaces, SEASON_MESSAGES.minRaces).optional(),
  qualifyTop: wholeNumber(1, SEASON_LIMITS.top, SEASON_MESSAGES.top).optional(),
  membersOnly: z.boolean({ invalid_type_error: "Members only must be true or false" }).optional(),
  pointsFrom: z.enum(POINTS_FROM, { errorMap: () => ({ message: `Points from must be ${POINTS_FROM.join(" or ")}` }) }).optional(),
  pointsBy: z.enum(POINTS_BY, { errorMap: () => ({ message: `Points by must be ${POINTS_BY.join(" or ")}` }) }).optional(),
};

// A date that is not a date has its own message; the order is only checked between real dates.
const datesInOrder = (value: { startDate?: string; endDate?: string }) =>
  !value.startDate || !value.endDate || !realDate(value.startDate) || !realDate(value.endDate) || value.endDate >= value.startDate;

export const seriesCreateSchema = z.object(seriesFields).refine(datesInOrder, { message: SEASON_MESSAGES.endBeforeStart, path: ["endDate"] });
export const seriesUpdateSchema = z
  .object(seriesFields)
  .partial()
  .refine(datesInOrder, { message: SEASON_MESSAGES.endBeforeStart, path: ["endDate"] });
export type SeriesInput = z.infer<typeof seriesCreateSchema>;
export type SeriesUpdate = z.infer<typeof seriesUpdateSchema>;

export const seriesJoinSchema = z.object({ eventId: z.string({ required_error: SEASON_MESSAGES.eventId }).trim().min(1, SEASON_MESSAGES.eventId).max(64, SEASON_MESSAGES.eventId) });
export const seriesReviewSchema = z.object({ approved: z.boolean({ required_error: SEASON_MESSAGES.approved, invalid_type_error: SEASON_MESSAGES.approved }) });

/*
 * The admin's series form, posted without JavaScript: class names one per
 * line, the points table one line per division ("10 9 8 ..."), or dollars
 * per point, and the tie-breakers as three selects. Read into the same
 * shape as /api/series, then checked by the same schema.
 */
export const TIE_BREAKER_LABELS = { WINS: "Most wins", MONEY: "Money won", FASTEST: "Fastest time" } as const;

const listOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's fields as typed: what the form shows again after a refusal, so nothing typed is lost. */
export type SeriesFormRaw = {
  name: string;
  startDate: string;
  endDate: string;
  classNames: string;
  pointsMode: string;
  places: string;
  dollarsPerPoint: string;
  bestOf: string;
  tieBreakers: string[];
  qualifyMinRaces: string;
  qualifyTop: string;
  membersOnly: string;
  pointsFrom: string;
  pointsBy: string;
};

export function rawSeriesForm(form: FormData): SeriesFormRaw {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    startDate: text("startDate"),
    endDate: text("endDate"),
    classNames: text("classNames"),
    pointsMode: text("pointsMode"),
    places: text("places"),
    dollarsPerPoint: text("dollarsPerPoint"),
    bestOf: text("bestOf"),
    tieBreakers: ["tieBreaker1", "tieBreaker2", "tieBreaker3"].map(text),
    qualifyMinRaces: text("qualifyMinRaces"),
    qualifyTop: text("qualifyTop"),
    membersOnly: text("membersOnly"),
    pointsFrom: text("pointsFrom") || "MEMBERSHIP_START",
    pointsBy: text("pointsBy") || "PLACE_AMONG_MEMBERS",
  };
}

/** A stored series (or the defaults) as the form shows it. */
export function seriesFormOf(s: { name: string; startDate: string; endDate: string; classNames: string[]; pointsTable: { mode: "PLACE"; places: number[][] } | { mode: "MONEY"; centsPerPoint: number }; bestOf: number | null; tieBreakers: string[]; qualifyMinRaces: number; qualifyTop: number; membersOnly?: boolean; pointsFrom?: string; pointsBy?: string }): SeriesFormRaw {
  return {
    name: s.name,
    startDate: s.startDate,
    endDate: s.endDate,
    classNames: s.classNames.join("\n"),
    pointsMode: s.pointsTable.mode,
    places: s.pointsTable.mode === "PLACE" ? s.pointsTable.places.map((row) => row.join(" ")).join("\n") : "10 9 8 7 6 5 4 3 2 1",
    dollarsPerPoint: s.pointsTable.mode === "MONEY" ? (s.pointsTable.centsPerPoint / 100).toFixed(2) : "10.00",
    bestOf: s.bestOf === null ? "" : String(s.bestOf),
    tieBreakers: s.tieBreakers,
    qualifyMinRaces: String(s.qualifyMinRaces),
    qualifyTop: String(s.qualifyTop),
    membersOnly: s.membersOnly ? "on" : "",
    pointsFrom: s.pointsFrom ?? "MEMBERSHIP_START",
    pointsBy: s.pointsBy ?? "PLACE_AMONG_MEMBERS",
  };
}

export function seriesFromForm(form: FormData) {
  const raw = rawSeriesForm(form);
  const text = (name: Exclude<keyof SeriesFormRaw, "tieBreakers">) => raw[name];
  const mode = text("pointsMode") === "MONEY" ? "MONEY" : "PLACE";
  const pointsTable =
    mode === "MONEY"
      ? { mode, centsPerPoint: Math.round(Number(text("dollarsPerPoint").replace(/^\$/, "")) * 100) }
      : {
          mode,
          places: text("places")
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .map((line) => line.split(/[\s,]+/).filter(Boolean).map(Number)),
        };
  const parsed = seriesCreateSchema.safeParse({
    name: text("name"),
    startDate: text("startDate"),
    endDate: text("endDate"),
    classNames: text("classNames").split("\n").flatMap(listOf),
    pointsTable,
    bestOf: text("bestOf").trim() === "" ? null : text("bestOf"),
    tieBreakers: raw.tieBreakers,
    qualifyMinRaces: text("qualifyMinRaces"),
    qualifyTop: text("qualifyTop"),
    membersOnly: raw.membersOnly === "on",
    pointsFrom: raw.pointsFrom,
    pointsBy: raw.pointsBy,
  });
  if (parsed.success) return parsed;
  // Said with the form's other problems: the schema checks the order only once every field is sound.
  const dates = { startDate: text("startDate"), endDate: text("endDate") };
  const issues = parsed.error.issues.map((issue) =>
    // Money per point is typed in its own field: its problem is named there, not at the places table.
    mode === "MONEY" && issue.path[0] === "pointsTable" ? { ...issue, path: ["dollarsPerPoint"] } : issue,
  );
  if (!datesInOrder(dates) && !issues.some((i) => i.path[0] === "endDate")) {
    issues.push({ code: z.ZodIssueCode.custom, message: SEASON_MESSAGES.endBeforeStart, path: ["endDate"] });
  }
  return { success: false as const, error: new z.ZodError<SeriesInput>(issues) };
}
