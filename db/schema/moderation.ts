import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";
import { events } from "./events";
import { users } from "./users";

const reportStatus = ["PENDING", "DISMISSED", "ACTION_TAKEN"] as const;

/** What every report carries: why, and how a moderator answered it. Fresh builders per table. */
const reviewColumns = () => ({
  reason: text("reason", { length: 100 }).notNull(),
  description: text("description"),
  status: text("status", { enum: reportStatus }).notNull().default("PENDING"),
  reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  reviewedAt: timestamp("reviewed_at"),
  createdAt: createdAt(),
});

export const userReports = sqliteTable(
  "user_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportedUserId: text("reported_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...reviewColumns(),
  },
  (t) => [
    index("user_reports_status_idx").on(t.status, t.createdAt),
    // One open report per rider per rider: a second one until a moderator answers adds nothing.
    uniqueIndex("user_reports_open_idx").on(t.reporterId, t.reportedUserId).where(sql`status = 'PENDING'`),
  ],
);

export const eventReports = sqliteTable(
  "event_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ...reviewColumns(),
  },
  (t) => [
    index("event_reports_status_idx").on(t.status, t.createdAt),
    // One open report per rider per event: a second one until a moderator answers adds nothing.
    uniqueIndex("event_reports_open_idx").on(t.reporterId, t.eventId).where(sql`status = 'PENDING'`),
  ],
);

/** Every administrator action: who, what, which record, when. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
