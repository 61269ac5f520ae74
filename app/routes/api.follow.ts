import { follow } from "~/features/social/follows.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { followSchema } from "~/schemas/social";

/** POST /api/follow {targetId}: follows a PUBLIC rider, or asks an INVITE_ONLY one; { action, requiresApproval }. */
const route = apiRoute({
  POST: async ({ request }) => {
    const viewer = await requireApiUser(request);
    const { targetId } = await parseJson(request, followSchema);
    return Response.json(follow(getDb(), viewer, targetId));
  },
});
export const loader = route;
export const action = route;
