import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { timestamp, uuid } from "./columns";
import { events } from "./events";
import { users } from "./users";

/**
 * The race office's books: the checks written to the winners of an event
 * (docs/race-day.md, "The books"), and the association's settings the office
 * works by (the yearly amount at which a payee gets a tax form).
 */

/**
 * One check as the office wrote it to a payee of an event's published
 * results. A voided check is kept with its reason (its number stays used);
 * a payee has at most one check that is not voided. `amountCents` is what
 * was owed when the number was typed, so a correction published after it
 * shows as a difference to settle.
 */
export const raceChecks = sqliteTable(
  "race_checks",
  {
    id: uuid(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** `u-<account id>` or `w-<hash of the walk-up's name>` (app/features/books/payees.ts). */
    payeeKey: text("payee_key").notNull(),
    payeeName: text("payee_name").notNull(),
    number: text("number").notNull(),
    amountCents: integer("amount_cents").notNull(),
    writtenBy: text("written_by").references(() => users.id, { onDelete: "set null" }),
    writtenAt: timestamp("written_at")
      .notNull()
      .$defaultFn(() => new Date()),
    voidedAt: timestamp("voided_at"),
    voidReason: text("void_reason"),
    voidedBy: text("voided_by").references(() => users.id, { onDelete: "set null" }),
    /** When the office learned the check was cashed (a check neither cashed nor voided goes stale). */
    cashedAt: timestamp("cashed_at"),
  },
  (t) => [
    uniqueIndex("race_checks_number_idx").on(t.eventId, t.number),
    uniqueIndex("race_checks_open_idx").on(t.eventId, t.payeeKey).where(sql`voided_at IS NULL`),
  ],
);

/** Settings an administrator changes on the site, one JSON value per key. */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull().$type<unknown>(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date()),
});

export type RaceCheck = typeof raceChecks.$inferSelect;
