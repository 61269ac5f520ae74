import type { User } from "#db/schema";
import { getVisibleEvent, listUpcoming, savedIdsOf, searchEvents, withDistance, type Located } from "~/features/events/events.server";
import { presentEvent } from "~/features/events/presenters.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { eventSearchSchema } from "~/schemas/events";

export const DISCOVER_LIMIT = 30;
export const SEARCH_KEYS = ["location", "radius", "startDate", "endDate", "arenaType", "groundType", "minAddedMoney", "eventType"] as const;

/**
 * Discover's search runs from the page's query string (a GET form), so it
 * works without JavaScript, survives reload and the back button, and calls
 * the same searchEvents as POST /api/events/search. One "location" box takes
 * a ZIP or "City, ST".
 */
export function discover(db: Db, user: User, url: URL) {
  const q = url.searchParams;
  const values = Object.fromEntries(SEARCH_KEYS.map((k) => [k, q.get(k) ?? ""])) as Record<(typeof SEARCH_KEYS)[number], string>;
  const present = (list: Located[]) => {
    const saved = savedIdsOf(db, user.id, list.map((l) => l.event.id));
    return list.map((l) => presentEvent(l.event, { distance: l.distance, viewerId: user.id, saved: saved.has(l.event.id) }));
  };
  let results: ReturnType<typeof present> | null = null;
  let searchError: string | null = null;
  if (q.has("search")) {
    const location = values.location.trim();
    const parsed = eventSearchSchema.safeParse({
      ...values,
      zipCode: /^\d{5}$/.test(location) ? location : undefined,
      cityState: /^\d{5}$/.test(location) ? undefined : location,
      userHomeZipCode: user.homeZipCode,
    });
    if (!parsed.success) searchError = parsed.error.issues[0]?.message ?? "Invalid search";
    else {
      try {
        rateLimit(LIMITS.search, user.id);
        results = present(searchEvents(db, parsed.data, user));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        searchError = error.message;
      }
    }
  }
  const upcoming = present(listUpcoming(db, user.homeZipCode, user.searchRadius ?? 50, { limit: DISCOVER_LIMIT }));
  // ?eventId= of an event in neither list (e.g. the creator's own, waiting for approval): shown on top.
  const highlightId = q.get("eventId");
  let focus: ReturnType<typeof present>[number] | null = null;
  if (highlightId && !upcoming.some((e) => e.id === highlightId) && !results?.some((e) => e.id === highlightId)) {
    const event = getVisibleEvent(db, highlightId, user);
    if (event) focus = present(withDistance([event], user.homeZipCode))[0] ?? null;
  }
  return {
    values,
    focus,
    searched: q.has("search"),
    results,
    searchError,
    // A phone on a slow connection gets the soonest 30, not a hundred cards.
    upcoming,
    highlightId,
  };
}
