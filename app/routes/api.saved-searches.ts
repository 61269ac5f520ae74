import { createSavedSearch, listSavedSearches } from "~/features/alerts/saved-searches.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { savedSearchCreateSchema } from "~/schemas/saved-searches";

/** GET /api/saved-searches (the rider's alerts) and POST /api/saved-searches (save one). */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(listSavedSearches(getDb(), user.id));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, savedSearchCreateSchema);
    return Response.json(createSavedSearch(getDb(), user, input), { status: 201 });
  },
});
export const loader = route;
export const action = route;
