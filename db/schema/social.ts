import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp } from "./columns";
import { events } from "./events";
import { runLogs } from "./runs";
import { users } from "./users";

export const follows = sqliteTable(
  "follows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: text("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follows_pair_idx").on(t.followerId, t.followingId),
    index("follows_following_idx").on(t.followingId),
  ],
);

export const followRequests = sqliteTable(
  "follow_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requesterId: text("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetId: text("target_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["PENDING", "APPROVED", "REJECTED"] })
      .notNull()
      .default("PENDING"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at"),
  },
  (t) => [
    // At most one open request per pair, even under concurrent clicks.
    uniqueIndex("follow_requests_pending_pair_idx")
      .on(t.requesterId, t.targetId)
      .where(sql`status = 'PENDING'`),
    index("follow_requests_target_status_idx").on(t.targetId, t.status),
  ],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    subtype: text("subtype"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    isRead: flag("is_read").notNull().default(false),
    relatedEventId: text("related_event_id").references(() => events.id, { onDelete: "set null" }),
    relatedRunLogId: text("related_run_log_id").references(() => runLogs.id, {
      onDelete: "set null",
    }),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId, t.isRead),
  ],
);

export const inviteLinks = sqliteTable(
  "invite_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    usageCount: integer("usage_count").notNull().default(0),
    maxUses: integer("max_uses"),
    expiresAt: timestamp("expires_at"),
    isActive: flag("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("invite_links_user_idx").on(t.userId)],
);

export type Notification = typeof notifications.$inferSelect;
export type InviteLink = typeof inviteLinks.$inferSelect;
