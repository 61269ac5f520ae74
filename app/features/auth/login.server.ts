import type { AppLoadContext } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "#db/schema";
import { getDb } from "~/lib/db.server";
import { sessionStorage, USER_KEY } from "~/lib/session.server";
import { loginSchema } from "~/schemas/auth";
import { LoginFailure, verifyLogin } from "./auth.server";

/*
 * Signing in with an email and a password, for the login screen and
 * POST /api/auth/login. The session it starts is app/lib/auth.server.ts's
 * (startSession): sessions are the app's, the rule for a login is this
 * feature's.
 */

let authenticator: Authenticator<User> | undefined;

function getAuthenticator() {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<User>(sessionStorage(), { sessionKey: USER_KEY });
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const { email, password } = loginSchema.parse(Object.fromEntries(form));
      return verifyLogin(getDb(), email, password);
    }),
    "form",
  );
  return authenticator;
}

/**
 * Signs in through remix-auth's form strategy. Answers the user, or
 * throws the LoginFailure of verifyLogin (wrong credentials, unverified,
 * banned) for the caller to show.
 */
export async function authenticate(request: Request, formData: FormData): Promise<User> {
  try {
    // remix-auth clones the request, which fails once its body has been read;
    // the form travels in the context instead, so hand it a body-less copy.
    const bodiless = new Request(request.url, { method: "POST", headers: request.headers });
    return await getAuthenticator().authenticate("form", bodiless, {
      throwOnError: true,
      // remix-auth-form reads the already-parsed form from here.
      context: { formData } as unknown as AppLoadContext,
    });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof LoginFailure) throw error.cause;
    throw error;
  }
}
