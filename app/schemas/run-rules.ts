import type { FieldMessages } from "./auth-rules";
import { RUN_TAGS } from "./constants";
import { SOLO_RUNS_PRIVATE, UPLOADED_VIDEO } from "./run-basics";
import { maxSizeLabel, UPLOAD_RULES } from "./uploads";

export * from "./run-basics";

/**
 * Run log enumerations, limits and messages, and the browser's instant
 * checks of the run form. Zod-free on purpose: the run log is the heaviest
 * screen on a rider's phone, and zod plus conform would be a fifth of its
 * JavaScript. The zod schema in runs.ts uses these same rules and messages
 * and stays the authority on the server; tests/unit/run-rules.test.ts
 * proves both give the same messages for the same input.
 */

/** Placement enumeration, in the order a rider reads a result sheet. */
export const PLACEMENTS = [
  "1D 1st", "1D 2nd", "1D 3rd", "1D 4th", "1D Placed",
  "2D 1st", "2D 2nd", "2D 3rd", "2D 4th", "2D Placed",
  "3D 1st", "3D 2nd", "3D 3rd", "3D 4th", "3D Placed",
  "4D 1st", "4D 2nd", "4D 3rd", "4D 4th", "4D Placed",
  "EXPO",
] as const;
export type Placement = (typeof PLACEMENTS)[number];


export const RUN_PRIVACY = ["PRIVATE", "PUBLIC"] as const;
export const ARENA_TYPES = ["indoor", "outdoor"] as const;
/** A run video: video/* only, its size limit from the upload rules, with advice to compress under 10 MB. */
export const VIDEO_MAX_BYTES = UPLOAD_RULES.video.maxBytes;
export const VIDEO_ADVICE = `Videos up to ${maxSizeLabel("video")}. Compress longer clips to under 10 MB first (most phones offer a smaller size when sharing).`;
const WEB_ADDRESS = /^https?:\/\/[^\s/]+\.[^\s]+$/i;

const MAX_RUN_SECONDS = 600;
/** A run's time may be ahead of the server's clock by this much (a phone's clock drifts). */
export const RUN_AT_ALLOWANCE_MS = 15 * 60 * 1000;
/** The earliest time a run may be dated: anything before is a typo. */
export const EARLIEST_RUN = new Date("1990-01-01T00:00:00Z");
/** A run time as sent: the form's wall-clock time, or an ISO instant with its offset. */
export const RUN_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?([zZ]|[+-]\d{2}:?\d{2})?$/;
export const LIMITS = { arenaName: 100, horseName: 60, notes: 1000, groundCondition: 40, weather: 40, videoUrl: 500, id: 64 } as const;

export const RUN_MESSAGES = {
  arenaName: "Arena name is required",
  arenaNameMax: `Arena name must be ${LIMITS.arenaName} characters or less`,
  arenaType: "Arena type must be indoor or outdoor",
  horseNameMax: `Horse name must be ${LIMITS.horseName} characters or less`,
  event: "Choose an event from the list",
  rider: "Choose a rider from the list",
  time: "Time must be in seconds, like 15.482",
  timeNotPositive: "Time must be more than 0 seconds",
  timeTooLong: `Time must be under ${MAX_RUN_SECONDS} seconds (10 minutes)`,
  timeDecimals: "Time can have at most 3 decimals, like 15.482",
  timeClockSeconds: "Seconds after the colon must be under 60, like 0:15.482",
  rating: "Rating must be 1 to 5 stars",
  placement: "Choose a placement from the list",
  tag: "Unknown tag",
  notesMax: `Notes must be ${LIMITS.notes} characters or less`,
  groundMax: `Ground must be ${LIMITS.groundCondition} characters or less`,
  weatherMax: `Weather must be ${LIMITS.weather} characters or less`,
  videoUrl: "Video link must be a web address, like https://youtu.be/...",
  videoUrlMax: `Video link must be ${LIMITS.videoUrl} characters or less`,
  privacy: "Privacy must be PRIVATE or PUBLIC",
  soloPrivate: SOLO_RUNS_PRIVATE,
  official: "This run is official: its time, placement and money come from the race's published results.",
  clientId: "Run key must be 64 characters or less",
  horse: "Choose a horse from the list",
  runAt: "Run time must be a date and time, like 2026-06-01T14:30",
  runAtFuture: "Run time can't be in the future",
  runAtOld: "Run time must be in 1990 or later",
  timeZone: "Time zone must be a name like America/Chicago",
} as const;

/** Kept for the tests and callers that name the general time message. */
export const TIME_MESSAGE = RUN_MESSAGES.time;

/**
 * Reads a run time as typed at the arena: "15.482", "15.48s", "15,482" or
 * "0:15.482" (minutes:seconds). Answers seconds as a canonical string
 * ("15.482", no unit, at most 3 decimals), or the message saying what is
 * wrong with it.
 */
export function readRunTime(input: string): { time: string } | { error: string } {
  const text = input.trim().toLowerCase().replace(/\s*(s|sec|secs|seconds)$/, "").replace(",", ".");
  const clock = /^(-)?(\d{1,2}):(\d{1,2})(?:\.(\d*))?$/.exec(text);
  const plain = clock ? null : /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!clock && (!plain || !/\d/.test(text))) return { error: RUN_MESSAGES.time };
  const minus = clock ? clock[1] : plain![1];
  const whole = clock ? clock[3] : plain![2];
  const fraction = clock ? clock[4] : plain![3];
  if ((fraction?.length ?? 0) > 3) return { error: RUN_MESSAGES.timeDecimals };
  if (clock && Number(whole) >= 60) return { error: RUN_MESSAGES.timeClockSeconds };
  const seconds = (clock ? Number(clock[2]) * 60 : 0) + Number(`${whole || "0"}.${fraction || "0"}`);
  if (minus || !(seconds > 0)) return { error: RUN_MESSAGES.timeNotPositive };
  if (seconds >= MAX_RUN_SECONDS) return { error: RUN_MESSAGES.timeTooLong };
  return { time: String(Number(seconds.toFixed(3))) };
}

/** The canonical time, or null when the text is not a time. */
export function parseRunTime(input: string): string | null {
  const read = readRunTime(input);
  return "time" in read ? read.time : null;
}

/** The numeric part of a time for sorting: a missing or unreadable time counts as 999. */
export function timeSortValue(time: string | null | undefined): number {
  const match = time ? /\d+(\.\d+)?/.exec(time) : null;
  return match ? Number(match[0]) : 999;
}

/** A form value as the server's parser sees it: a blank field is a missing one. */
function value(form: FormData, name: string) {
  const v = form.get(name);
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** "none" and "" mean absent. */
const chosen = (form: FormData, name: string) => {
  const v = value(form, name);
  return v === "none" ? undefined : v;
};

/** An optional text field: blank or spaces only is absent, otherwise trimmed and at most `max`. */
function optionalText(form: FormData, name: string, max: number, message: string) {
  const v = value(form, name)?.trim();
  return v && v.length > max ? [message] : [];
}

/**
 * The run form's messages, field by field, as the server would answer them
 * (an empty object when the run is valid).
 */
export function checkRun(form: FormData): FieldMessages {
  const out: FieldMessages = {};
  const add = (name: string, messages: string[]) => {
    if (messages.length) out[name] = messages;
  };
  const arena = value(form, "arenaName")?.trim();
  add("arenaName", !arena ? [RUN_MESSAGES.arenaName] : arena.length > LIMITS.arenaName ? [RUN_MESSAGES.arenaNameMax] : []);
  const arenaType = chosen(form, "arenaType");
  add("arenaType", arenaType !== undefined && !(ARENA_TYPES as readonly string[]).includes(arenaType) ? [RUN_MESSAGES.arenaType] : []);
  add("horseName", optionalText(form, "horseName", LIMITS.horseName, RUN_MESSAGES.horseNameMax));
  const eventId = chosen(form, "eventId");
  add("eventId", eventId !== undefined && eventId.length > LIMITS.id ? [RUN_MESSAGES.event] : []);
  const riderId = chosen(form, "riderId");
  add("riderId", riderId !== undefined && !(Number.isInteger(Number(riderId)) && Number(riderId) > 0) ? [RUN_MESSAGES.rider] : []);
  const time = value(form, "time");
  const read = time === undefined || time.trim() === "" ? null : readRunTime(time);
  add("time", read && "error" in read ? [read.error] : []);
  const rating = chosen(form, "rating");
  add("rating", rating !== undefined && !(Number.isInteger(Number(rating)) && Number(rating) >= 1 && Number(rating) <= 5) ? [RUN_MESSAGES.rating] : []);
  const placement = chosen(form, "placement");
  add("placement", placement !== undefined && !(PLACEMENTS as readonly string[]).includes(placement) ? [RUN_MESSAGES.placement] : []);
  form.getAll("tags").forEach((tag, i) => {
    if (tag !== "" && !(RUN_TAGS as readonly unknown[]).includes(tag)) add(`tags[${i}]`, [RUN_MESSAGES.tag]);
  });
  add("notes", optionalText(form, "notes", LIMITS.notes, RUN_MESSAGES.notesMax));
  add("groundCondition", optionalText(form, "groundCondition", LIMITS.groundCondition, RUN_MESSAGES.groundMax));
  add("weather", optionalText(form, "weather", LIMITS.weather, RUN_MESSAGES.weatherMax));
  const video = value(form, "videoUrl")?.trim();
  if (video) add("videoUrl", [...(video.length > LIMITS.videoUrl ? [RUN_MESSAGES.videoUrlMax] : []), ...(isVideoAddress(video) ? [] : [RUN_MESSAGES.videoUrl])]);
  const privacy = chosen(form, "privacy");
  add("privacy", privacy !== undefined && !(RUN_PRIVACY as readonly string[]).includes(privacy) ? [RUN_MESSAGES.privacy] : []);
  const runAt = value(form, "runAt")?.trim();
  add("runAt", runAt && !RUN_AT_PATTERN.test(runAt) ? [RUN_MESSAGES.runAt] : runAt && new Date(runAt).getTime() > Date.now() + RUN_AT_ALLOWANCE_MS ? [RUN_MESSAGES.runAtFuture] : []);
  add("newHorse", optionalText(form, "newHorse", LIMITS.horseName, RUN_MESSAGES.horseNameMax));
  const clientId = chosen(form, "clientId");
  add("clientId", clientId !== undefined && clientId.length > LIMITS.id ? [RUN_MESSAGES.clientId] : []);
  return out;
}

/** A video link: a web address, or a video stored by this app. */
export const isVideoAddress = (url: string) => UPLOADED_VIDEO.test(url) || WEB_ADDRESS.test(url);
