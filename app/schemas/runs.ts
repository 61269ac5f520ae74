import { z } from "zod";
import { RUN_TAGS } from "./constants";
import { maxSizeLabel, UPLOAD_RULES } from "./uploads";

/** SPEC.md section 3: placement enumeration, in the order a rider reads a result sheet. */
export const PLACEMENTS = [
  "1D 1st",
  "1D 2nd",
  "1D 4th",
  "1D Placed",
  ...(["2D", "3D", "4D"] as const).flatMap((d) => [`${d} 1st`, `${d} 2nd`, `${d} 3rd`, `${d} 4th`, `${d} Placed`]),
  "EXPO",
] as const;

/** Public runs on a profile come 20 at a time, at most 100. */
export const PUBLIC_RUNS_PAGE = 20;
export const PUBLIC_RUNS_LIMIT = 100;

export const RUN_PRIVACY = ["PRIVATE", "PUBLIC"] as const;
export const ARENA_TYPES = ["indoor", "outdoor"] as const;
export type RunTag = (typeof RUN_TAGS)[number];

export const TAG_LABELS: Record<RunTag, string> = {
  "clean-run": "Clean run",
  "hit-barrel": "Hit barrel",
  "missed-time": "Missed time",
  "placed-cashed": "Placed / cashed",
};

/** A run video: video/* only, its size limit from the upload rules, with advice to compress under 10 MB. */
export const VIDEO_MAX_BYTES = UPLOAD_RULES.video.maxBytes;
export const VIDEO_ADVICE = `Videos up to ${maxSizeLabel("video")}. Compress longer clips to under 10 MB first (most phones offer a smaller size when sharing).`;
export const VIDEO_URL_MESSAGE = "Video link must be a web address, like https://youtu.be/...";
/** A video stored by the upload mechanism (app/lib/uploads.server.ts). */
export const UPLOADED_VIDEO = /^\/uploads\/[A-Za-z0-9_-]{22}\.[a-z0-9]+$/;

export const TIME_MESSAGE = "Time must be in seconds, like 15.482";
export const MAX_RUN_SECONDS = 600;

/**
 * Reads a run time as typed at the arena: "15.482", "15.48s", "15,482"
 * or "0:15.482" (minutes:seconds). Answers seconds as a canonical string
 * ("15.482", no unit, at most 3 decimals), or null when it is not a time.
 */
export function parseRunTime(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/\s*(s|sec|secs|seconds)$/, "").replace(",", ".");
  let seconds: number;
  const clock = /^(\d{1,2}):([0-5]?\d(?:\.\d{1,3})?)$/.exec(text);
  if (clock) seconds = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d{1,3}(\.\d{1,3})?$/.test(text)) seconds = Number(text);
  else return null;
  if (!(seconds > 0) || seconds >= MAX_RUN_SECONDS) return null;
  return String(Number(seconds.toFixed(3)));
}

/** The numeric part of a time for sorting: a missing or unreadable time counts as 999 (SPEC.md section 9). */
export function timeSortValue(time: string | null | undefined): number {
  const match = time ? /\d+(\.\d+)?/.exec(time) : null;
  return match ? Number(match[0]) : 999;
}

const optionalText = (max: number, message?: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max, message).optional(),
  );

/** "none" and "" mean absent (SPEC.md section 5). */
const noneToUndefined = (v: unknown) => (v === "none" || v === "" || v === null ? undefined : v);

/**
 * One schema for the add-run form and POST /api/run-logs. Form checkboxes
 * arrive as repeated fields; JSON sends an array.
 */
export const runLogSchema = z.object({
  arenaName: z.string({ required_error: "Arena name is required" }).trim().min(1, "Arena name is required").max(100, "Arena name must be 100 characters or less"),
  arenaType: z.preprocess(noneToUndefined, z.enum(ARENA_TYPES, { errorMap: () => ({ message: "Arena type must be indoor or outdoor" }) }).default("outdoor")),
  horseName: optionalText(60, "Horse name must be 60 characters or less"),
  eventId: z.preprocess(noneToUndefined, z.string().max(64).optional()),
  riderId: z.preprocess(noneToUndefined, z.coerce.number().int().positive("Choose a rider from the list").optional()),
  time: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        const parsed = parseRunTime(v);
        if (!parsed) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: TIME_MESSAGE });
          return z.NEVER;
        }
        return parsed;
      }),
  ),
  rating: z.preprocess(
    noneToUndefined,
    z.coerce.number({ invalid_type_error: "Rating must be 1 to 5 stars" }).int("Rating must be 1 to 5 stars").min(1, "Rating must be 1 to 5 stars").max(5, "Rating must be 1 to 5 stars").optional(),
  ),
  placement: z.preprocess(
    noneToUndefined,
    z.enum(PLACEMENTS, { errorMap: () => ({ message: "Choose a placement from the list" }) }).optional(),
  ),
  tags: z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(RUN_TAGS, { errorMap: () => ({ message: "Unknown tag" }) })).transform((t) => [...new Set(t)]),
  ),
  notes: optionalText(1000, "Notes must be 1000 characters or less"),
  groundCondition: optionalText(40, "Ground must be 40 characters or less"),
  weather: optionalText(40, "Weather must be 40 characters or less"),
  videoUrl: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(500)
      .refine((u) => UPLOADED_VIDEO.test(u) || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(u), VIDEO_URL_MESSAGE)
      .optional(),
  ),
  privacy: z.preprocess(noneToUndefined, z.enum(RUN_PRIVACY, { errorMap: () => ({ message: "Privacy must be PRIVATE or PUBLIC" }) }).default("PRIVATE")),
  /** Idempotency key: a retried submit with the same key stores one run. */
  clientId: z.preprocess(noneToUndefined, z.string().max(64).optional()),
});
export type RunLogInput = z.infer<typeof runLogSchema>;

export const runPrivacySchema = z.object({
  privacy: z.enum(RUN_PRIVACY, { errorMap: () => ({ message: "Privacy must be PRIVATE or PUBLIC" }) }),
});

export const riderSchema = z.object({
  name: z.string({ required_error: "Rider name is required" }).trim().min(1, "Rider name is required").max(50, "Rider name must be 50 characters or less"),
});

const dateParam = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates look like 2025-06-01").optional(),
);

/** Filters of the run list, from the query string of /run-log and GET /api/run-logs. */
export const runFiltersSchema = z.object({
  horse: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(60).optional()),
  rider: z.preprocess((v) => (v === "" ? undefined : v), z.union([z.literal("none"), z.coerce.number().int().positive()]).optional()),
  arena: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(100).optional()),
  from: dateParam,
  to: dateParam,
  tag: z.preprocess((v) => (v === "" ? undefined : v), z.enum(RUN_TAGS).optional()),
});
export type RunFilters = z.infer<typeof runFiltersSchema>;

export const PUBLIC_RUN_SORTS = ["recent", "fastest"] as const;
export type PublicRunSort = (typeof PUBLIC_RUN_SORTS)[number];
