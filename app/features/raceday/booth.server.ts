import type { z } from "zod";
import { callToGate } from "~/features/ondeck/gate-calls.server";
import { announceOnDeck, eventGateCalls } from "~/features/ondeck/ondeck.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { asPage, HttpError } from "~/lib/http.server";
import { RACE_MESSAGES, raceEntrySchema } from "~/schemas/raceday";
import { raceRerunSchema, raceTimeCorrectionSchema, raceTimeSchema } from "~/schemas/raceday-booth";
import { requireEventPermission } from "./access.server";
import { enterRace } from "./entries.server";
import { boothView } from "./race-runs.server";
import { correctTime, recordTime, voidTime } from "./times.server";

/*
 * The booth (/events/{id}/booth) as its route answers it: the view of the
 * event's classes for a named timer, the producer or an admin, and one form
 * post per change for a booth without JavaScript (a time, a gate call, an
 * exhibition run, an undo, a rerun, a correction). Each change answers with a
 * toast back on the booth; only a booth the user may not use is the error page.
 */

export async function boothScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  const view = asPage(() => boothView(getDb(), user, eventId));
  const asked = new URL(request.url).searchParams.get("class");
  const classId = view.classes.find((c) => c.id === asked)?.id ?? view.classes[0]?.id ?? null;
  // Each form of this page carries a fresh key: the same form posted twice (a double tap, a resend) stores one time.
  return { ...view, userId: user.id, classId, formKey: crypto.randomUUID(), gateCalls: Object.fromEntries(eventGateCalls(getDb(), view.event.id)) };
}

/** The form's fields read by the API's own schema: its first message becomes the toast. */
function parse<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** One form post per change, for a booth without JavaScript: a time, an undo, a rerun, a correction. */
export async function boothAction(request: Request, eventId: string) {
  const user = await requireUser(request);
  const form = await readForm(request);
  // Back to the class the form was sent from: an id, never any text posted (a long one would not fit a Location header).
  const classId = /^[A-Za-z0-9-]{1,64}$/.test(text(form, "classId") ?? "") ? text(form, "classId")! : "";
  const back =
    text(form, "back") === "hub" ? `/events/${encodeURIComponent(eventId)}/race-day` : `/events/${encodeURIComponent(eventId)}/booth${classId ? `?class=${encodeURIComponent(classId)}` : ""}`;
  const intent = text(form, "intent");
  const db = getDb();
  // Who may use the booth is asked first: anyone else learns nothing from how a form is read.
  asPage(() => requireEventPermission(db, user, eventId, "time"));
  try {
    return await asPage(() => {
      if (intent === "time") {
        const input = parse(raceTimeSchema, {
          entryId: text(form, "entryId"),
          outcome: text(form, "outcome"),
          time: text(form, "time") || null,
          penalties: text(form, "penalties") || 0,
          clientId: text(form, "clientId"),
          takenAt: text(form, "takenAt") || null,
        });
        if (recordTime(db, user, eventId, input).created) announceOnDeck(db, eventId);
        return redirectWithToast(back, { type: "success", title: input.outcome === "TIME" ? `Time saved: ${input.time}` : input.outcome === "NT" ? "NT saved" : "Scratch saved" });
      }
      if (intent === "gate-call") {
        const called = callToGate(db, user, eventId, text(form, "entryId") ?? "");
        return redirectWithToast(back, { type: "success", title: `Gate call ${called.gateCalls} of ${called.max}: ${called.riderName}` });
      }
      if (intent === "exhibition") {
        // The producer's (or an admin's) alone: enterRace refuses a named timer's walk-up.
        const input = parse(raceEntrySchema, { classId, riderName: text(form, "riderName") ?? "", horseName: text(form, "horseName"), exhibition: true });
        if (!input.riderName) throw new HttpError(400, RACE_MESSAGES.riderName);
        const { entry } = enterRace(db, user, eventId, input);
        return redirectWithToast(back, { type: "success", title: `Exhibition run added: ${entry.riderName} on ${entry.horseName}` });
      }
      const ref = text(form, "timeId") ?? "";
      if (intent === "undo") {
        voidTime(db, user, eventId, ref, { kind: "undo" });
        return redirectWithToast(back, { type: "success", title: "Last time undone" });
      }
      if (intent === "rerun") {
        const { reason } = parse(raceRerunSchema, { reason: text(form, "reason") });
        voidTime(db, user, eventId, ref, { kind: "rerun", reason });
        return redirectWithToast(back, { type: "success", title: "Rerun: the rider is back on the gate" });
      }
      if (intent === "correct") {
        const input = parse(raceTimeCorrectionSchema, {
          outcome: text(form, "outcome"),
          time: text(form, "time") || null,
          penalties: text(form, "penalties") || 0,
          reason: text(form, "reason"),
        });
        correctTime(db, user, eventId, ref, input);
        return redirectWithToast(back, { type: "success", title: "Time corrected" });
      }
      throw new HttpError(400, "Unknown action");
    }, { statuses: [403, 404] });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // A refused time keeps what was typed: back on the booth's field (typed for the rider on the gate).
    const typed = intent === "time" && text(form, "time") ? `${back.includes("?") ? "&" : "?"}typed=${encodeURIComponent((text(form, "time") ?? "").slice(0, 20))}&typedFor=${encodeURIComponent(text(form, "entryId") ?? "")}` : "";
    return redirectWithToast(`${back}${typed}`, { type: "error", title: "Not saved", description: error.message });
  }
}
