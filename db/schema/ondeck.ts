import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { events } from "./events";
import { raceEntries } from "./raceday";
import { users } from "./users";

/**
 * "When do I run": the rider's on-deck choice, the on-deck messages sent
 * and the booth's gate calls. docs/race-day.md tells the rider's side.
 */

/** How many runs out a rider wants to be told their entry is on deck (10, 5 or 3); null: not at all. No row: 5. */
export const onDeckChoices = sqliteTable("on_deck_choices", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  runsOut: integer("runs_out"),
});

/**
 * One on-deck message per entry, threshold and account told: the primary key
 * is what keeps it to once when several workers see the same times at once
 * (a booth back online sends twenty).
 */
export const onDeckSent = sqliteTable(
  "on_deck_sent",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => raceEntries.id, { onDelete: "cascade" }),
    threshold: integer("threshold").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runsAhead: integer("runs_ahead").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.threshold, t.userId] })],
);

/** The booth's calls of the rider on the gate: 1 to 3 per entry (after the third, the timer decides). */
export const raceGateCalls = sqliteTable(
  "race_gate_calls",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => raceEntries.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    call: integer("call").notNull(),
    calledBy: text("called_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.call] }), index("race_gate_calls_event_idx").on(t.eventId, t.createdAt)],
);

export type RaceGateCall = typeof raceGateCalls.$inferSelect;
