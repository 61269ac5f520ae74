import { getSharedHorse } from "~/features/horses/sharedHorse.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, jsonError } from "~/lib/http.server";

/** GET /api/share/horse/{id}: public while the owner shares the horse; otherwise like a missing one. */
const route = apiRoute({
  GET: async ({ params }) => {
    const horse = getSharedHorse(getDb(), params.id ?? "");
    return horse ? Response.json(horse) : jsonError(404, "Horse not found");
  },
});
export const loader = route;
export const action = route;
