import { getUser, redirectWithToast, requireUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { asPage, HttpError } from "~/lib/http.server";
import { SEASON_MESSAGES } from "~/schemas/season";
import { embedSnippet, eventSeriesPage, seriesPage } from "./pages.server";
import { requestSeriesJoin } from "./series.server";

/*
 * The season's public and producer screens as their routes answer them: a
 * series' standings (/series/{id}) and a producer's request for an event to
 * count (/events/{id}/series). The admin's series screens are in
 * admin.server.ts.
 */

export async function seriesScreen(request: Request, seriesId: string) {
  const viewer = await getUser(request);
  const url = new URL(request.url);
  const { table, events } = asPage(() => seriesPage(getDb(), viewer, seriesId, url));
  const query = new URLSearchParams({ class: table.className, division: String(table.division) });
  const path = `/series/${table.series.id}?${query}`;
  const origin = config().appOrigin;
  return {
    table,
    events,
    path,
    url: `${origin}${path}`,
    origin,
    csv: `/api/series/${table.series.id}/standings.csv?${query}`,
    admin: viewer?.isAdmin ? { snippet: embedSnippet(origin, table) } : null,
  };
}

export async function eventSeriesScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  return asPage(() => eventSeriesPage(getDb(), user, eventId));
}

/** The producer asks for their event to count in a series; an admin answers on the series' admin screen. */
export async function eventSeriesAction(request: Request, eventId: string) {
  const user = await requireUser(request);
  const here = `/events/${encodeURIComponent(eventId)}/series`;
  const seriesId = (await readForm(request)).get("seriesId");
  if (typeof seriesId !== "string" || seriesId === "") return redirectWithToast(here, { type: "error", title: "Not asked", description: "Choose a series" });
  try {
    // Not the producer: a page. Anything else the producer can fix: a toast.
    const answer = asPage(() => requestSeriesJoin(getDb(), user, seriesId, eventId), { statuses: [403] });
    return redirectWithToast(here, { type: "success", title: answer.message });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithToast(here, { type: "error", title: "Not asked", description: error.status === 404 && error.message === "Event not found" ? SEASON_MESSAGES.eventId : error.message });
  }
}
