import { getUser, redirectWithToast, requireUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { asPage, HttpError } from "~/lib/http.server";
import { BOOTH_MESSAGES, overrideRemovalSchema, parseDollars, payoutOverrideSchema } from "~/schemas/raceday-booth";
import { RACE_MESSAGES } from "~/schemas/raceday-words";
import { requireEventPermission } from "./access.server";
import { removeOverride, setOverride } from "./overrides.server";
import { publishClass } from "./publish.server";
import { classResultsFor, publishedClasses } from "./results.server";
import { formatCents } from "./time";

/*
 * An event's results, one link per class (/events/{id}/results), and a
 * class's results page (/events/{id}/results/{classId}): what anyone may
 * see, and the producer's review forms (an override, taking one back,
 * Publish). Here rather than in the route, so the page's script carries none
 * of the forms' server code or zod.
 */

export async function eventResultsScreen(request: Request, eventId: string) {
  const viewer = await getUser(request);
  return asPage(() => publishedClasses(getDb(), viewer, eventId));
}

export async function classResultsScreen(request: Request, eventId: string, classId: string) {
  const viewer = await getUser(request);
  const { event, view, canManage } = asPage(() => classResultsFor(getDb(), viewer, eventId, classId));
  const path = `/events/${event.id}/results/${view.classId}`;
  return {
    event: { id: event.id, name: event.name, date: event.date, location: event.location, arenaName: event.arenaName },
    view,
    canManage,
    path,
    url: `${config().appOrigin}${path}`,
    origin: config().appOrigin,
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** The producer's review: an override (amount and reason), taking one back, and Publish. */
export async function classResultsAction(request: Request, eventId: string, classId: string) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const db = getDb();
  // Only the producer (or an admin) acts here: anyone else learns nothing from how a form is read.
  asPage(() => requireEventPermission(db, user, eventId, "manage"));
  const here = `/events/${encodeURIComponent(eventId)}/results/${encodeURIComponent(classId)}`;
  const intent = field(form, "intent");
  try {
    return await asPage(() => {
      if (intent === "publish") {
        const summary = publishClass(db, user, eventId, classId);
        const runs = summary.runLogs.created + summary.runLogs.updated;
        return redirectWithToast(here, { type: "success", title: "Results published", description: `${runs} official ${runs === 1 ? "run" : "runs"} in riders' run logs; ${summary.ridersTold} ${summary.ridersTold === 1 ? "rider" : "riders"} told.` });
      }
      const entryId = field(form, "entryId") ?? "";
      if (intent === "override") {
        const amountCents = parseDollars(field(form, "amount") ?? "");
        // The field is in dollars: say so, not "whole cents" (the API's amountCents message).
        if (amountCents === null) throw new HttpError(400, RACE_MESSAGES.dollars);
        const parsed = payoutOverrideSchema.safeParse({ amountCents, reason: field(form, "reason") });
        if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? BOOTH_MESSAGES.amount);
        setOverride(db, user, eventId, classId, entryId, parsed.data);
        return redirectWithToast(here, { type: "success", title: `Payout set: ${formatCents(parsed.data.amountCents)}` });
      }
      if (intent === "remove-override") {
        const parsed = overrideRemovalSchema.safeParse({ reason: field(form, "reason") });
        if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? BOOTH_MESSAGES.reason);
        removeOverride(db, user, eventId, classId, entryId, parsed.data.reason);
        return redirectWithToast(here, { type: "success", title: "Back to the computed payout" });
      }
      throw new HttpError(400, "Unknown action");
    }, { statuses: [403, 404] });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithToast(here, { type: "error", title: "Not saved", description: error.message });
  }
}
