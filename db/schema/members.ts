import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp, uuid } from "./columns";
import { riders } from "./runs";
import { users } from "./users";

/**
 * The association's members: membership years with their kinds and dues,
 * each rider's membership of a year, and the member numbers riders keep
 * from year to year. docs/members.md explains the rules.
 */

export const MEMBERSHIP_KINDS = ["OPEN", "YOUTH", "SENIOR", "FAMILY", "NON_PRO"] as const;
export type MembershipKind = (typeof MEMBERSHIP_KINDS)[number];
/** One kind offered in a year: its dues in cents and the ages it takes on the year's first day (inclusive). */
export type YearKind = { kind: MembershipKind; duesCents: number; minAge: number | null; maxAge: number | null };

/** How dues were paid at the office (COMP: waived); ONLINE joins the list when online payment is added. */
export const DUES_METHODS = ["CASH", "CHECK", "CARD", "COMP"] as const;
export type DuesMethod = (typeof DUES_METHODS)[number];

export const membershipYears = sqliteTable("membership_years", {
  id: uuid(),
  /** "2027" or "2026-27". */
  name: text("name").notNull(),
  /** YYYY-MM-DD, inclusive. */
  startDate: text("start_date").notNull(),
  endDate: text("end_date").notNull(),
  kinds: text("kinds", { mode: "json" }).notNull().$type<YearKind[]>(),
  /** New member numbers are this followed by the next free number ("CL-" gives CL-0001). */
  numberPrefix: text("number_prefix").notNull().default(""),
  /** When the office closed the year to new requests to join (null: open). The office can still mark dues and reopen it. */
  closedAt: timestamp("closed_at"),
  createdAt: createdAt(),
});

/**
 * A member number belongs to one rider for good: `holderKey` is the rider
 * (`u:<userId>:<riderId>`, or `e:<email>` for an imported member who has not
 * signed up yet), so a renewal keeps the number and nobody else gets it.
 */
export const memberNumbers = sqliteTable(
  "member_numbers",
  {
    number: text("number").primaryKey(),
    holderKey: text("holder_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("member_numbers_holder_idx").on(t.holderKey)],
);

export const memberships = sqliteTable(
  "memberships",
  {
    id: uuid(),
    yearId: text("year_id")
      .notNull()
      .references(() => membershipYears.id, { onDelete: "cascade" }),
    /** The rider: `u:<userId>:<riderId or empty>`, or `e:<email>` until an imported member signs up. */
    holderKey: text("holder_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A rider profile the account manages (a child), or null for the account holder. */
    riderId: integer("rider_id").references(() => riders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower case; how an imported member is linked to an account. */
    email: text("email"),
    kind: text("kind", { enum: MEMBERSHIP_KINDS }).notNull(),
    /** YYYY-MM-DD, given for a Youth by the guardian. */
    birthDate: text("birth_date"),
    status: text("status", { enum: ["PENDING", "ACTIVE"] }).notNull().default("PENDING"),
    number: text("number"),
    duesCents: integer("dues_cents").notNull(),
    paidMethod: text("paid_method", { enum: DUES_METHODS }),
    /** A check's number, a card slip's reference. */
    paidReference: text("paid_reference"),
    paidAt: timestamp("paid_at"),
    /** YYYY-MM-DD: the day the membership became active (points may count from it). */
    startsOn: text("starts_on"),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("memberships_holder_idx").on(t.yearId, t.holderKey),
    uniqueIndex("memberships_number_idx").on(t.yearId, t.number),
    index("memberships_user_idx").on(t.userId),
    index("memberships_email_idx").on(t.email),
    index("memberships_year_status_idx").on(t.yearId, t.status),
  ],
);

export type MembershipYear = typeof membershipYears.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
