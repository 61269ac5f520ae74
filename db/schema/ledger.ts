import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp } from "./columns";
import { events } from "./events";
import { PAID_METHODS } from "./paid-methods";
import { users } from "./users";

/**
 * The office's ledger: every movement of money, written when it happens and
 * never recomputed, edited or deleted (docs/race-day.md, "The ledger"). A
 * correction is a new record of the same kind with the opposite amount,
 * naming the record it reverses and why. The books, the close-out, the
 * checks, the year's winnings, members' dues and a rider's receipts read it.
 */

export const LEDGER_KINDS = [
  /** An entry fee received (COMP: waived, no money came in). */
  "FEE",
  /** Money given back to a rider (a scratch, a fee lowered after it was paid). */
  "REFUND",
  "LATE_FEE",
  /** An office or arena charge (stalls, grounds, office fee), kept out of the pot. */
  "CHARGE",
  /** A fee the producer waived. */
  "COMP",
  /** A membership's dues: an association's record, with no event. */
  "DUES",
  "CHECK_WRITTEN",
  "CHECK_VOIDED",
  "CHECK_REISSUED",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const moneyRecords = sqliteTable(
  "money_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null for an association's record (dues). */
    eventId: text("event_id").references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Integer cents; a reversal carries the opposite amount of the record it reverses. */
    amountCents: integer("amount_cents").notNull(),
    method: text("method", { enum: PAID_METHODS }),
    /** A check's number, a card slip's reference. */
    reference: text("reference"),
    reason: text("reason"),
    /** An office or arena charge's label ("Stall", "Office fee"). */
    label: text("label"),
    entryId: text("entry_id"),
    classId: text("class_id"),
    membershipId: text("membership_id"),
    /** The rider's account the money is about (receipts), when there is one. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who the money is about, as written then (a rider, a walk-up, a check's payee). */
    payeeKey: text("payee_key"),
    payeeName: text("payee_name"),
    /** The record this one reverses. */
    reversesId: integer("reverses_id"),
    /** Who took (or paid out) the money, and their name as it was then. */
    takenBy: text("taken_by").references(() => users.id, { onDelete: "set null" }),
    takenByName: text("taken_by_name").notNull().default(""),
    /** The device it was written on (its browser's description, cut short). */
    device: text("device"),
    /** YYYY-MM-DD in the event's own zone: the close-out's day. */
    day: text("day").notNull(),
    /** Carried in from the entries' paid marks when the ledger began. */
    carried: flag("carried").notNull().default(false),
    recordedAt: createdAt(),
  },
  (t) => [
    index("money_records_event_idx").on(t.eventId, t.id),
    index("money_records_entry_idx").on(t.entryId),
    index("money_records_user_idx").on(t.userId),
    index("money_records_day_idx").on(t.eventId, t.day),
    index("money_records_membership_idx").on(t.membershipId),
  ],
);

/**
 * A day's close-out as the office signed it: the figures then, and the last
 * record it held. A later record for that day reopens it (`reopenedAt`,
 * with the record and its reason); closing again writes a new row, so the
 * history keeps every close.
 */
export const moneyCloseouts = sqliteTable(
  "money_closeouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    throughRecordId: integer("through_record_id").notNull(),
    figures: text("figures", { mode: "json" }).notNull().$type<unknown>(),
    closedBy: text("closed_by").references(() => users.id, { onDelete: "set null" }),
    closedByName: text("closed_by_name").notNull().default(""),
    closedAt: createdAt(),
    reopenedAt: timestamp("reopened_at"),
    reopenedByRecordId: integer("reopened_by_record_id"),
    reopenReason: text("reopen_reason"),
  },
  (t) => [index("money_closeouts_event_idx").on(t.eventId, t.day)],
);

/** An event's money rules: scratches, late fees (docs/race-day.md, "Scratches and refunds"). */
export const raceMoneyRules = sqliteTable("race_money_rules", {
  eventId: text("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  /** Before the draw: FULL refund, or LESS_FEE (less `scratchOfficeFeeCents`). */
  beforeDraw: text("before_draw", { enum: ["FULL", "LESS_FEE"] })
    .notNull()
    .default("FULL"),
  scratchOfficeFeeCents: integer("scratch_office_fee_cents").notNull().default(0),
  /** After the draw: the whole percent of the fee refunded (0: none). */
  afterDrawPercent: integer("after_draw_percent").notNull().default(0),
  /** A turn-out (a no-show) owes its fee. */
  turnOutOwes: flag("turn_out_owes").notNull().default(true),
  /** Per entry made after entries close. */
  lateFeeCents: integer("late_fee_cents").notNull().default(0),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: createdAt(),
});

/** A walk-up payee joined to a rider's account, so one person's year is one total. */
export const payeeLinks = sqliteTable("payee_links", {
  walkUpKey: text("walk_up_key").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  linkedBy: text("linked_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export type MoneyRecord = typeof moneyRecords.$inferSelect;
export type MoneyCloseout = typeof moneyCloseouts.$inferSelect;
export type RaceMoneyRules = typeof raceMoneyRules.$inferSelect;
