import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp, uuid } from "./columns";
import { events } from "./events";
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
  /** Only the association's members in good standing earn points (docs/members.md). */
  membersOnly: integer("members_only", { mode: "boolean" }).notNull().default(false),
  /** Members only: a race counts from the day the membership started, or from the season's start. */
  pointsFrom: text("points_from", { enum: ["MEMBERSHIP_START", "SEASON_START"] }).notNull().default("MEMBERSHIP_START"),
  /** Members only: points by the place among members, or by the overall place. */
  pointsBy: text("points_by", { enum: ["PLACE_AMONG_MEMBERS", "OVERALL_PLACE"] }).notNull().default("PLACE_AMONG_MEMBERS"),
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
 * One result a team's tally keeps, as a tuple (a season keeps tens of
 * thousands): the race (class id), division and place as counted, time,
 * money in cents, and the rider's and horse's names as entered.
 */
export type TallyRace = [race: string, division: number | null, place: number | null, totalMs: number | null, moneyCents: number, riderName: string, horseName: string];

/**
 * Running totals per team: each team's counted results in one class of a
 * series, kept as a publish changes them, so a publish reads and writes
 * only its own class's teams (docs/season.md, "Speed").
 */
export const seriesTallies = sqliteTable(
  "series_tallies",
  {
    seriesId: text("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    className: text("class_name").notNull(),
    teamKey: text("team_key").notNull(),
    userId: text("user_id"),
    riderId: integer("rider_id"),
    horseId: text("horse_id"),
    races: text("races", { mode: "json" }).notNull().$type<TallyRace[]>(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.className, t.teamKey] }), index("series_tallies_user_idx").on(t.userId)],
);

/**
 * The classes a series counts, with the teams each one put in the tallies,
 * so a correction or a deletion knows whose totals to take it out of. No
 * foreign key to the class: when a class or its results go, the row stays
 * until the season takes them out (series_stale).
 */
export const seriesClasses = sqliteTable(
  "series_classes",
  {
    seriesId: text("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    classId: text("class_id").notNull(),
    className: text("class_name").notNull(),
    teamKeys: text("team_keys", { mode: "json" }).notNull().$type<string[]>(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.classId] }), index("series_classes_class_idx").on(t.classId)],
);

/**
 * Counted classes whose published results changed outside a publish (a
 * class, an entry or an event deleted): written by a trigger on
 * race_results, brought up to date before the standings are next read.
 */
export const seriesStale = sqliteTable(
  "series_stale",
  {
    seriesId: text("series_id").notNull(),
    classId: text("class_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.classId] })],
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
export type SeriesTally = typeof seriesTallies.$inferSelect;
export type SeriesStanding = typeof seriesStandings.$inferSelect;
