import { savedIdsOf } from "~/features/events/saves.server";
import { searchEvents } from "~/features/events/search.server";
import { presentEvent } from "~/features/events/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { eventSearchSchema } from "~/schemas/events";

/** POST /api/events/search {zipCode | cityState, userHomeZipCode, radius, startDate, endDate, filters}. */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, eventSearchSchema);
    rateLimit(LIMITS.search, user.id);
    const db = getDb();
    const found = searchEvents(db, input, user);
    const saved = savedIdsOf(db, user.id, found.map((l) => l.event.id));
    return Response.json(found.map((l) => presentEvent(l.event, { distance: l.distance, viewerId: user.id, saved: saved.has(l.event.id) })));
  },
});
export const loader = route;
export const action = route;
