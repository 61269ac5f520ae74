import { updateProfile } from "~/features/auth/auth.server";
import { presentCurrentUser } from "~/features/auth/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { profileUpdateSchema } from "~/schemas/profile";

/** PATCH /api/auth/user/profile: changes only the fields sent. */
const route = apiRoute({
  PATCH: async ({ request }) => {
    const user = await requireApiUser(request);
    const changes = await parseJson(request, profileUpdateSchema);
    return Response.json(presentCurrentUser(updateProfile(getDb(), user.id, changes)));
  },
});
export const loader = route;
export const action = route;
