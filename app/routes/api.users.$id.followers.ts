import { listPeople } from "~/features/social/follows.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/users/{id}/followers: each person as the viewer may see them. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    return Response.json(listPeople(getDb(), viewer, params.id ?? "", "followers"));
  },
});
export const loader = route;
export const action = route;
