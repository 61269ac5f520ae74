import { requireApiUser } from "~/lib/auth.server";
import { apiRoute } from "~/lib/http.server";
import { createUploadUrl } from "~/lib/uploads.server";

/** POST /api/profile-picture/upload: a signed URL for one PUT of one image (5 MB) by this user. */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(createUploadUrl("avatar", user.id));
  },
});
export const loader = route;
export const action = route;
