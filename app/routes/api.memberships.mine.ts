import { myMemberships, presentMembership } from "~/features/members/members.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/memberships/mine: the signed-in rider's memberships and their riders', newest year first. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json({ memberships: myMemberships(getDb(), user).map(({ m, y }) => presentMembership(m, y)) });
  },
});
export const loader = route;
export const action = route;
