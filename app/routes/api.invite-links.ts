import { createInviteLink, inviteUrl, listInviteLinks } from "~/features/invites/invites.server";
import { requireApiUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/invite-links: the user's active links; POST (empty body) creates one. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(listInviteLinks(getDb(), user.id).map((l) => ({ ...l, url: inviteUrl(config().appOrigin, l.code) })));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const link = createInviteLink(getDb(), user.id);
    return Response.json({ ...link, url: inviteUrl(config().appOrigin, link.code) }, { status: 201 });
  },
});
export const loader = route;
export const action = route;
