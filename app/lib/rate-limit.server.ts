import { lte, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { config } from "./config.server";
import { getDb, type Db } from "./db.server";
import { HttpError } from "./http.server";

export type Limit = { name: string; max: number; windowMs: number; message?: string };

const MINUTE = 60_000;
export const LIMITS = {
  login: { name: "login", max: 10, windowMs: 15 * MINUTE },
  register: { name: "register", max: 5, windowMs: 60 * MINUTE },
  forgotPassword: { name: "forgot-password", max: 5, windowMs: 15 * MINUTE },
  resendVerification: { name: "resend-verification", max: 5, windowMs: 15 * MINUTE },
  /** Per signed-in user, across event and rider searches (API and screens): far above a person's pace, well below a scraper's. */
  search: { name: "search", max: 60, windowMs: MINUTE, message: "Too many searches. Please wait a minute and try again." },
} satisfies Record<string, Limit>;

/**
 * Fixed-window counter in SQLite: one upsert, shared by every process using
 * the volume. Throws 429 once the window's budget is spent.
 */
export function rateLimit(limit: Limit, key: string) {
  const now = Date.now();
  const fresh = now - limit.windowMs;
  const row = getDb().get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${`${limit.name}:${key}`}, ${now}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN window_start <= ${fresh} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${fresh} THEN ${now} ELSE window_start END
    RETURNING count`);
  if (row.count > limit.max * config().rateLimitFactor) {
    const minutes = Math.ceil(limit.windowMs / MINUTE);
    throw new HttpError(429, limit.message ?? `Too many attempts. Please wait ${minutes} minutes and try again.`);
  }
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
