import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp, uuid } from "./columns";
import { events } from "./events";
import { horses } from "./horses";
import { users } from "./users";

/** Sub-profiles kept by a parent or trainer, such as a child who rides. */
export const riders = sqliteTable(
  "riders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** YYYY-MM-DD; asked when the rider first enters an age class, kept for the next. */
    birthDate: text("birth_date"),
    createdAt: createdAt(),
  },
  (t) => [index("riders_user_idx").on(t.userId)],
);

export const runLogs = sqliteTable(
  "run_logs",
  {
    id: uuid(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    /** Deleting a rider keeps the runs, unlinked. */
    riderId: integer("rider_id").references(() => riders.id, { onDelete: "set null" }),
    arenaName: text("arena_name").notNull(),
    arenaType: text("arena_type", { enum: ["indoor", "outdoor"] })
      .notNull()
      .default("outdoor"),
    /** The horse record; `horseName` keeps the name as logged (deleting the horse keeps the run, unlinked). */
    horseId: text("horse_id").references(() => horses.id, { onDelete: "set null" }),
    horseName: text("horse_name"),
    notes: text("notes"),
    /** Seconds as typed, such as "15.482". */
    time: text("time"),
    rating: integer("rating"),
    placement: text("placement", { length: 20 }),
    tags: text("tags", { mode: "json" })
      .notNull()
      .$type<string[]>()
      .$defaultFn(() => []),
    videoUrl: text("video_url"),
    groundCondition: text("ground_condition"),
    weather: text("weather"),
    privacy: text("privacy", { enum: ["PRIVATE", "PUBLIC"] })
      .notNull()
      .default("PRIVATE"),
    /** Idempotency key sent by the phone, so a retried offline sync never duplicates a run. */
    clientId: text("client_id"),
    /** When the run was run (the phone's time when logged offline); lists, trends and bests use it. */
    runAt: timestamp("run_at")
      .notNull()
      .$defaultFn(() => new Date()),
    /**
     * Written from a race's published results (race_results.run_log_id points
     * back): the time, penalties, placement and money are the official ones
     * and the rider cannot edit them; notes, tags, video and privacy stay theirs.
     */
    official: flag("official").notNull().default(false),
    raceEntryId: text("race_entry_id"),
    /** Which round of the race entry this official run is: "1" (a one-go class), "2".., or "short". */
    raceRound: text("race_round").notNull().default("1"),
    /** Knocked barrels (5 s each) of an official run. */
    penalties: integer("penalties"),
    /** Money won, in cents, of an official run. */
    moneyCents: integer("money_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    index("run_logs_user_run_at_idx").on(t.userId, t.runAt),
    index("run_logs_horse_idx").on(t.horseId),
    index("run_logs_user_created_idx").on(t.userId, t.createdAt),
    index("run_logs_user_horse_idx").on(t.userId, t.horseName),
    index("run_logs_privacy_run_at_idx").on(t.privacy, t.runAt),
    // A profile's public runs and their count, read from the index alone (bench/README.md, "Profiles").
    index("run_logs_user_privacy_run_at_idx").on(t.userId, t.privacy, t.runAt),
    index("run_logs_event_idx").on(t.eventId),
    index("run_logs_rider_idx").on(t.riderId),
    uniqueIndex("run_logs_user_client_idx").on(t.userId, t.clientId),
    // One run-log row per race entry and go: publishing twice writes nothing twice.
    uniqueIndex("run_logs_race_entry_idx").on(t.raceEntryId, t.raceRound),
  ],
);

export type RunLog = typeof runLogs.$inferSelect;
export type Rider = typeof riders.$inferSelect;
