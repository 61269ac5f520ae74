import { qualificationOf } from "~/features/season/standings.server";
import { readUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/users/{id}/qualification: the rider's road to the finals, where the viewer may see the rider's profile. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await readUser(request);
    return Response.json({ qualification: qualificationOf(getDb(), viewer, params.id!) });
  },
});
export const loader = route;
export const action = route;
