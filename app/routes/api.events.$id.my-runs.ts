import { myRuns } from "~/features/ondeck/ondeck.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/**
 * GET /api/events/{id}/my-runs: the signed-in account's entries (its own
 * riding and its managed riders') in classes whose draw is published, each
 * with `runsAhead`, `estimatedAt` (ISO 8601), `status` and `gateCalls`.
 * Another account's runs are never here.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(myRuns(getDb(), user, params.id ?? ""));
  },
});
export const loader = route;
export const action = route;
