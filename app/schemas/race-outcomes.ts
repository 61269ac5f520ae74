/**
 * A run's outcome at the booth, listed once: the database's column, the
 * API's schemas and description, the results arithmetic, the booth and the
 * live page all read this list. Imported by db/schema too, so it depends on nothing.
 */
export const RACE_OUTCOMES = ["TIME", "NT", "SCRATCH"] as const;
export type RaceOutcome = (typeof RACE_OUTCOMES)[number];

/** The outcomes of a rider who ran: a race entered (a scratch ran nothing). */
export const RAN_OUTCOMES = ["TIME", "NT"] as const satisfies readonly RaceOutcome[];

/** RAN_OUTCOMES as an SQL list, for the statements written as text: `outcome IN ('TIME', 'NT')`. */
export const RAN_OUTCOMES_SQL = `(${RAN_OUTCOMES.map((o) => `'${o}'`).join(", ")})`;

/** Whether an outcome is a race run (TIME or NT), not a scratch. */
export const ran = (outcome: RaceOutcome) => (RAN_OUTCOMES as readonly RaceOutcome[]).includes(outcome);
