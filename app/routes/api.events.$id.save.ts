import { saveEvent, unsaveEvent } from "~/features/events/saves.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** POST and DELETE /api/events/{id}/save: both idempotent. */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    saveEvent(getDb(), user, params.id ?? "");
    return Response.json({ saved: true });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    unsaveEvent(getDb(), user, params.id ?? "");
    return Response.json({ saved: false });
  },
});
export const loader = route;
export const action = route;
