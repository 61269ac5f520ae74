import { searchPeople } from "~/features/social/search.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { peopleSearchSchema } from "~/schemas/social";

/** POST /api/users/search {query} | {query, zipCode, radius} | {viewAll: true}. */
const route = apiRoute({
  POST: async ({ request }) => {
    const viewer = await requireApiUser(request);
    const input = await parseJson(request, peopleSearchSchema);
    rateLimit(LIMITS.search, viewer.id);
    return Response.json(searchPeople(getDb(), viewer, input));
  },
});
export const loader = route;
export const action = route;
