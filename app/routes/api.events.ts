import { createEventFor } from "~/features/events/editing.server";
import { listUpcoming } from "~/features/events/search.server";
import { savedIdsOf } from "~/features/events/saves.server";
import { presentEvent } from "~/features/events/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { eventCreateSchema } from "~/schemas/events";

/**
 * GET /api/events?homeZipCode=: approved events ending on or after the
 * rider's today within their search radius, soonest first, with distance.
 * POST /api/events: a new event, hidden until an admin approves it (201;
 * a repeated clientId answers the event already added with 200).
 */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const zip = new URL(request.url).searchParams.get("homeZipCode")?.trim() || user.homeZipCode;
    const db = getDb();
    const found = listUpcoming(db, zip, user.searchRadius ?? 50);
    const saved = savedIdsOf(db, user.id, found.map((l) => l.event.id));
    return Response.json(found.map((l) => presentEvent(l.event, { distance: l.distance, viewerId: user.id, saved: saved.has(l.event.id) })));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, eventCreateSchema);
    const { event, created } = createEventFor(getDb(), user, input);
    return Response.json(presentEvent(event, { viewerId: user.id }), { status: created ? 201 : 200 });
  },
});
export const loader = route;
export const action = route;
