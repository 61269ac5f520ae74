import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp } from "./columns";
import { sessions } from "./auth";
import { users } from "./users";

export const ALERT_EMAIL = ["instant", "daily", "off"] as const;
export type AlertEmail = (typeof ALERT_EMAIL)[number];
/** What an alert is about: a new event matching a saved search, a change to a saved event, a reminder, a race's official result. */
export const ALERT_KINDS = ["match", "change", "reminder", "result", "standing"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * A rider's saved search ("Alert me"). The center is resolved when saved;
 * the box around the circle (min/max lat/lng) is what the R*Tree
 * saved_searches_rtree indexes, so approving an event finds the searches
 * whose circle may hold it without reading the others.
 */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    zipCode: text("zip_code", { length: 5 }),
    cityState: text("city_state"),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    radius: integer("radius").notNull(),
    minLat: real("min_lat").notNull(),
    maxLat: real("max_lat").notNull(),
    minLng: real("min_lng").notNull(),
    maxLng: real("max_lng").notNull(),
    /** YYYY-MM-DD */
    startDate: text("start_date"),
    endDate: text("end_date"),
    arenaType: text("arena_type", { enum: ["indoor", "outdoor"] }),
    groundType: text("ground_type"),
    minAddedMoney: integer("min_added_money"),
    eventType: text("event_type"),
    email: text("email", { enum: ALERT_EMAIL }).notNull().default("instant"),
    paused: flag("paused").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("saved_searches_user_idx").on(t.userId)],
);

/** Per rider and kind of alert: email instantly, in a daily digest, or not; Web Push on or off. No row: the defaults. */
export const alertPreferences = sqliteTable(
  "alert_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    email: text("email", { enum: ALERT_EMAIL }).notNull(),
    push: flag("push").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One browser's Web Push subscription. Removed when the push service
 * answers 404 or 410, and with the session it was made in: signing out (or
 * a password reset, a ban, an expired session) stops the pushes on that
 * device, so a shared phone never shows the last rider's alerts.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    sessionSid: text("session_sid").references(() => sessions.sid, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId), index("push_subscriptions_session_idx").on(t.sessionSid)],
);

/** Addresses that asked for no more alert email (the unsubscribe link or one-click unsubscribe). */
export const emailUnsubscribes = sqliteTable("email_unsubscribes", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/** Alerts waiting for a rider's daily digest email. */
export const alertDigestItems = sqliteTable(
  "alert_digest_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("alert_digest_items_user_idx").on(t.userId, t.createdAt)],
);

export const JOB_STATUS = ["pending", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUS)[number];

/**
 * Durable work done outside a request: sending an alert's email or push,
 * a reminder at its time, a digest. `key` is unique, so the same piece of
 * work (one rider, one subject, one kind) is only ever enqueued once,
 * across retries, restarts and processes. A job is marked running (with
 * the time) before its side effect and done after it.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    key: text("key").notNull().unique(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>(),
    dueAt: timestamp("due_at").notNull(),
    status: text("status", { enum: JOB_STATUS }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    startedAt: timestamp("started_at"),
    finishedAt: timestamp("finished_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx").on(t.dueAt).where(sql`status = 'pending'`),
    index("jobs_status_idx").on(t.status, t.finishedAt),
  ],
);

export type SavedSearch = typeof savedSearches.$inferSelect;
export type PushSubscription = typeof pushSubscriptions.$inferSelect;
export type Job = typeof jobs.$inferSelect;
