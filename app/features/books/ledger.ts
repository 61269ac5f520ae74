/**
 * The ledger's arithmetic: the one place it lives. Pure (no database, no
 * clock): the books, the close-out, a fee's balance, a scratch's refund and
 * the jackpot's share are all sums of the records the office wrote when the
 * money moved (db/schema/ledger.ts), never worked out again from today's fees.
 *
 * What it promises (tests/unit/ledger.test.ts proves each with fast-check):
 * - a close-out's cash is the sum of the day's cash records, taker by taker;
 * - collected is the fees received less the refunds paid;
 * - a closed day's figures never change unless a record for it reopened it;
 * - the pot never counts charges or late fees.
 *
 * Signs: money in (fees, late fees, charges, dues) is positive; a REFUND's
 * amount is the money given back (positive); a reversal carries the
 * opposite amount of the record it reverses, so every sum simply adds.
 */
import type { LedgerKind } from "#db/schema/ledger";
import type { PaidMethod } from "#db/schema/paid-methods";
import { potCents } from "~/features/raceday/results";

export type LedgerLine = {
  id: number;
  kind: LedgerKind;
  amountCents: number;
  method: PaidMethod | null;
  reference?: string | null;
  takenBy: string | null;
  takenByName: string;
  day: string;
  entryId: string | null;
  reversesId?: number | null;
};

export const METHOD_KEYS = ["CASH", "CHECK", "CARD", "ONLINE", "COMP", "NOT_SAID"] as const;
export type MethodKey = (typeof METHOD_KEYS)[number];
export type ByMethod = Record<MethodKey, number>;
export const noMethods = (): ByMethod => ({ CASH: 0, CHECK: 0, CARD: 0, ONLINE: 0, COMP: 0, NOT_SAID: 0 });

/** Kinds that bring money in from riders at the office. */
const MONEY_IN: readonly LedgerKind[] = ["FEE", "LATE_FEE", "CHARGE", "DUES"];
const methodOf = (r: Pick<LedgerLine, "method" | "kind">): MethodKey => (r.kind === "COMP" ? "COMP" : (r.method ?? "NOT_SAID"));

/** The event's money from its records: fees by method, refunds, late fees, charges, checks written. */
export function ledgerTotals(records: readonly LedgerLine[]) {
  const feesCents = noMethods();
  let refundsCents = 0;
  let lateFeesCents = 0;
  let chargesCents = 0;
  let duesCents = 0;
  let checksWrittenCents = 0;
  for (const r of records) {
    if (r.kind === "FEE" || r.kind === "COMP") feesCents[methodOf(r)] += r.amountCents;
    else if (r.kind === "REFUND") refundsCents += r.amountCents;
    else if (r.kind === "LATE_FEE") lateFeesCents += r.amountCents;
    else if (r.kind === "CHARGE") chargesCents += r.amountCents;
    else if (r.kind === "DUES") duesCents += r.amountCents;
    else checksWrittenCents += r.amountCents;
  }
  const feesTotalCents = METHOD_KEYS.reduce((s, k) => s + feesCents[k], 0);
  const feesReceivedCents = feesTotalCents - feesCents.COMP;
  return {
    feesCents,
    feesTotalCents,
    feesReceivedCents,
    refundsCents,
    /** Fees received (not comps) less refunds paid. */
    collectedCents: feesReceivedCents - refundsCents,
    lateFeesCents,
    chargesCents,
    duesCents,
    checksWrittenCents,
  };
}
export type LedgerTotals = ReturnType<typeof ledgerTotals>;

export type TakerCloseOut = {
  takenBy: string | null;
  takenByName: string;
  /** Cash to account for: cash taken less cash refunded. */
  cashCents: number;
  checksCents: number;
  cardCents: number;
  onlineCents: number;
  notSaidCents: number;
  compsCents: number;
  refundsCents: number;
  records: number;
};

const emptyTaker = (takenBy: string | null, takenByName: string): TakerCloseOut => ({
  takenBy,
  takenByName,
  cashCents: 0,
  checksCents: 0,
  cardCents: 0,
  onlineCents: 0,
  notSaidCents: 0,
  compsCents: 0,
  refundsCents: 0,
  records: 0,
});

const FIELD: Record<Exclude<MethodKey, "COMP">, keyof TakerCloseOut> = { CASH: "cashCents", CHECK: "checksCents", CARD: "cardCents", ONLINE: "onlineCents", NOT_SAID: "notSaidCents" };

/** One record's effect on its taker's box. */
function addToTaker(t: TakerCloseOut, r: LedgerLine) {
  t.records += 1;
  if (r.kind === "COMP") {
    t.compsCents += r.amountCents;
    return;
  }
  const key = methodOf(r);
  if (key === "COMP") {
    t.compsCents += r.amountCents;
    return;
  }
  const field = FIELD[key] as "cashCents";
  if (MONEY_IN.includes(r.kind)) t[field] += r.amountCents;
  else if (r.kind === "REFUND") {
    t[field] -= r.amountCents;
    t.refundsCents += r.amountCents;
  }
}

/**
 * A day's close-out, by who took the money (each secretary counts their own
 * box): cash, checks received, card, online, comps, refunds paid out. Checks
 * to winners are not in anyone's box; the caller adds them with the
 * producer's share.
 */
export function closeOutDay(records: readonly LedgerLine[], day: string) {
  const takers = new Map<string, TakerCloseOut>();
  const checksReceived: { id: number; reference: string | null; amountCents: number; takenByName: string }[] = [];
  for (const r of records) {
    if (r.day !== day || r.kind === "CHECK_WRITTEN" || r.kind === "CHECK_VOIDED" || r.kind === "CHECK_REISSUED") continue;
    const key = r.takenBy ?? `name:${r.takenByName}`;
    const t = takers.get(key) ?? emptyTaker(r.takenBy, r.takenByName);
    addToTaker(t, r);
    takers.set(key, t);
    if (r.method === "CHECK" && MONEY_IN.includes(r.kind)) checksReceived.push({ id: r.id, reference: r.reference ?? null, amountCents: r.amountCents, takenByName: r.takenByName });
  }
  const byTaker = [...takers.values()].sort((a, b) => a.takenByName.localeCompare(b.takenByName));
  const sum = (f: keyof Omit<TakerCloseOut, "takenBy" | "takenByName">) => byTaker.reduce((s, t) => s + t[f], 0);
  return {
    day,
    byTaker,
    cashCents: sum("cashCents"),
    checksCents: sum("checksCents"),
    cardCents: sum("cardCents"),
    onlineCents: sum("onlineCents"),
    notSaidCents: sum("notSaidCents"),
    compsCents: sum("compsCents"),
    refundsCents: sum("refundsCents"),
    records: sum("records"),
    checksReceived,
  };
}
export type DayCloseOut = ReturnType<typeof closeOutDay>;

/** The days the records fall on, in order. */
export const daysOf = (records: readonly Pick<LedgerLine, "day">[]) => [...new Set(records.map((r) => r.day))].sort();

export type CloseoutMark = { id: number; day: string; throughRecordId: number; reopenedAt: unknown };

/** The close of `day` still standing (not reopened), if any. */
export const standingClose = <C extends CloseoutMark>(closeouts: readonly C[], day: string): C | null =>
  closeouts.filter((c) => c.day === day && !c.reopenedAt).sort((a, b) => b.id - a.id)[0] ?? null;

/** A record written for a closed day reopens that day's close: the one it reopens, or null. */
export const closeReopenedBy = <C extends CloseoutMark>(closeouts: readonly C[], record: Pick<LedgerLine, "day">): C | null => standingClose(closeouts, record.day);

/** What an entry has paid and been given back, and what it owes (above 0) or is owed (below 0) against what it should pay. */
export function entryBalance(dueCents: number, records: readonly Pick<LedgerLine, "kind" | "amountCents">[]) {
  let paidCents = 0;
  let compCents = 0;
  let refundedCents = 0;
  for (const r of records) {
    if (r.kind === "FEE" || r.kind === "LATE_FEE") paidCents += r.amountCents;
    else if (r.kind === "COMP") compCents += r.amountCents;
    else if (r.kind === "REFUND") refundedCents += r.amountCents;
  }
  const netCents = paidCents + compCents - refundedCents;
  return { dueCents, paidCents, compCents, refundedCents, netCents, balanceCents: dueCents - netCents };
}

/** An event's scratch policy (db/schema/ledger.ts raceMoneyRules). */
export type ScratchPolicy = {
  beforeDraw: "FULL" | "LESS_FEE";
  scratchOfficeFeeCents: number;
  afterDrawPercent: number;
  turnOutOwes: boolean;
};
export const DEFAULT_SCRATCH_POLICY: ScratchPolicy = { beforeDraw: "FULL", scratchOfficeFeeCents: 0, afterDrawPercent: 0, turnOutOwes: true };

/** When an entry stopped: scratched before its class's draw was published, after it (the booth's scratch too), or a turn-out (a no-show). */
export type ScratchWhen = "BEFORE_DRAW" | "AFTER_DRAW" | "TURN_OUT";

/**
 * The one scratch rule. What a scratch (or turn-out) still owes of its fee
 * under the event's policy, and whether its fee is in the pot. A scratch's
 * kept fee is the office's, never the pot's: the pot pays on the runs made,
 * so the pot, the books, the draw and the checks all count the same entries.
 */
export function scratchRule(policy: ScratchPolicy, feeCents: number, when: ScratchWhen) {
  const fee = Math.max(0, feeCents);
  let owesCents: number;
  if (when === "BEFORE_DRAW") owesCents = policy.beforeDraw === "LESS_FEE" ? Math.min(fee, Math.max(0, policy.scratchOfficeFeeCents)) : 0;
  else if (when === "AFTER_DRAW") owesCents = fee - Math.floor((fee * Math.min(100, Math.max(0, policy.afterDrawPercent))) / 100);
  else owesCents = policy.turnOutOwes ? fee : 0;
  return { owesCents, refundCents: fee - owesCents, inPot: false as const };
}

/** The refund the policy offers an entry that paid `netPaidCents`: what it paid above what it still owes. */
export const offeredRefund = (policy: ScratchPolicy, feeCents: number, when: ScratchWhen, netPaidCents: number) =>
  Math.max(0, netPaidCents - scratchRule(policy, feeCents, when).owesCents);

/**
 * The share of the fees that went to the jackpot: the pot less added money,
 * over the fees the pot counted. Associations ask for 80% (70% when $1,000
 * or more is added) printed on the showbill; `below` says it falls short.
 * Charges and late fees are never fees of the pot.
 */
export function jackpotShare(classes: readonly { potCents: number; addedMoneyCents: number; potFeesCents: number }[]) {
  const fees = classes.reduce((s, c) => s + Math.max(0, c.potFeesCents), 0);
  const added = classes.reduce((s, c) => s + Math.max(0, c.addedMoneyCents), 0);
  const toPot = classes.reduce((s, c) => s + Math.max(0, c.potCents - Math.max(0, c.addedMoneyCents)), 0);
  const minimumPercent = added >= 100_000 ? 70 : 80;
  const percent = fees > 0 ? Math.floor((toPot * 1000) / fees) / 10 : null;
  return { percent, minimumPercent, below: percent !== null && percent < minimumPercent };
}

/** Days after which a check not written, or written and neither cashed nor voided, is stale (a setting). */
export const DEFAULT_STALE_CHECK_DAYS = 60;
export const isStale = (since: Date, at: Date, days: number) => at.getTime() - since.getTime() >= days * 86_400_000;

/**
 * The jackpot's share as the showbill states it, before any entry: each
 * class's fee less the producer's share, over the fee (one entry a class),
 * with the added money deciding the minimum. Null with no fee to share.
 */
export function showbillJackpotShare(classes: readonly { entryFeeCents: number; addedMoneyCents: number; producerSharePercent: number }[]) {
  const priced = classes.filter((c) => c.entryFeeCents > 0);
  if (!priced.length) return null;
  return jackpotShare(priced.map((c) => ({ potFeesCents: c.entryFeeCents, addedMoneyCents: c.addedMoneyCents, potCents: potCents(c, 1) })));
}
