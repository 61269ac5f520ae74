import { sql } from "drizzle-orm";
import { config } from "./config.server";
import { getDb } from "./db.server";
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
