/*
 * Race day's limits alone: a form that only caps its fields (the booth's
 * exhibition run) imports these, not the messages of raceday-words.ts, so a
 * screen's script carries a few numbers rather than every race-day message.
 */

export const RACE_LIMITS = {
  className: 60,
  riderName: 80,
  horseName: 60,
  /** $1,000,000: more than any class's fee or added money. */
  maxCents: 100_000_000,
  divisions: 6,
  maxHorsesPerRider: 20,
  /** A split between divisions, in thousandths: 0.1 s to 5 s. */
  minSplitMs: 100,
  maxSplitMs: 5_000,
  backNumber: 99_999,
  minGap: 50,
  dragEvery: 100,
  seed: 64,
  id: 64,
  email: 254,
  /** A check's number, or a receipt's or card's reference. */
  paidReference: 40,
} as const;
