import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp, uuid } from "./columns";
import { events } from "./events";
import { raceClasses, raceEntries } from "./raceday";
import { users } from "./users";

/**
 * The season: an association's series of approved races whose points add up
 * per rider and horse. app/features/season/standings.ts holds the arithmetic;
 * docs/season.md explains it.
 */

/** Points per place: one row for every division, or one row per division (1D first). */
export type PointsTable = { mode: "PLACE"; places: number[][] } | { mode: "MONEY"; centsPerPoint: number };
export type TieBreaker = "WINS" | "MONEY" | "FASTEST";

export const series = sqliteTable("series", {
  id: uuid(),
  name: text("name").notNull(),
  /** YYYY-MM-DD, inclusive: races dated inside count. */
  startDate: text("start_date").notNull(),
  endDate: text("end_date").notNull(),
  /** The class names that count ("Open 4D"), compared without case or extra spaces. */
  classNames: text("class_names", { mode: "json" }).notNull().$type<string[]>(),
  pointsTable: text("points_table", { mode: "json" }).notNull().$type<PointsTable>(),
  /** null counts every race; N counts each team's best N. */
  bestOf: integer("best_of"),
  tieBreakers: text("tie_breakers", { mode: "json" })
    .notNull()
    .$type<TieBreaker[]>()
    .$defaultFn(() => ["WINS", "MONEY", "FASTEST"]),
  /** Finals: at least this many races entered, and within the top N of a division. */
  qualifyMinRaces: integer("qualify_min_races").notNull().default(0),
  qualifyTop: integer("qualify_top").notNull().default(15),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** A producer's request that their event count in a series, and the admin's answer. */
export const seriesEvents = sqliteTable(
  "series_events",
  {
    seriesId: text("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["PENDING", "APPROVED", "REJECTED"] })
      .notNull()
      .default("PENDING"),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: createdAt(),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at"),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.eventId] }), index("series_events_event_idx").on(t.eventId)],
);

/**
 * One team's published result in one race of a series, as the standings read
 * it: written when a counting class publishes (its rows replaced), removed
 * when the event leaves the series.
 */
export const seriesResults = sqliteTable(
  "series_results",
  {
    seriesId: text("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => raceEntries.id, { onDelete: "cascade" }),
    classId: text("class_id")
      .notNull()
      .references(() => raceClasses.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The series' class name this counts for, as the series spells it. */
    className: text("class_name").notNull(),
    /** Rider and horse together: points follow the pair. */
    teamKey: text("team_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    horseId: text("horse_id"),
    riderName: text("rider_name").notNull(),
    horseName: text("horse_name").notNull(),
    division: integer("division"),
    place: integer("place"),
    totalMs: integer("total_ms"),
    moneyCents: integer("money_cents").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.entryId] }),
    index("series_results_class_idx").on(t.seriesId, t.className),
    index("series_results_user_idx").on(t.userId),
  ],
);

/** The standings as last computed from series_results, per class name and division. */
export const seriesStandings = sqliteTable(
  "series_standings",
  {
    seriesId: text("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    className: text("class_name").notNull(),
    division: integer("division").notNull(),
    teamKey: text("team_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    horseId: text("horse_id"),
    riderName: text("rider_name").notNull(),
    horseName: text("horse_name").notNull(),
    place: integer("place").notNull(),
    points: integer("points").notNull(),
    racesCounted: integer("races_counted").notNull(),
    racesEntered: integer("races_entered").notNull(),
    wins: integer("wins").notNull(),
    moneyCents: integer("money_cents").notNull(),
    fastestMs: integer("fastest_ms"),
    qualified: integer("qualified", { mode: "boolean" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.className, t.division, t.teamKey] }),
    index("series_standings_place_idx").on(t.seriesId, t.className, t.division, t.place),
    index("series_standings_user_idx").on(t.userId),
  ],
);

export type Series = typeof series.$inferSelect;
export type SeriesEvent = typeof seriesEvents.$inferSelect;
export type SeriesResult = typeof seriesResults.$inferSelect;
export type SeriesStanding = typeof seriesStandings.$inferSelect;
