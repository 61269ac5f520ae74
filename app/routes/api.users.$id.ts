import { getProfile } from "~/features/social/social.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, jsonError } from "~/lib/http.server";

/** GET /api/users/{id}: the profile as the viewer may see it; SOLO, banned and missing alike answer 404. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await requireApiUser(request);
    const profile = getProfile(getDb(), params.id ?? "", viewer);
    return profile ? Response.json(profile) : jsonError(404, "Profile not found");
  },
});
export const loader = route;
export const action = route;
