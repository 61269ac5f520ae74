import { apiRoute } from "~/lib/http.server";
import { receiveSignedUpload } from "~/lib/uploads.server";

/**
 * PUT /api/objects/put/{signed token}: the body is the file. The signature
 * is the authority (kind, owner, name, expiry), like a storage bucket's
 * signed URL, so the PUT itself needs no cookie.
 */
const route = apiRoute({
  PUT: async ({ request, params }) => {
    const stored = await receiveSignedUpload(params.token ?? "", request);
    return Response.json(stored, { status: 201 });
  },
});
export const loader = route;
export const action = route;
