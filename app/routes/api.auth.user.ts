import { presentCurrentUser } from "~/features/auth/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/auth/user: the signed-in user, or 401. */
const route = apiRoute({
  GET: async ({ request }) => Response.json(presentCurrentUser(await requireApiUser(request))),
});
export const loader = route;
export const action = route;
