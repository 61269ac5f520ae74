import { answerFollowRequest } from "~/features/social/follows.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** POST /api/follow-requests/{id}/approve: only the target, only while PENDING. */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    return Response.json(answerFollowRequest(getDb(), viewer, Number(params.id), true));
  },
});
export const loader = route;
export const action = route;
