import { eventPace } from "~/features/ondeck/ondeck.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/**
 * GET /api/events/{id}/pace: per class `runsPerHour`, `runsLeft`,
 * `estimatedEnd` (ISO 8601) and `behindMinutes` (behind the posted start;
 * null without one). Anyone who may see the event: it tells no rider's time.
 */
const route = apiRoute({
  GET: async ({ request, params }) => Response.json(eventPace(getDb(), await getUser(request), params.id ?? "")),
});
export const loader = route;
export const action = route;
