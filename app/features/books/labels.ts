import type { LedgerKind } from "#db/schema";

/** How a fee was paid, as the office's screens and sheets say it. */
const METHOD_LABELS: Record<string, string> = { CASH: "Cash", CHECK: "Check", CARD: "Card", ONLINE: "Online", COMP: "Comp", NOT_SAID: "Not said" };

export const methodLabel = (method: string) => METHOD_LABELS[method] ?? method;

/** What a ledger record is, in words (receipts, the books' records, the receipt mail). */
const KIND_WORDS: Record<LedgerKind, string> = {
  FEE: "Entry fee",
  REFUND: "Refund",
  LATE_FEE: "Late fee",
  CHARGE: "Charge",
  COMP: "Comp",
  DUES: "Dues",
  CHECK_WRITTEN: "Check written",
  CHECK_VOIDED: "Check voided",
  CHECK_REISSUED: "Check reissued",
};
export const describeKind = (kind: LedgerKind) => KIND_WORDS[kind];

/** The books' columns of fees paid, in the order the office counts them. */
export const PAID_COLUMNS = ["CASH", "CHECK", "CARD", "ONLINE", "COMP", "NOT_SAID"] as const;
