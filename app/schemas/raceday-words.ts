/*
 * Race day's limits and messages, without zod: the pages that only show a
 * limit or a message (the entry form, the draw, class results) import them
 * from here, so zod stays out of their scripts. The schemas beside this file
 * re-export them. The limits live in raceday-limits.ts, for a screen that
 * needs no message.
 */

import { RACE_LIMITS } from "./raceday-limits";

export { RACE_LIMITS };

export const RACE_MESSAGES = {
  className: "Class name is required",
  classNameMax: `Class name must be ${RACE_LIMITS.className} characters or less`,
  cents: "Amounts are whole cents (an integer, like 5000 for $50.00)",
  refundAmount: "Give the refund in dollars and cents, above $0.00, like 45 or 45.00",
  centsMax: "That amount is too large",
  dollars: 'Enter dollars and cents, like 50 or 50.00',
  producerShare: "Producer's share is a whole percent from 0 to 100",
  divisions: `Divisions must be a whole number from 1 to ${RACE_LIMITS.divisions}`,
  split: "Splits are seconds, like 0.5 or 1.0 (up to 3 decimals, from 0.1 to 5)",
  splitCount: "Give one split for every division, or one split per gap between divisions",
  maxHorses: `Horses per rider must be a whole number from 1 to ${RACE_LIMITS.maxHorsesPerRider}`,
  payout: "Payout must have division percents and a table of places",
  payoutText: 'Write each row as "entries: percents", like "25: 60, 40"',
  sidepot: "Choose a class of this event that is not itself a sidepot",
  sidepotDraw: "A sidepot runs in its class's draw: draw that class instead",
  classNotFound: "Class not found",
  entryNotFound: "Entry not found",
  chooseClass: "Choose a class",
  horse: "Choose one of your horses or type a horse's name",
  horseNameMax: `Horse name must be ${RACE_LIMITS.horseName} characters or less`,
  riderName: "Rider name is required for a walk-up entry",
  exhibitionSidepot: "A sidepot pays on its class's runs: add the exhibition run to that class",
  riderNameMax: `Rider name must be ${RACE_LIMITS.riderName} characters or less`,
  rider: "Choose a rider from the list",
  renameAccount: "Only a walk-up's names can be corrected here: a rider with an account enters under their own names",
  backNumber: `Back number must be a whole number from 1 to ${RACE_LIMITS.backNumber}`,
  flag: "Must be true or false",
  seed: `A seed is letters and digits, up to ${RACE_LIMITS.seed}`,
  minGap: `Runs between a rider's horses must be a whole number from 0 to ${RACE_LIMITS.minGap}`,
  dragEvery: `Drag every must be a whole number from 0 (no drags) to ${RACE_LIMITS.dragEvery}`,
  email: "Enter the timer's email address",
  notApproved: "Race day opens once an admin approves the event",
  entriesClosed: "Entries are closed for this event",
  drawPublished: "The draw is published: it cannot be drawn again. Scratches, moves and late entries keep it up to date.",
  resultsPublished: "Results are published: the class's money rules and the class itself can no longer change",
  entriesAfterResults: "Results are published: the class's entries can no longer change (correct a run at the booth)",
  sameHorse: "That horse is already entered in this class",
  movedAfterRun: "This entry already has a time in its class: undo the time at the booth first, then move the entry",
  paidMethod: "Paid by is one of cash, check, card, online or comp",
  paidReference: `A check number or reference is at most ${RACE_LIMITS.paidReference} characters, without line breaks`,
  checkNumber: "A check needs its number",
  paidMethodUnpaid: "An unpaid entry has no payment method: leave Paid by empty, or mark it paid",
  paidReferenceAlone: "Say how it was paid before giving a reference",
  soloNotice: "Your profile is Private, but a race's draw and results show each rider's name and horse publicly, as at any race.",
} as const;

/** Knocked barrels a run can carry: a cloverleaf has three, a few patterns more. */
export const MAX_PENALTIES = 5;
export const MAX_REASON = 300;

export const BOOTH_MESSAGES = {
  entry: "Choose the entry that ran",
  outcome: "outcome must be TIME, NT or SCRATCH",
  time: "Enter the time as the timer shows it, such as 15.482",
  penalties: `Knocked barrels must be a whole number from 0 to ${MAX_PENALTIES}`,
  clientId: "clientId is required",
  reason: "Give a reason for the change",
  reasonLong: `The reason must be ${MAX_REASON} characters or fewer`,
  amount: "Enter the amount in whole cents, 0 or more",
  takenAt: "takenAt must be a date and time in ISO 8601 with its zone, such as 2026-11-28T19:05:21.000-06:00",
} as const;

/** Runs a page shows of one class: a 2,000-entry class is 20 pages, each a small answer for a phone. */
export const DRAW_PAGE_SIZE = 100;
export const DRAW_SEARCH_MAX = 60;
/** At most this many runs a search shows (a common name in a big event). */
export const DRAW_SEARCH_SHOWN = 100;
