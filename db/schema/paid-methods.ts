/**
 * How an entry fee was paid at the office; COMP is a fee the producer waived.
 * A module of its own, without Drizzle, so the forms' schemas (which reach
 * the browser) can read the list too.
 */
export const PAID_METHODS = ["CASH", "CHECK", "CARD", "ONLINE", "COMP"] as const;
export type PaidMethod = (typeof PAID_METHODS)[number];
