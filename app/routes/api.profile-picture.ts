import { applyProfilePicture } from "~/features/settings/avatar.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError, parseJson } from "~/lib/http.server";
import { findUpload } from "~/lib/uploads.server";
import { profilePictureSchema } from "~/schemas/api";

/**
 * PUT /api/profile-picture {profileImageURL}: sets the picture to an image
 * this user uploaded as an avatar (never someone else's file or a link).
 */
const route = apiRoute({
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    const { profileImageURL } = await parseJson(request, profilePictureSchema);
    const upload = findUpload(profileImageURL, { kind: "avatar", ownerId: user.id });
    if (!upload) throw new HttpError(400, "Upload the picture first");
    applyProfilePicture(getDb(), user, upload.url);
    return Response.json({ profileImageUrl: upload.url, message: "Profile picture updated!" });
  },
});
export const loader = route;
export const action = route;
