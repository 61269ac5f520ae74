import { data } from "@remix-run/node";
import { horseWinnings } from "~/features/raceday/results.server";
import { parseWithZod } from "@conform-to/zod";
import type { User } from "#db/schema";
import { homeZone } from "~/features/events/zones.server";
import { listRuns, runTrends } from "~/features/runs/runs.server";
import { listRiders } from "~/features/riders/riders.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb, type Db } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { HttpError } from "~/lib/http.server";
import { previewUrlOf, thumbUrlOf } from "~/lib/uploads.server";
import { isUploadRefusal, UPLOAD_RULES } from "~/schemas/uploads";
import { horsePatchSchema, newHorseSchema } from "~/schemas/horses";
import { createHorse, deleteHorse, findOwnHorse, getHorse, listHorseRecords, updateHorse } from "./horses.server";
import { listPapers } from "./papers.server";
import { roadOfHorse } from "~/features/season/pages.server";

/*
 * The horse screens (/horses and /horses/{id}): what their loaders read and
 * how their actions save. The route modules stay thin shells over these.
 */

/** How many of a horse's runs its screen lists; the run log, filtered to the horse, lists all of them, 12 at a time. */
const HORSE_RUNS_SHOWN = 10;

/** /horses: the rider's horses (active, then retired) and what the add form needs. */
export async function horsesScreen(request: Request) {
  const user = await requireUser(request);
  const db = getDb();
  return {
    horses: listHorseRecords(db, user.id).map((h) => ({ ...h, thumbUrl: thumbUrlOf(h.photoUrl) })),
    riders: listRiders(db, user.id),
  };
}

/** /horses/{id}: the horse, its latest runs and trends; anyone else's horse is a 404 page. */
export async function horseScreen(request: Request, id: string) {
  const user = await requireUser(request);
  const db = getDb();
  const own = findOwnHorse(db, user.id, id);
  // Anyone else's horse is as missing as a missing one.
  if (!own) return data({ found: false as const }, { status: 404 });
  const horse = getHorse(db, user.id, own.id);
  return {
    found: true as const,
    horse: { ...horse, previewUrl: previewUrlOf(horse.photoUrl) },
    runs: listRuns(db, user.id, { horseId: horse.id }, { limit: HORSE_RUNS_SHOWN }),
    trends: runTrends(db, user.id, { horseId: horse.id }),
    riders: listRiders(db, user.id),
    papers: listPapers(db, user, horse.id),
    winnings: horseWinnings(db, horse.id),
    zone: homeZone(user),
    editOpen: new URL(request.url).searchParams.has("edit"),
    road: roadOfHorse(db, user, user.id, horse.id),
  };
}

/** A body larger than a photo plus the form's fields is refused before it is read. */
const tooLarge = (request: Request) => Number(request.headers.get("content-length") ?? 0) > UPLOAD_RULES.horse.maxBytes + 64 * 1024;

type Answer = Response | ReturnType<typeof data>;

/**
 * Saves a horse form (add or edit): its fields, and its photo through the
 * one checked upload path. A refused form comes back with its messages.
 */
async function saveHorseForm(db: Db, user: User, form: FormData, id: string | null, back: string): Promise<Answer> {
  const file = form.get("photo");
  form.delete("photo");
  const photo = file instanceof Blob && file.size > 0 ? file : null;
  const submission = parseWithZod(form, { schema: id ? horsePatchSchema : newHorseSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const horse = id ? await updateHorse(db, user, id, submission.value, photo) : await createHorse(db, user, submission.value as typeof submission.value & { name: string }, photo);
    return redirectWithToast(id ? back : `/horses/${horse.id}`, { type: "success", title: id ? "Horse updated" : "Horse added!" });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // The photo itself refused (too large, not an image): said next to the photo field.
    if (photo && isUploadRefusal(error.body.code)) {
      const title = typeof error.body.title === "string" ? `${error.body.title}: ` : "";
      return data({ result: submission.reply({ fieldErrors: { photo: [`${title}${error.message}`] } }) }, { status: error.status });
    }
    const fieldErrors = error.body.errors as Record<string, string[]> | undefined;
    return data({ result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [error.message] }) }, { status: error.status });
  }
}

/** /horses: adds a horse, then opens its screen. */
export async function horsesAction(request: Request) {
  const user = await requireUser(request);
  if (tooLarge(request)) return data({ result: { status: "error" as const, error: { photo: ["File Too Large: File size must be less than 10MB"] } } }, { status: 413 });
  return saveHorseForm(getDb(), user, await readForm(request), null, "/horses");
}

/** /horses/{id}: edit, share or stop sharing, retire, bring back or delete the horse. */
export async function horseAction(request: Request, id: string) {
  const user = await requireUser(request);
  const db = getDb();
  const back = `/horses/${id}`;
  if (tooLarge(request)) return data({ result: { status: "error" as const, error: { photo: ["File Too Large: File size must be less than 10MB"] } } }, { status: 413 });
  const form = await readForm(request);
  const intent = form.get("intent");
  form.delete("intent");
  const attempt = async (work: () => Promise<unknown> | unknown, done: string, to = back) => {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 404) return data({ result: { status: "error" as const, error: { "": [error.message] } } }, { status: 404 });
      return redirectWithToast(back, { type: "error", title: "Error", description: error.message });
    }
    return redirectWithToast(to, { type: "success", title: done });
  };
  switch (intent) {
    case "update":
      return saveHorseForm(db, user, form, id, back);
    case "retire":
      return attempt(() => updateHorse(db, user, id, { retired: true }), "Horse retired");
    case "unretire":
      return attempt(() => updateHorse(db, user, id, { retired: false }), "Horse back in the picker");
    case "share":
      return attempt(() => updateHorse(db, user, id, { shared: true }), "Record shared");
    case "unshare":
      return attempt(() => updateHorse(db, user, id, { shared: false }), "Record no longer shared");
    case "removePhoto":
      return attempt(() => updateHorse(db, user, id, { photoUrl: null }), "Photo removed");
    case "delete":
      return attempt(() => deleteHorse(db, user, id), "Horse deleted", "/horses");
    default:
      return data({ result: { status: "error" as const, error: { "": ["Unknown action"] } } }, { status: 400 });
  }
}
