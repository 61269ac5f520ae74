import { removeTimer } from "~/features/raceday/timers.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** DELETE /api/events/{id}/timers/{userId}: the producer (or an admin) removes a timer. */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    removeTimer(getDb(), user, params.id ?? "", params.userId ?? "");
    return Response.json({ message: "Timer removed" });
  },
});
export const loader = route;
export const action = route;
