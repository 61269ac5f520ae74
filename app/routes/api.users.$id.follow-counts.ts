import { followCounts } from "~/features/social/follows.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/users/{id}/follow-counts: { followersCount, followingCount } with the full profile view. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    return Response.json(followCounts(getDb(), viewer, params.id ?? ""));
  },
});
export const loader = route;
export const action = route;
