import { deactivateInviteLink } from "~/features/invites/invites.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** DELETE /api/invite-links/{id}: deactivates one of the user's links. */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    deactivateInviteLink(getDb(), user.id, Number(params.id));
    return Response.json({ message: "Invite link removed" });
  },
});
export const loader = route;
export const action = route;
