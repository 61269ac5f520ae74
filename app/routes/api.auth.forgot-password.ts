import { requestPasswordReset } from "~/features/auth/auth.server";
import { limitPasswordReset } from "~/features/auth/limits.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { emailOnlySchema } from "~/schemas/auth";

export const RESET_SENT = "If an account exists for that email, a reset link is on its way.";

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
const route = apiRoute({
  POST: async ({ request, context }) => {
    const { email } = await parseJson(request, emailOnlySchema);
    limitPasswordReset(context.clientIp, email);
    await requestPasswordReset(getDb(), email);
    return Response.json({ message: RESET_SENT });
  },
});
export const loader = route;
export const action = route;
