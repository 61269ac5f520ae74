import { unfollow } from "~/features/social/follows.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** DELETE /api/follow/{userId}: stops following (and withdraws a pending request). */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    return Response.json(unfollow(getDb(), viewer, params.userId ?? ""));
  },
});
export const loader = route;
export const action = route;
