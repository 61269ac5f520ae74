import { followRequestStatus } from "~/features/social/follows.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/follow-requests/{id}/status: { status } for the requester or the target. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    return Response.json(followRequestStatus(getDb(), viewer, Number(params.id)));
  },
});
export const loader = route;
export const action = route;
