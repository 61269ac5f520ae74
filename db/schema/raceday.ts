import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AverageRule, PurseSplit, ShortGoRule } from "../../app/features/raceday/gos";
import { RACE_OUTCOMES } from "../../app/schemas/race-outcomes";
import { createdAt, flag, timestamp, uuid } from "./columns";
import { events } from "./events";
import { horses } from "./horses";
import { riders, runLogs } from "./runs";
import { PAID_METHODS } from "./paid-methods";
import { users } from "./users";

/**
 * Race day: an event's classes, their entries, the draw, the times taken at
 * the booth and the published results. Money is integer cents everywhere;
 * times are integer thousandths of a second ("15.482" is 15482).
 * docs/race-day.md explains the whole day.
 */

/** How a class's pot is shared: between divisions, then between the places each division pays. */
export type PayoutRule = {
  /** Percent of the pot per division, 1D first; sums to 100. */
  divisionPercents: number[];
  /**
   * Places paid by number of entries: the first row whose `maxEntries` is at
   * least the class's entries applies (the last row applies above it). Each
   * row's `percents` sum to 100.
   */
  table: { maxEntries: number; percents: number[] }[];
};

/** A contest within an event ("Open 4D", "Youth 3D", "Poles", "Open Sidepot"). */
export const raceClasses = sqliteTable(
  "race_classes",
  {
    id: uuid(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Order on the event's pages. */
    position: integer("position").notNull().default(0),
    entryFeeCents: integer("entry_fee_cents").notNull().default(0),
    addedMoneyCents: integer("added_money_cents").notNull().default(0),
    /** Whole percent of the entry fees the producer keeps (0-100). */
    producerSharePercent: integer("producer_share_percent").notNull().default(0),
    /** What an exhibition run costs: kept by the office, never in the pot. */
    exhibitionFeeCents: integer("exhibition_fee_cents").notNull().default(0),
    divisions: integer("divisions").notNull().default(1),
    /** Thousandths between one division and the next: one value for every split, or one per split (divisions - 1). */
    splitMs: text("split_ms", { mode: "json" })
      .notNull()
      .$type<number[]>()
      .$defaultFn(() => [500]),
    maxHorsesPerRider: integer("max_horses_per_rider").notNull().default(3),
    payout: text("payout", { mode: "json" }).notNull().$type<PayoutRule>(),
    /** A sidepot pays on the runs of this class instead of runs of its own. */
    sidepotOf: text("sidepot_of"),
    /** The draw: the seed it was drawn with (so it can be shown again and audited) and its rules. */
    drawSeed: text("draw_seed"),
    drawMinGap: integer("draw_min_gap").notNull().default(5),
    dragEvery: integer("drag_every").notNull().default(5),
    drawnAt: timestamp("drawn_at"),
    /** When the class is posted to start, as the event's local time "HH:MM" on its first day; null: not posted. */
    postedStart: text("posted_start"),
    drawPublishedAt: timestamp("draw_published_at"),
    /** Go-rounds (1-5); the average, the purse split and the short go (app/features/raceday/gos.ts). Null: none, or the default split. */
    goRounds: integer("go_rounds").notNull().default(1),
    average: text("average", { mode: "json" }).$type<AverageRule>(),
    purseSplit: text("purse_split", { mode: "json" }).$type<PurseSplit>(),
    shortGo: text("short_go", { mode: "json" }).$type<ShortGoRule>(),
    /** Each later go's draw (go 1's is drawSeed/drawnAt above): how it was drawn, its seed, when. Keyed by go ("2", "3", "short"). */
    goDraws: text("go_draws", { mode: "json" })
      .notNull()
      .$type<Record<string, { mode: "NEW" | "SAME" | "REVERSE"; seed: string | null; drawnAt: string }>>()
      .default({}),
    /** Age classes: the rider's age in whole years on January 1 of the race's year or on the race day. */
    minAge: integer("min_age"),
    maxAge: integer("max_age"),
    ageOn: text("age_on", { enum: ["YEAR_START", "RACE_DAY"] })
      .notNull()
      .default("YEAR_START"),
    /** Set when results are published; raised by each re-publish after a correction. */
    resultsPublishedAt: timestamp("results_published_at"),
    resultsVersion: integer("results_version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("race_classes_event_idx").on(t.eventId, t.position)],
);

/**
 * One horse and rider in one class. A rider with an account enters with one
 * of their horses (`userId`, optionally a sub-profile `riderId`); a walk-up
 * entry added by the producer has only names. Names are kept as entered so
 * the draw and results read the same after an account or horse changes.
 */
export const raceEntries = sqliteTable(
  "race_entries",
  {
    id: uuid(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    classId: text("class_id")
      .notNull()
      .references(() => raceClasses.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    riderId: integer("rider_id").references(() => riders.id, { onDelete: "set null" }),
    riderName: text("rider_name").notNull(),
    horseId: text("horse_id").references(() => horses.id, { onDelete: "set null" }),
    horseName: text("horse_name").notNull(),
    backNumber: integer("back_number"),
    paid: flag("paid").notNull().default(false),
    /** How the fee was paid, once paid (null: paid before methods were kept, or not said). */
    paidMethod: text("paid_method", { enum: PAID_METHODS }),
    /** The check's number for a CHECK; a receipt or card reference otherwise (optional). */
    paidReference: text("paid_reference"),
    status: text("status", { enum: ["ENTERED", "SCRATCHED"] })
      .notNull()
      .default("ENTERED"),
    /** Entered after the draw: runs at the end. */
    late: flag("late").notNull().default(false),
    /** Timed for practice: never placed or paid, not in the pot, not in the season. */
    exhibition: flag("exhibition").notNull().default(false),
    /** The rider's birth date as checked for an age class (YYYY-MM-DD): the profile's, or typed by the office for a walk-up. */
    birthDate: text("birth_date"),
    /**
     * A carried run: the entry (of another class of the event) whose run this
     * one is. The booth times that one; this class places and pays its times
     * (a Youth run carried to the Open; the fee is paid in each class).
     */
    carriedFrom: text("carried_from"),
    /** 1-based place in the published or drawn order; null until drawn. */
    drawPosition: integer("draw_position"),
    /** Drags (arena groomed) before this run, as the draw placed them. */
    dragsBefore: integer("drags_before"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    scratchedAt: timestamp("scratched_at"),
  },
  (t) => [
    index("race_entries_class_idx").on(t.classId, t.drawPosition),
    index("race_entries_event_idx").on(t.eventId),
    index("race_entries_user_idx").on(t.userId),
    index("race_entries_horse_idx").on(t.horseId),
  ],
);

/**
 * A time as the booth recorded it. Each carries the id the booth's device
 * gave it (`clientId`), so a resend after the signal drops records nothing
 * twice, and two times: when the rider ran and when the server received it. The entry's official run is its latest time that is not voided
 * (undo and rerun void a time; a correction edits it and says why in the history).
 */
export const raceTimes = sqliteTable(
  "race_times",
  {
    id: uuid(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    classId: text("class_id")
      .notNull()
      .references(() => raceClasses.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => raceEntries.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    /** The go-round: 1 to 5, or SHORT_GO (99) for the short go. */
    go: integer("go").notNull().default(1),
    outcome: text("outcome", { enum: RACE_OUTCOMES }).notNull(),
    /** The time as the timer showed it, in thousandths, before penalties. */
    timeMs: integer("time_ms"),
    /** Knocked barrels: 5 seconds each. */
    penalties: integer("penalties").notNull().default(0),
    voidedAt: timestamp("voided_at"),
    /** "undo" or "rerun". */
    voidReason: text("void_reason"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * When the rider ran: the booth device's clock when it was plausible
     * (times.server.ts `whenRun`), else when the server received it. Results,
     * the live page and the rider's run log read this one.
     */
    recordedAt: timestamp("recorded_at")
      .notNull()
      .$defaultFn(() => new Date()),
    /** When the server received the time (a booth offline sends it later). */
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("race_times_event_client_idx").on(t.eventId, t.clientId),
    index("race_times_entry_idx").on(t.entryId, t.go, t.recordedAt),
    index("race_times_class_idx").on(t.classId, t.recordedAt),
    index("race_times_event_recorded_idx").on(t.eventId, t.recordedAt),
  ],
);

/** The running order of a later go (go 2 on, and the short go): go 1's is the entries' own drawPosition. */
export const raceGoOrders = sqliteTable(
  "race_go_orders",
  {
    classId: text("class_id")
      .notNull()
      .references(() => raceClasses.id, { onDelete: "cascade" }),
    /** 2 to 5, or SHORT_GO (99). */
    go: integer("go").notNull(),
    entryId: text("entry_id")
      .notNull()
      .references(() => raceEntries.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    dragsBefore: integer("drags_before").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.classId, t.go, t.entryId] }), index("race_go_orders_order_idx").on(t.classId, t.go, t.position)],
);

/** Accounts a producer named to take times for one event. */
export const raceTimers = sqliteTable(
  "race_timers",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("race_timers_user_idx").on(t.userId)],
);

/** A producer's change to one placing's money before publishing, with the reason. */
export const racePayoutOverrides = sqliteTable(
  "race_payout_overrides",
  {
    classId: text("class_id")
      .notNull()
      .references(() => raceClasses.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => raceEntries.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.entryId] })],
);

/**
 * Published results: one row per entry of a class that published, per round
 * ("1" for a one-go class; "2".., "average", "short" for shows of more than
 * one go), as the public pages, the run logs, the books and the season's
 * standings read them. A re-publish after a correction replaces a class's rows.
 */
export const raceResults = sqliteTable(
  "race_results",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => raceEntries.id, { onDelete: "cascade" }),
    /** "1".."5", "average" or "short" (gos.ts `roundLabel` names it: "Go 2", "Average", "Short go"). */
    round: text("round").notNull().default("1"),
    classId: text("class_id")
      .notNull()
      .references(() => raceClasses.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: RACE_OUTCOMES }).notNull(),
    timeMs: integer("time_ms"),
    penalties: integer("penalties").notNull().default(0),
    /** The time with penalties, which places the run; null for NT and scratches. */
    totalMs: integer("total_ms"),
    /** 1 for the 1D; null when placed nowhere. */
    division: integer("division"),
    place: integer("place"),
    payoutCents: integer("payout_cents").notNull().default(0),
    /** The rider's run-log row this result wrote. */
    runLogId: text("run_log_id").references(() => runLogs.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.round] }),
    index("race_results_class_idx").on(t.classId, t.division, t.place),
    index("race_results_event_idx").on(t.eventId),
  ],
);

/**
 * An event's race-day history: what changed after the draw or the results
 * were published (scratches, moves, corrections, overrides), who did it and when.
 */
export const raceHistory = sqliteTable(
  "race_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    classId: text("class_id"),
    entryId: text("entry_id"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    detail: text("detail"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("race_history_event_idx").on(t.eventId, t.createdAt)],
);

export type RaceClass = typeof raceClasses.$inferSelect;
export type RaceEntry = typeof raceEntries.$inferSelect;
export type RaceTime = typeof raceTimes.$inferSelect;
export type RaceResult = typeof raceResults.$inferSelect;
