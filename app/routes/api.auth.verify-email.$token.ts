import { verifyEmail } from "~/features/auth/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** POST /api/auth/verify-email/{token}: verifies once; an invalid, used or expired token is 400. */
const route = apiRoute({
  POST: async ({ params }) => {
    verifyEmail(getDb(), params.token ?? "");
    return Response.json({ verified: true, message: "Email verified. You can now log in." });
  },
});
export const loader = route;
export const action = route;
