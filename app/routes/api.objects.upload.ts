import { requireApiUser } from "~/lib/auth.server";
import { apiRoute, HttpError } from "~/lib/http.server";
import { createUploadUrl, UPLOAD_KINDS, type UploadKind } from "~/lib/uploads.server";

/**
 * POST /api/objects/upload[?kind=showbill|avatar|video|horse] (no body): a signed,
 * 10-minute, single-use URL to PUT one file to. Default kind: showbill.
 */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const kind = (new URL(request.url).searchParams.get("kind") ?? "showbill") as UploadKind;
    if (!UPLOAD_KINDS.includes(kind)) throw new HttpError(400, "Unknown upload kind");
    const grant = createUploadUrl(kind, user.id);
    return Response.json({ uploadURL: grant.uploadURL, url: grant.uploadURL, expiresAt: grant.expiresAt });
  },
});
export const loader = route;
export const action = route;
