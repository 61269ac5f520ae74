import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import type { User } from "#db/schema";
import { homeZone } from "~/features/events/zones.server";
import { runLogHorses } from "~/features/horses/horses.server";
import { listRiders } from "~/features/riders/riders.server";
import { data } from "@remix-run/node";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { now } from "~/lib/clock.server";
import { config } from "~/lib/config.server";
import { dateToWallClock } from "~/lib/zoned-time";
import { getDb, type Db } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { HttpError, isStorageFailure } from "~/lib/http.server";
import { withParams } from "~/lib/search-params";
import { CARD_PAGE, shownCount } from "~/lib/paging";
import { deleteUpload, storeUpload } from "~/lib/uploads.server";
import { isUploadRefusal, uploadRefusal } from "~/schemas/uploads";
import { ONE_OFF_PARAMS } from "~/schemas/run-basics";
import { RUN_MESSAGES, RUN_PRIVACY, runFiltersSchema, runLogSchema, VIDEO_MAX_BYTES, type RunFilters, type RunLogInput } from "~/schemas/runs";
import {
  countOwnRuns,
  countRuns,
  createRunLog,
  deleteRunLog,
  getOwnRun,
  latestHorseId,
  linkableEvents,
  listRuns,
  presentOwn,
  presentRunCard,
  RUN_LIST_LIMIT,
  runTrends,
  setRunPrivacy,
  updateRunLog,
} from "./runs.server";

/*
 * The run log screen (/run-log): what its loader reads and how its action
 * reads and saves a run. The route module stays a thin shell over these.
 * Zod and conform live here, on the server: the screen's JavaScript checks
 * the form with app/schemas/run-rules.ts instead.
 */


const FILTER_KEYS = ["horse", "horseId", "rider", "arena", "from", "to", "tag"] as const;

function readFilters(url: URL): RunFilters {
  // The usual visit has no filters: no schema to run (it was 1% of the page's time).
  if (!FILTER_KEYS.some((k) => url.searchParams.has(k))) return {};
  const raw = Object.fromEntries(FILTER_KEYS.map((k) => [k, url.searchParams.get(k) ?? undefined]));
  const parsed = runFiltersSchema.safeParse(raw);
  // A hand-edited query string with a bad value is ignored, not an error page.
  return parsed.success ? parsed.data : {};
}

/**
 * Which horse or rider the trends show: the rider filter, else the horse
 * filter (a record, or a name as older links carry it), else the horse of the
 * latest run (else the first horse).
 */
function trendsScope(db: Db, userId: string, filters: RunFilters, riders: { id: number; name: string }[], horses: { id: string; name: string }[]) {
  const rider = typeof filters.rider === "number" ? riders.find((r) => r.id === filters.rider) : undefined;
  if (rider) return { kind: "rider" as const, label: rider.name, riderId: rider.id };
  const named = filters.horse ? horses.find((h) => h.name.trim().toLowerCase() === filters.horse!.trim().toLowerCase()) : undefined;
  if (filters.horse && !named) return { kind: "horse" as const, label: filters.horse, horse: filters.horse };
  // The latest run's horse only when no filter chose one and there is a horse to choose: without
  // horse records that query reads every run of the rider looking for one with a horse (a third of
  // the loader's time for a rider of 500 such runs: bench/README.md, "The run log").
  const chosen = horses.find((h) => h.id === filters.horseId) ?? named;
  if (!chosen && horses.length === 0) return null;
  const horse = chosen ?? (horses.length > 1 ? horses.find((h) => h.id === latestHorseId(db, userId)) : undefined) ?? horses[0]!;
  return { kind: "horse" as const, label: horse.name, horseId: horse.id };
}


/** The screen's loader: everything it shows, read with one bounded query each. */
export async function runLogScreen(request: Request) {
  const user = await requireUser(request);
  return readRunLogScreen(getDb(), user, new URL(request.url));
}

function readRunLogScreen(db: Db, user: User, url: URL) {
  const filters = readFilters(url);
  const filtered = FILTER_KEYS.some((k) => filters[k] !== undefined);
  const shown = shownCount(url, "shown", CARD_PAGE, RUN_LIST_LIMIT);
  // One more than shown tells whether there is more.
  const page = listRuns(db, user.id, filters, { limit: shown + 1 });
  const total = countOwnRuns(db, user.id);
  const riders = listRiders(db, user.id);
  const { pickable, choices: horseChoices } = runLogHorses(db, user.id);
  const scope = trendsScope(db, user.id, filters, riders, horseChoices);
  const trends = scope ? runTrends(db, user.id, scope.kind === "rider" ? { riderId: scope.riderId } : "horseId" in scope ? { horseId: scope.horseId } : { horse: scope.horse }) : null;
  // A form without JavaScript shows and reads its run time in the rider's home zone.
  const zone = homeZone(user);

  const editId = url.searchParams.get("edit");
  const editRun = editId ? getOwnRun(db, user.id, editId) : null;

  return {
    runs: page.slice(0, shown).map(presentRunCard),
    total,
    matching: filtered ? countRuns(db, user.id, filters) : total,
    more: page.length > shown && shown < RUN_LIST_LIMIT ? shown + CARD_PAGE : null,
    filtered,
    // An older link's horse name selects its record in the filters.
    filters: { ...filters, horseId: filters.horseId ?? (scope && "horseId" in scope && filters.horse ? scope.horseId : undefined), horse: scope && "horseId" in scope ? undefined : filters.horse },
    riders,
    /** The form's picker: active horses. */
    horses: pickable,
    /** Filters and trends: every horse with runs or still active. */
    horseChoices,
    /** Where run times are shown, and read from a form sent without JavaScript. */
    zone,
    /** The form's "Run at" as first shown (now, in the rider's zone). */
    runAtNow: dateToWallClock(now(), zone),
    events: linkableEvents(db, user),
    scope: scope ? { kind: scope.kind, label: scope.label, horseId: "horseId" in scope ? scope.horseId : undefined, riderId: "riderId" in scope ? scope.riderId : undefined } : null,
    trends,
    editing: editRun ? presentOwn(db, editRun) : null,
    // ?new opens the form (Discover's "Log a Run", "+ Add Run" without JavaScript); so does an empty log.
    formOpen: url.searchParams.has("new") || total === 0,
    // A fresh idempotency key per rendering of the form: a double submit stores one run
    // (without JavaScript; with it, each run kept on the phone gets its own key).
    clientId: crypto.randomUUID(),
    userId: user.id,
    // Nobody else ever sees a Private rider's runs: the screen says so instead of offering to share.
    solo: user.privacyMode === "SOLO",
    origin: config().appOrigin,
  };
}

/** A body larger than a 15 MB video plus the form's fields is refused before it is read. */
const tooLargeForRunForm = (request: Request) => Number(request.headers.get("content-length") ?? 0) > VIDEO_MAX_BYTES + 512 * 1024;
const tooLarge = uploadRefusal("video", "file_too_large");
const VIDEO_TOO_LARGE = `${tooLarge.title}: ${tooLarge.message}`;

const runId = z.string({ required_error: "Run log not found" }).min(1, "Run log not found").max(64, "Run log not found");
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update"), id: runId }),
  z.object({ intent: z.literal("delete"), id: runId }),
  z.object({ intent: z.literal("privacy"), id: runId, privacy: z.enum(RUN_PRIVACY, { errorMap: () => ({ message: RUN_MESSAGES.privacy }) }) }),
]);
type Intent = z.infer<typeof intentSchema>;
type RunFields = { submission: Submission<RunLogInput>; video: Blob | null };

/** What the run log's forms ask for: one of its intents, or why the request is not one. */
export type RunIntent =
  | (Extract<Intent, { intent: "create" }> & RunFields)
  | (Extract<Intent, { intent: "update" }> & RunFields)
  | Extract<Intent, { intent: "delete" }>
  | Extract<Intent, { intent: "privacy" }>
  | { intent: "invalid"; asked: string; message: string };

/** Reads a posted run log form. A form without an intent is the add-run form. */
function readRunIntent(form: FormData): RunIntent {
  const asked = form.get("intent") ?? "create";
  const parsed = intentSchema.safeParse({ intent: asked, id: form.get("id") ?? undefined, privacy: form.get("privacy") ?? undefined });
  if (!parsed.success) return { intent: "invalid", asked: String(asked), message: parsed.error.issues[0]?.message ?? "Unknown action" };
  const intent = parsed.data;
  if (intent.intent !== "create" && intent.intent !== "update") return intent;
  // The add-run and edit forms are multipart: they may carry a video file.
  const file = form.get("video");
  form.delete("video");
  const video = file instanceof Blob && file.size > 0 ? file : null;
  // "New horse" typed in the form: that horse (found or added by name) rather than the one picked.
  const newHorse = form.get("newHorse");
  form.delete("newHorse");
  if (typeof newHorse === "string" && newHorse.trim() !== "") {
    form.delete("horseId");
    form.set("horseName", newHorse);
  }
  // The run time left as the form first showed it means "now" (the form may have been open a while).
  const shown = form.get("runAtShown");
  form.delete("runAtShown");
  // On an edit, the run keeps its time to the second.
  if (typeof shown === "string" && shown !== "" && form.get("runAt") === shown) form.delete("runAt");
  return { ...intent, submission: parseWithZod(form, { schema: runLogSchema }), video };
}

type SaveResult = { ok: true } | { ok: false; status: number; result: ReturnType<Submission<RunLogInput>["reply"]> };

/**
 * Saves the add-run or edit form: stores its video (by the one upload
 * mechanism), then the run; if the run is refused, the stored video goes.
 */
async function saveRunForm(db: Db, user: User, intent: Extract<RunIntent, { intent: "create" | "update" }>): Promise<SaveResult> {
  const { submission, video } = intent;
  if (submission.status !== "success") return { ok: false, status: 400, result: submission.reply() };
  let input = submission.value;
  let storedVideo: string | null = null;
  try {
    if (video) {
      storedVideo = (await storeUpload("video", video, user.id)).url;
      input = { ...input, videoUrl: storedVideo };
    }
    if (intent.intent === "create") createRunLog(db, user, input);
    else updateRunLog(db, user, intent.id, input);
    return { ok: true };
  } catch (error) {
    if (storedVideo) deleteUpload(storedVideo);
    // The video itself refused (too large, not a video): say so next to the video field.
    if (error instanceof HttpError && video && !storedVideo && isUploadRefusal(error.body.code)) {
      const title = typeof error.body.title === "string" ? `${error.body.title}: ` : "";
      return { ok: false, status: error.status, result: submission.reply({ fieldErrors: { video: [`${title}${error.message}`] } }) };
    }
    if (error instanceof HttpError) {
      const fieldErrors = error.body.errors as Record<string, string[]> | undefined;
      return { ok: false, status: error.status, result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.message] }) };
    }
    if (isStorageFailure(error)) throw error; // a full disk: 503 from entry.server's handleError, like every page
    console.error(error);
    const failed = intent.intent === "create" ? "Failed to add run log. Please try again." : "Failed to update run log. Please try again.";
    return { ok: false, status: 500, result: submission.reply({ formErrors: [failed] }) };
  }
}

const FAILED = {
  delete: "Failed to delete run log. Please try again.",
  privacy: "Failed to update privacy setting.",
} as const;

/**
 * The screen's action: one of its intents. Success and expected refusals
 * go back to the list (with its filters) with a toast; a refused form
 * comes back with its messages.
 */
export async function runLogAction(request: Request) {
  const user = await requireUser(request);
  const db = getDb();
  const back = `/run-log${withParams(new URL(request.url).search, ONE_OFF_PARAMS)}`;
  if (tooLargeForRunForm(request)) {
    return data({ result: { status: "error" as const, error: { video: [VIDEO_TOO_LARGE] } } }, { status: 413 });
  }
  const input = readRunIntent(await readForm(request));
  // An expected-to-fail step; a refusal comes back as a toast over the list.
  const attempt = async (work: () => void, failed: string, done: string) => {
    try {
      work();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithToast(back, { type: "error", title: failed, description: error.status === 400 ? error.message : undefined });
    }
    return redirectWithToast(back, { type: "success", title: done });
  };

  switch (input.intent) {
    case "create":
    case "update": {
      const saved = await saveRunForm(db, user, input);
      if (!saved.ok) return data({ result: saved.result }, { status: saved.status });
      return redirectWithToast(back, { type: "success", title: input.intent === "create" ? "Run Log Added!" : "Run Log Updated" });
    }
    case "delete":
      return attempt(() => deleteRunLog(db, user, input.id), FAILED.delete, "Run Log Deleted");
    case "privacy":
      return attempt(() => setRunPrivacy(db, user, input.id, input.privacy), FAILED.privacy, "Privacy Updated");
    case "invalid":
      if (Object.hasOwn(FAILED, input.asked)) return redirectWithToast(back, { type: "error", title: FAILED[input.asked as keyof typeof FAILED], description: input.message });
      return data({ result: { status: "error" as const, error: { "": [input.message] } } }, { status: 400 });
  }
}
