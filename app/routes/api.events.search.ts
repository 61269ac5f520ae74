import { savedIdsOf } from "~/features/events/saves.server";
import { searchEvents, searchEventsPage } from "~/features/events/search.server";
import { presentEvent } from "~/features/events/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { eventSearchSchema } from "~/schemas/events";

/**
 * POST /api/events/search {zipCode | cityState, userHomeZipCode, radius, startDate, endDate, filters}:
 * the events found (up to 100). With `limit` (1-100) and/or `cursor`: one page, `{ events, nextCursor }`,
 * by date then id; `nextCursor` (null after the last page) sent back as `cursor` gives the next.
 */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, eventSearchSchema);
    rateLimit(LIMITS.search, user.id);
    const db = getDb();
    const paged = input.limit !== undefined || input.cursor !== undefined;
    const { found, nextCursor } = paged ? searchEventsPage(db, input, user) : { found: searchEvents(db, input, user), nextCursor: null };
    const saved = savedIdsOf(db, user.id, found.map((l) => l.event.id));
    const events = found.map((l) => presentEvent(l.event, { distance: l.distance, viewerId: user.id, saved: saved.has(l.event.id) }));
    return Response.json(paged ? { events, nextCursor } : events);
  },
});
export const loader = route;
export const action = route;
