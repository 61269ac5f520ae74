import type { User } from "#db/schema";
import { getVisibleEvent } from "~/features/events/visibility.server";
import { listUpcoming, RESULT_LIMIT, searchEvents, withDistance, type Located } from "~/features/events/search.server";
import { savedIdsOf } from "~/features/events/saves.server";
import { cardRows } from "~/features/events/event-rows.server";
import { presentEventCard } from "~/features/events/presenters.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { CARD_PAGE, shownCount } from "~/lib/paging";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { DEFAULT_RADIUS } from "~/schemas/constants";
import { eventSearchSchema } from "~/schemas/events";
import type { ZodIssue } from "zod";
import { lookupCityState, lookupZip } from "~/lib/gazetteer.server";
import { searchSummary } from "./search-summary";

const SEARCH_KEYS = ["location", "radius", "startDate", "endDate", "arenaType", "groundType", "minAddedMoney", "eventType"] as const;

/**
 * Discover's search runs from the page's query string (a GET form), so it
 * works without JavaScript, survives reload and the back button, and calls
 * the same searchEvents as POST /api/events/search. One "location" box takes
 * a ZIP or "City, ST".
 */
export function discover(db: Db, user: User, url: URL) {
  const q = url.searchParams;
  const values = Object.fromEntries(SEARCH_KEYS.map((k) => [k, q.get(k) ?? ""])) as Record<(typeof SEARCH_KEYS)[number], string>;
  // A new search starts at the rider's default radius from Settings.
  values.radius ||= String(user.searchRadius ?? DEFAULT_RADIUS);
  const present = (list: Located<Parameters<typeof presentEventCard>[0]>[]) => {
    const saved = savedIdsOf(db, user.id, list.map((l) => l.event.id));
    return list.map((l) => presentEventCard(l.event, { distance: l.distance, viewerId: user.id, saved: saved.has(l.event.id) }));
  };
  const next = (n: number) => Math.min(n + CARD_PAGE, RESULT_LIMIT);
  let results: { events: ReturnType<typeof present>; total: number; more: number | null; summary: string } | null = null;
  let searchError: string | null = null;
  if (q.has("search")) {
    const location = values.location.trim();
    const parsed = eventSearchSchema.safeParse({
      ...values,
      zipCode: /^\d{5}$/.test(location) ? location : undefined,
      cityState: /^\d{5}$/.test(location) ? undefined : location,
      userHomeZipCode: user.homeZipCode,
    });
    if (!parsed.success) searchError = formMessageOf(parsed.error.issues[0]);
    else {
      try {
        rateLimit(LIMITS.search, user.id);
        const found = searchEvents(db, parsed.data, user, { rows: cardRows });
        const shown = shownCount(url, "shown", CARD_PAGE, RESULT_LIMIT);
        const place = parsed.data.zipCode ? lookupZip(parsed.data.zipCode) : parsed.data.cityState ? lookupCityState(parsed.data.cityState) : null;
        const placeName = place && (parsed.data.zipCode ? `${place.zip} (${place.city}, ${place.state})` : `${place.city}, ${place.state}`);
        results = {
          events: present(found.slice(0, shown)),
          total: found.length,
          more: found.length > shown ? next(shown) : null,
          summary: searchSummary(parsed.data, placeName),
        };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        searchError = error.message;
      }
    }
  }
  const upcomingShown = shownCount(url, "upcoming", CARD_PAGE, RESULT_LIMIT);
  // One more than shown tells whether there is more.
  const soonest = listUpcoming(db, user.homeZipCode, user.searchRadius ?? DEFAULT_RADIUS, { limit: upcomingShown + 1, rows: cardRows });
  const upcoming = present(soonest.slice(0, upcomingShown));
  // ?eventId= of an event in neither list (e.g. the creator's own, waiting for approval): shown on top.
  const highlightId = q.get("eventId");
  let focus: ReturnType<typeof present>[number] | null = null;
  if (highlightId && !upcoming.some((e) => e.id === highlightId) && !results?.events.some((e) => e.id === highlightId)) {
    const event = getVisibleEvent(db, highlightId, user);
    if (event) focus = present(withDistance([event], user.homeZipCode))[0] ?? null;
  }
  return {
    values,
    focus,
    results,
    searchError,
    upcoming,
    moreUpcoming: soonest.length > upcomingShown && upcomingShown < RESULT_LIMIT ? next(upcomingShown) : null,
    highlightId,
  };
}

/** What the search form says of a refused search: a rule may word it for riders apart from the API (`params.formMessage`). */
function formMessageOf(issue: ZodIssue | undefined) {
  if (!issue) return "Check the search and try again";
  const worded = issue.code === "custom" ? (issue.params as { formMessage?: unknown } | undefined)?.formMessage : undefined;
  return typeof worded === "string" ? worded : issue.message;
}
