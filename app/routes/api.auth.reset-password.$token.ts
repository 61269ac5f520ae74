import { resetPassword } from "~/features/auth/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { resetPasswordApiSchema } from "~/schemas/auth";

/** POST /api/auth/reset-password/{token} {password}: single use; ends every session of the user. */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const { password } = await parseJson(request, resetPasswordApiSchema);
    await resetPassword(getDb(), params.token ?? "", password);
    return Response.json({ message: "Password reset successful!" });
  },
});
export const loader = route;
export const action = route;
