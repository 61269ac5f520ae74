import { isInviteCodeValid } from "~/features/invites/invites.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/invite-links/validate/{code}: { valid } for the register page's banner. */
const route = apiRoute({
  GET: async ({ params }) => Response.json({ valid: isInviteCodeValid(getDb(), params.code ?? "") }),
});
export const loader = route;
export const action = route;
