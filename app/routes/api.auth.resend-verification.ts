import { resendVerification } from "~/features/auth/auth.server";
import { limitVerificationResend } from "~/features/auth/limits.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { emailOnlySchema } from "~/schemas/auth";

/** POST /api/auth/resend-verification {email}: the same answer for any address. */
const route = apiRoute({
  POST: async ({ request, context }) => {
    const { email } = await parseJson(request, emailOnlySchema);
    limitVerificationResend(context.clientIp, email);
    await resendVerification(getDb(), email);
    return Response.json({
      success: true,
      message: "Verification email sent successfully! Please check your inbox and spam/junk folders.",
    });
  },
});
export const loader = route;
export const action = route;
