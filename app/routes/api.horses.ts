import { listHorses } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/horses: the names of the signed-in rider's horses. */
const route = apiRoute({
  GET: async ({ request }) => Response.json(listHorses(getDb(), await requireApiUser(request))),
});
export const loader = route;
export const action = route;
