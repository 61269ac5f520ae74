import { followStatus } from "~/features/social/follows.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/following/{userId}: { isFollowing, hasPendingRequest } for the signed-in viewer. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    return Response.json(followStatus(getDb(), viewer, params.userId ?? ""));
  },
});
export const loader = route;
export const action = route;
