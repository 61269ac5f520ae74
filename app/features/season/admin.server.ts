import { data } from "@remix-run/node";
import type { User } from "#db/schema";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { rawSeriesForm, seriesFromForm, seriesUpdateSchema } from "~/schemas/season";
import { createSeries, deleteSeries, reviewSeriesJoin, updateSeries } from "./series.server";

/*
 * The admin's series screens (/admin/series, /admin/series/{id}): the same
 * server functions as /api/series, their forms posted without JavaScript.
 * A refused form comes back with each message beside its field and what
 * was typed kept.
 */

export async function requireAdminScreen(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new Response("You need administrator privileges to do this.", { status: 403 });
  return user;
}

const refused = (form: FormData, errors: Record<string, string[] | undefined>, status = 400) => data({ errors, values: rawSeriesForm(form) }, { status });

/** A refusal the server functions name a field for (a taken name), said beside that field. */
const fieldRefusal = (error: unknown) =>
  error instanceof HttpError && error.body.errors ? { errors: error.body.errors as Record<string, string[]>, status: error.status } : null;

export function createSeriesFromForm(db: Db, admin: User, form: FormData) {
  const parsed = seriesFromForm(form);
  if (!parsed.success) return refused(form, parsed.error.flatten().fieldErrors);
  let row;
  try {
    row = createSeries(db, admin, parsed.data);
  } catch (error) {
    const field = fieldRefusal(error);
    if (field) return refused(form, field.errors, field.status);
    throw error;
  }
  return redirectWithToast(`/admin/series/${row.id}`, { type: "success", title: "Series created", description: "Producers can now ask for their events to count." });
}

/** One of the series screen's intents: update, review (approve or refuse an event), delete. */
export function seriesIntent(db: Db, admin: User, seriesId: string, form: FormData) {
  const intent = form.get("intent");
  const here = `/admin/series/${encodeURIComponent(seriesId)}`;
  try {
    if (intent === "update") {
      const parsed = seriesFromForm(form);
      if (!parsed.success) return refused(form, parsed.error.flatten().fieldErrors);
      // The full form is a complete update: the same checks as PATCH.
      updateSeries(db, seriesId, seriesUpdateSchema.parse(parsed.data));
      return redirectWithToast(here, { type: "success", title: "Series saved", description: "Standings recomputed." });
    }
    if (intent === "review") {
      const eventId = String(form.get("eventId") ?? "");
      const answer = reviewSeriesJoin(db, admin, seriesId, eventId, form.get("approved") === "true");
      return redirectWithToast(here, { type: "success", title: answer.message });
    }
    if (intent === "delete") {
      deleteSeries(db, seriesId);
      return redirectWithToast("/admin/series", { type: "success", title: "Series deleted" });
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const field = fieldRefusal(error);
    if (field) return refused(form, field.errors, field.status);
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) throw new Response(error.message, { status: 404 });
    return redirectWithToast(here, { type: "error", title: "Not saved", description: error.message });
  }
}
