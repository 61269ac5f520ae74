import { listCreated } from "~/features/events/my-events.server";
import { withDistance } from "~/features/events/search.server";
import { presentEvent } from "~/features/events/presenters.server";
import { pendingChangesFor } from "~/features/events/revisions.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/created-events[?homeZipCode=]: the user's own events, approved or not, each with its pendingChange (or null). */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const zip = new URL(request.url).searchParams.get("homeZipCode")?.trim() || user.homeZipCode;
    const created = listCreated(getDb(), user);
    const pending = pendingChangesFor(getDb(), user, created);
    return Response.json(
      withDistance(created, zip).map((l) => presentEvent(l.event, { distance: l.distance, viewerId: user.id, pendingChange: pending.get(l.event.id) })),
    );
  },
});
export const loader = route;
export const action = route;
