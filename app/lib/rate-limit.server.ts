import { lte } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { config } from "./config.server";
import { getDb, type Db } from "./db.server";
import { HttpError } from "./http.server";
import { statement } from "./prepared.server";

export type Limit = { name: string; max: number; windowMs: number; message?: string };

const MINUTE = 60_000;
/**
 * Per-address limits are sized for a venue: riders at an arena share one
 * public address (its Wi-Fi, a carrier's NAT), so 30 of them registering
 * or signing in within the hour all get through. Per-email and per-account
 * limits keep one address from flooding a mailbox or guessing one
 * password (docs/decisions/2026-11-24-limits-that-fit-real-networks.md).
 */
export const LIMITS = {
  /** Failed sign-ins from one address, whatever the accounts: only failures count. */
  loginFailuresPerAddress: { name: "login-fail-address", max: 50, windowMs: 15 * MINUTE },
  /** Failed sign-ins to one account from one address. */
  loginFailuresPerAccountAddress: { name: "login-fail-account-address", max: 10, windowMs: 15 * MINUTE },
  /**
   * Wrong current passwords given by one signed-in account (changing the
   * password, deleting the account): someone at an unlocked phone, or with a
   * stolen session, guessing. As many as a sign-in allows an account.
   */
  currentPasswordFailures: { name: "current-password-fail", max: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins to one account from anywhere: past this, its sign-ins are slowed, never refused. */
  loginFailuresPerAccount: { name: "login-fail-account", max: 10, windowMs: 15 * MINUTE },
  register: { name: "register", max: 60, windowMs: 60 * MINUTE },
  registerPerEmail: { name: "register-email", max: 3, windowMs: 60 * MINUTE },
  forgotPassword: { name: "forgot-password", max: 20, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { name: "forgot-password-email", max: 3, windowMs: 15 * MINUTE },
  resendVerification: { name: "resend-verification", max: 20, windowMs: 15 * MINUTE },
  resendVerificationPerEmail: { name: "resend-verification-email", max: 3, windowMs: 15 * MINUTE },
  /** Per signed-in user, across event and rider searches (API and screens): far above a person's pace, well below a scraper's. */
  search: { name: "search", max: 60, windowMs: MINUTE, message: "Too many searches. Please wait a minute and try again." },
} satisfies Record<string, Limit>;

/** How many a window allows (tests and benchmarks raise RATE_LIMIT_FACTOR). */
export const allowance = (limit: Limit) => limit.max * config().rateLimitFactor;

function tooMany(limit: Limit) {
  const minutes = Math.ceil(limit.windowMs / MINUTE);
  return new HttpError(429, limit.message ?? `Too many attempts. Please wait ${minutes} minutes and try again.`);
}

/**
 * Counts one hit in a fixed-window counter in SQLite: one upsert, shared by
 * every process using the volume. Answers the window's count so far.
 * Compiled once per connection (`statement()`), like the read below: every
 * search counts a hit.
 */
export function countHit(limit: Limit, key: string): number {
  const now = Date.now();
  const row = statement(
    getDb(),
    `INSERT INTO rate_limits (key, window_start, count) VALUES (@key, @now, 1)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN window_start <= @fresh THEN 1 ELSE count + 1 END,
       window_start = CASE WHEN window_start <= @fresh THEN @now ELSE window_start END
     RETURNING count`,
  ).get({ key: `${limit.name}:${key}`, now, fresh: now - limit.windowMs }) as { count: number };
  return row.count;
}

/** The window's count so far, without counting. */
export function hitsSoFar(limit: Limit, key: string): number {
  const row = statement(getDb(), "SELECT count FROM rate_limits WHERE key = @key AND window_start > @fresh").get({
    key: `${limit.name}:${key}`,
    fresh: Date.now() - limit.windowMs,
  }) as { count: number } | undefined;
  return row?.count ?? 0;
}

/** Counts a hit and throws 429 once the window's budget is spent. */
export function rateLimit(limit: Limit, key: string) {
  if (countHit(limit, key) > allowance(limit)) throw tooMany(limit);
}

/** Throws 429 when the budget is already spent, without counting (for limits that count only failures). */
export function assertWithinLimit(limit: Limit, key: string) {
  if (hitsSoFar(limit, key) >= allowance(limit)) throw tooMany(limit);
}

const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((limit) => limit.windowMs));

/**
 * Drops counters whose window has passed (the server runs this at start and
 * hourly), so the table holds only the keys of the last hour, not one row for
 * every address and email ever seen.
 */
export function pruneRateLimits(db: Db, now = Date.now()) {
  return db.delete(rateLimits).where(lte(rateLimits.windowStart, now - LONGEST_WINDOW_MS)).run().changes;
}
