import { verifyEmail } from "~/features/auth/auth.server";
import { ALREADY_VERIFIED } from "~/schemas/auth-rules";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/**
 * POST /api/auth/verify-email/{token}: verifies once; a link used before for
 * an address verified since answers 200 with `alreadyVerified`; an invalid,
 * expired or otherwise used token is 400.
 */
const route = apiRoute({
  POST: async ({ params }) => {
    const { alreadyVerified } = verifyEmail(getDb(), params.token ?? "");
    return Response.json({ verified: true, alreadyVerified, message: alreadyVerified ? ALREADY_VERIFIED : "Email verified. You can now log in." });
  },
});
export const loader = route;
export const action = route;
