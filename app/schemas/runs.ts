import { z } from "zod";
import { RUN_TAGS } from "./constants";
import { ARENA_TYPES, isVideoAddress, LIMITS, PLACEMENTS, readRunTime, RUN_AT_PATTERN, RUN_MESSAGES as M, RUN_PRIVACY } from "./run-rules";

/*
 * The run log's zod schemas: the server's authority for the add-run form,
 * the edit form and /api/run-logs. Every message and limit comes from
 * run-rules.ts, which the browser checks with (without zod).
 */
export * from "./run-rules";

const optionalText = (max: number, message?: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max, message).optional(),
  );

/** "none" and "" mean absent (the API accepts both for "no value"). */
const noneToUndefined = (v: unknown) => (v === "none" || v === "" || v === null ? undefined : v);

/**
 * One schema for the add-run and edit-run forms, POST /api/run-logs and
 * PUT /api/run-logs/{id}. Form checkboxes arrive as repeated fields; JSON
 * sends an array.
 */
export const runLogSchema = z.object({
  arenaName: z.string({ required_error: M.arenaName }).trim().min(1, M.arenaName).max(LIMITS.arenaName, M.arenaNameMax),
  arenaType: z.preprocess(noneToUndefined, z.enum(ARENA_TYPES, { errorMap: () => ({ message: M.arenaType }) }).default("outdoor")),
  horseName: optionalText(LIMITS.horseName, M.horseNameMax),
  /** The horse record (the account's own); a horseName alone finds or adds the horse by name. */
  horseId: z.preprocess(noneToUndefined, z.string().max(LIMITS.id, M.horse).optional()),
  /** When it was run: an ISO instant with offset, or a wall-clock time read in `timeZone`; absent means now. */
  runAt: z.preprocess(noneToUndefined, z.string({ invalid_type_error: M.runAt }).trim().regex(RUN_AT_PATTERN, M.runAt).optional()),
  timeZone: z.preprocess(noneToUndefined, z.string({ invalid_type_error: M.timeZone }).max(64, M.timeZone).optional()),
  eventId: z.preprocess(noneToUndefined, z.string().max(LIMITS.id, M.event).optional()),
  riderId: z.preprocess(noneToUndefined, z.coerce.number({ invalid_type_error: M.rider }).int(M.rider).positive(M.rider).optional()),
  time: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z
      .string({ invalid_type_error: M.time })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        const read = readRunTime(v);
        if ("error" in read) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: read.error });
          return z.NEVER;
        }
        return read.time;
      }),
  ),
  rating: z.preprocess(noneToUndefined, z.coerce.number({ invalid_type_error: M.rating }).int(M.rating).min(1, M.rating).max(5, M.rating).optional()),
  placement: z.preprocess(noneToUndefined, z.enum(PLACEMENTS, { errorMap: () => ({ message: M.placement }) }).optional()),
  tags: z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(RUN_TAGS, { errorMap: () => ({ message: M.tag }) })).transform((t) => [...new Set(t)]),
  ),
  notes: optionalText(LIMITS.notes, M.notesMax),
  groundCondition: optionalText(LIMITS.groundCondition, M.groundMax),
  weather: optionalText(LIMITS.weather, M.weatherMax),
  videoUrl: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(LIMITS.videoUrl, M.videoUrlMax).refine(isVideoAddress, M.videoUrl).optional(),
  ),
  privacy: z.preprocess(noneToUndefined, z.enum(RUN_PRIVACY, { errorMap: () => ({ message: M.privacy }) }).default("PRIVATE")),
  /** Idempotency key: a retried submit with the same key stores one run. */
  clientId: z.preprocess(noneToUndefined, z.string().max(LIMITS.id, M.clientId).optional()),
});
export type RunLogInput = z.infer<typeof runLogSchema>;

export const runPrivacySchema = z.object({
  privacy: z.enum(RUN_PRIVACY, { errorMap: () => ({ message: M.privacy }) }),
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
  horseId: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(64).optional()),
  rider: z.preprocess((v) => (v === "" ? undefined : v), z.union([z.literal("none"), z.coerce.number().int().positive()]).optional()),
  arena: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(100).optional()),
  from: dateParam,
  to: dateParam,
  tag: z.preprocess((v) => (v === "" ? undefined : v), z.enum(RUN_TAGS).optional()),
});
export type RunFilters = z.infer<typeof runFiltersSchema>;


