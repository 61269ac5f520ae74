import { allowance, assertWithinLimit, countHit, hitsSoFar, LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { LoginFailure } from "./auth.server";

/**
 * The limits around signing in, signing up and mail to an address, by
 * address and by account or email together (app/lib/rate-limit.server.ts
 * has the numbers). One address is shared by a whole arena, so it gets a
 * venue's budget; an account or a mailbox gets a person's.
 */

const account = (email: string) => email.trim().toLowerCase();

/** Each failure past the account's allowance adds this much wait to its next sign-ins, up to MAX_SLOWDOWN_MS. */
const SLOWDOWN_STEP_MS = 250;
const MAX_SLOWDOWN_MS = 3_000;

/** How long a sign-in to an account under attack waits first: 0 until its failures pass the allowance. */
function slowdownMs(failures: number, allowed = allowance(LIMITS.loginFailuresPerAccount)) {
  return failures < allowed ? 0 : Math.min(MAX_SLOWDOWN_MS, (failures - allowed + 1) * SLOWDOWN_STEP_MS);
}

/**
 * Runs one sign-in attempt under the limits. Refused (429) when this address
 * has spent its failures, or this account has from this address; an account
 * failing from many addresses is slowed down, never locked, so its rider
 * still signs in from their phone. Only wrong credentials count: a venue's
 * riders signing in do not spend its address's budget.
 */
export async function limitSignIn<T>(address: string, email: string, attempt: () => Promise<T>): Promise<T> {
  const who = account(email);
  assertWithinLimit(LIMITS.loginFailuresPerAddress, address);
  assertWithinLimit(LIMITS.loginFailuresPerAccountAddress, `${who} ${address}`);
  const wait = slowdownMs(hitsSoFar(LIMITS.loginFailuresPerAccount, who));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof LoginFailure && error.status === 401) {
      countHit(LIMITS.loginFailuresPerAddress, address);
      countHit(LIMITS.loginFailuresPerAccountAddress, `${who} ${address}`);
      countHit(LIMITS.loginFailuresPerAccount, who);
    }
    throw error;
  }
}

/** A registration: a venue's worth per address, a few per email. */
export function limitRegistration(address: string, email: string) {
  rateLimit(LIMITS.register, address);
  rateLimit(LIMITS.registerPerEmail, account(email));
}

/** A password-reset mail: per address, and a few per mailbox so none is flooded. */
export function limitPasswordReset(address: string, email: string) {
  rateLimit(LIMITS.forgotPassword, address);
  rateLimit(LIMITS.forgotPasswordPerEmail, account(email));
}

/** A verification mail sent again: per address, and a few per mailbox. */
export function limitVerificationResend(address: string, email: string) {
  rateLimit(LIMITS.resendVerification, address);
  rateLimit(LIMITS.resendVerificationPerEmail, account(email));
}
