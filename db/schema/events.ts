import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp, uuid } from "./columns";
import { users } from "./users";

export const events = sqliteTable(
  "events",
  {
    id: uuid(),
    name: text("name").notNull(),
    /** YYYY-MM-DD */
    date: text("date").notNull(),
    endDate: text("end_date"),
    /** "City, ST" */
    location: text("location").notNull(),
    address: text("address"),
    zipCode: text("zip_code", { length: 5 }).notNull(),
    arenaName: text("arena_name"),
    arenaType: text("arena_type", { enum: ["indoor", "outdoor"] })
      .notNull()
      .default("outdoor"),
    groundType: text("ground_type"),
    /** Added money in whole dollars, for the "added money" filter. */
    addedMoney: integer("added_money"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    entryFee: text("entry_fee"),
    description: text("description"),
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    contactFacebook: text("contact_facebook"),
    showbillUrl: text("showbill_url"),
    eventType: text("event_type", { mode: "json" })
      .notNull()
      .$type<string[]>()
      .$defaultFn(() => ["barrel_racing"]),
    imageUrl: text("image_url"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    showbillApproved: flag("showbill_approved").notNull().default(false),
    showbillReviewedBy: text("showbill_reviewed_by").references(() => users.id, {
      onDelete: "set null",
    }),
    showbillReviewedAt: timestamp("showbill_reviewed_at"),
    /**
     * SCHEDULED, or CANCELLED / POSTPONED by its creator or an admin, with a
     * reason. A cancelled or postponed event stays visible with its status
     * and leaves the upcoming lists and searches.
     */
    status: text("status", { enum: ["SCHEDULED", "CANCELLED", "POSTPONED"] })
      .notNull()
      .default("SCHEDULED"),
    statusReason: text("status_reason"),
    /** Raised whenever what a calendar shows changes (the .ics SEQUENCE). */
    sequence: integer("sequence").notNull().default(0),
    /** When entries close, as the event's local date and time "YYYY-MM-DDTHH:MM". */
    entriesClose: text("entries_close"),
    /** The same moment as an instant, for reminders. */
    entriesCloseAt: timestamp("entries_close_at"),
    /** Where to enter: a link or a phone number. */
    entryContact: text("entry_contact"),
    /** The Add Event form's idempotency key: a resent form (Back, then submit again) adds no second event. */
    clientId: text("client_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    index("events_approved_date_idx").on(t.showbillApproved, t.date),
    // Dense areas and date-only searches: walk approved events in date order and
    // test the box and the end date from the index alone, seeking only the rows shown.
    index("events_approved_date_geo_idx").on(t.showbillApproved, t.date, t.latitude, t.longitude, t.endDate),
    // The events of several days alone, by first day: those still running on a search's first day
    // are found without walking the month of one-day events before it.
    index("events_multiday_date_geo_idx").on(t.showbillApproved, t.date, t.latitude, t.longitude, t.endDate).where(sql`end_date IS NOT NULL`),
    index("events_created_by_idx").on(t.createdBy),
    // The admin's events, newest first: read from the end of this index, not by sorting every event.
    index("events_created_at_idx").on(t.createdAt),
    index("events_zip_idx").on(t.zipCode),
    uniqueIndex("events_creator_client_idx").on(t.createdBy, t.clientId),
  ],
);

export const savedEvents = sqliteTable(
  "saved_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    savedAt: timestamp("saved_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex("saved_events_user_event_idx").on(t.userId, t.eventId),
    index("saved_events_event_idx").on(t.eventId),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

/** The fields an edit may change, as a pending revision stores them. */
export type EventChanges = Partial<
  Pick<
    NewEvent,
    | "name" | "location" | "zipCode" | "address" | "arenaName" | "arenaType" | "groundType" | "addedMoney" | "date" | "endDate"
    | "contactName" | "contactPhone" | "contactEmail" | "contactFacebook" | "eventType" | "description" | "entryFee" | "showbillUrl"
    | "entriesClose" | "entryContact"
  >
>;

/**
 * A creator's change to a live (approved) event, waiting for review. The
 * event stays listed as it was; approving applies the change to it,
 * rejecting deletes the row. One pending revision per event: a second edit
 * replaces the first. `changes` holds the changed fields; a changed
 * showbill is in its own column (null: removed), where upload housekeeping
 * finds it.
 */
export const eventRevisions = sqliteTable("event_revisions", {
  eventId: text("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  changes: text("changes", { mode: "json" }).notNull().$type<Omit<EventChanges, "showbillUrl">>(),
  showbillChanged: flag("showbill_changed").notNull().default(false),
  showbillUrl: text("showbill_url"),
  submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
  submittedAt: timestamp("submitted_at")
    .notNull()
    .$defaultFn(() => new Date()),
});
export type EventRevision = typeof eventRevisions.$inferSelect;

/**
 * A private calendar feed of a user's saved events. The token is stored
 * hashed; rotating it (a new row value) revokes the old URL.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});
