import { listSaved } from "~/features/events/my-events.server";
import { withDistance } from "~/features/events/search.server";
import { presentEvent } from "~/features/events/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/saved-events[?homeZipCode=]: items with event and savedEvent; never events the user created. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const zip = new URL(request.url).searchParams.get("homeZipCode")?.trim() || user.homeZipCode;
    const rows = listSaved(getDb(), user);
    const located = withDistance(rows.map((r) => r.event), zip);
    return Response.json(
      rows.map((row, i) => ({
        event: presentEvent(row.event, { distance: located[i]!.distance, viewerId: user.id, saved: true }),
        savedEvent: { id: row.savedEvent.id, userId: row.savedEvent.userId, eventId: row.savedEvent.eventId, savedAt: row.savedEvent.savedAt.toISOString() },
      })),
    );
  },
});
export const loader = route;
export const action = route;
