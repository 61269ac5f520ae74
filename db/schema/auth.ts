import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp } from "./columns";
import { users } from "./users";

/**
 * Server-side sessions. `user_id` is copied out of `sess` so that a logout
 * everywhere, a password reset or a ban can delete every session of a user
 * with one indexed statement.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    expire: timestamp("expire").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

/** Tokens are stored as SHA-256 hashes; the raw token only ever travels in the mail. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    used: flag("used").notNull().default(false),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    used: flag("used").notNull().default(false),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

export const bannedEmails = sqliteTable("banned_emails", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  bannedAt: timestamp("banned_at")
    .notNull()
    .$defaultFn(() => new Date()),
  bannedBy: text("banned_by").references(() => users.id, { onDelete: "set null" }),
});

/** Fixed-window counters for rate limits, shared by every process on the volume. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});
