import { requireApiUser } from "~/lib/auth.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { convertUploadUrl } from "~/lib/uploads.server";
import { convertUploadUrlSchema } from "~/schemas/api";

/** POST /api/objects/convert-url {uploadURL} -> {accessURL, previewUrl}: only for the user the URL was made for. */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { uploadURL } = await parseJson(request, convertUploadUrlSchema);
    const { accessURL, previewUrl, contentType } = convertUploadUrl(uploadURL, user.id);
    return Response.json({ accessURL, previewUrl: previewUrl ?? null, contentType });
  },
});
export const loader = route;
export const action = route;
