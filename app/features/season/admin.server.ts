import { data } from "@remix-run/node";
import type { User } from "#db/schema";
import { redirectWithToast, requireAdminScreen } from "~/lib/auth.server";
import { getDb, type Db } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { asPage, HttpError } from "~/lib/http.server";
import { rawSeriesForm, seriesFormOf, seriesFromForm, seriesUpdateSchema } from "~/schemas/season";
import { createSeries, deleteSeries, getSeries, reviewSeriesJoin, seriesEventList, updateSeries } from "./series.server";

/*
 * The admin's series screens (/admin/series, /admin/series/{id}): the same
 * server functions as /api/series, their forms posted without JavaScript.
 * A refused form comes back with each message beside its field and what
 * was typed kept.
 */

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
async function seriesIntent(db: Db, admin: User, seriesId: string, form: FormData) {
  const intent = form.get("intent");
  const here = `/admin/series/${encodeURIComponent(seriesId)}`;
  try {
    return await asPage(() => {
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
    }, { statuses: [404] });
  } catch (error) {
    const field = fieldRefusal(error);
    if (field) return refused(form, field.errors, field.status);
    if (!(error instanceof HttpError)) throw error;
    return redirectWithToast(here, { type: "error", title: "Not saved", description: error.message });
  }
}

/** The series screen: its rules as the form shows them, and the events that asked to count. */
export async function seriesAdminScreen(request: Request, seriesId: string) {
  const admin = await requireAdminScreen(request);
  const db = getDb();
  return asPage(() => {
    const series = getSeries(db, seriesId);
    const events = seriesEventList(db, admin, series.id).map((e) => ({ ...e, requestedAt: e.requestedAt.toISOString().slice(0, 10) }));
    return { series: { id: series.id, name: series.name }, values: seriesFormOf(series), events };
  });
}

export async function seriesAdminAction(request: Request, seriesId: string) {
  const admin = await requireAdminScreen(request);
  return seriesIntent(getDb(), admin, seriesId, await readForm(request));
}
