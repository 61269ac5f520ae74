import { runTrends } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/** GET /api/run-logs/trends?horse=NAME or ?rider=ID: history and trends of one horse or rider. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const params = new URL(request.url).searchParams;
    const horse = params.get("horse")?.trim() || undefined;
    const riderId = params.get("rider") ? Number(params.get("rider")) : undefined;
    if (!horse && !riderId) throw new HttpError(400, "Choose a horse or a rider");
    if (riderId !== undefined && !(Number.isInteger(riderId) && riderId > 0)) throw new HttpError(400, "Choose a rider from the list");
    return Response.json(runTrends(getDb(), user.id, { horse, riderId }));
  },
});
export const loader = route;
export const action = route;
