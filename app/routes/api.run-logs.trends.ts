import { getHorse } from "~/features/horses/horses.server";
import { runTrends } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/**
 * GET /api/run-logs/trends?horseId=ID, ?horse=NAME or ?rider=ID: history and
 * trends of one horse or rider, with best and average times by ground,
 * indoor/outdoor and weather (`conditions`, each figure with its run count).
 */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const params = new URL(request.url).searchParams;
    const horse = params.get("horse")?.trim() || undefined;
    const horseId = params.get("horseId")?.trim() || undefined;
    const riderId = params.get("rider") ? Number(params.get("rider")) : undefined;
    if (horseId) return Response.json(runTrends(getDb(), user.id, { horseId: getHorse(getDb(), user.id, horseId).id }));
    if (!horse && !riderId) throw new HttpError(400, "Choose a horse or a rider");
    if (riderId !== undefined && !(Number.isInteger(riderId) && riderId > 0)) throw new HttpError(400, "Choose a rider from the list");
    return Response.json(runTrends(getDb(), user.id, { horse, riderId }));
  },
});
export const loader = route;
export const action = route;
