import { LoginFailure } from "~/features/auth/auth.server";
import { limitSignIn } from "~/features/auth/limits.server";
import { authenticate } from "~/features/auth/login.server";
import { presentCurrentUser } from "~/features/auth/presenters.server";
import { startSession } from "~/lib/auth.server";
import { apiRoute, jsonError, parseJson } from "~/lib/http.server";
import { loginSchema } from "~/schemas/auth";

/**
 * POST /api/auth/login {email, password}: the user and a fresh session
 * cookie, or the login error body ({ message }).
 */
const route = apiRoute({
  POST: async ({ request, context }) => {
    const { email, password } = await parseJson(request, loginSchema);
    const form = new FormData();
    form.set("email", email);
    form.set("password", password);
    try {
      const user = await limitSignIn(context.clientIp, email, () => authenticate(request, form));
      const cookie = await startSession(request, user.id);
      return Response.json(presentCurrentUser(user), { headers: { "Set-Cookie": cookie } });
    } catch (error) {
      if (!(error instanceof LoginFailure)) throw error;
      return jsonError(error.status, error.message, {
        error: error.body.error ?? error.message,
        showResendOption: Boolean(error.body.showResendOption),
        email: error.body.email ?? null,
      });
    }
  },
});
export const loader = route;
export const action = route;
