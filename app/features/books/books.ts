/**
 * The race office's books: the one place their arithmetic lives. Pure (no
 * database, no clock), so the books' JSON, their CSV, the books screen and
 * the close-out sheet add up the same lines the same way.
 *
 * What it promises (tests/unit/books.test.ts proves each with fast-check):
 * - every class's totals are the sums of its lines, and the event's totals
 *   the sums of its classes': nothing is counted twice or dropped;
 * - what is paid is what the ledger holds (db/schema/ledger.ts), never worked
 *   out again from today's fees: a fee changed after it was paid leaves the
 *   payment as it was, and the entry shows what it owes or is owed;
 * - paid by method adds up to what was paid, whatever the method;
 * - the pot is the results module's (potCents), and what is paid out is
 *   what the results pay after the producer's overrides, with the
 *   difference beside it.
 *
 * Words as the office uses them (docs/race-day.md, "The books"):
 * - fees due: each entry still entered owes its class's fee (an exhibition run its exhibition fee), a scratch what the event's scratch policy keeps;
 * - paid: a fee taken, by CASH, CHECK, CARD, ONLINE or COMP (a fee the
 *   producer waived: no money came in); NOT_SAID for a fee marked paid without a method;
 * - collected: money that came in (paid, less COMP);
 * - refunds: what entries are owed back (refundCents) and what was paid back (refundsCents, ledger).
 */
import { PAID_METHODS, type PaidMethod } from "#db/schema/paid-methods";
import { potCents } from "~/features/raceday/results";
import { jackpotShare } from "./ledger";

export const PAID_KEYS = [...PAID_METHODS, "NOT_SAID"] as const;
export type PaidKey = (typeof PAID_KEYS)[number];
export type PaidByMethod = Record<PaidKey, number>;

/** One entry, as the books read it: what it should pay now, and what the ledger holds for it. */
export type BookLine = {
  entryId: string;
  classId: string;
  riderName: string;
  horseName: string;
  backNumber: number | null;
  /** What its class asks of it now (integer cents): the entry fee, or the exhibition fee for an exhibition run. */
  feeCents: number;
  /** What it should pay now: its fee and late fee, or what the scratch policy keeps of a scratch. */
  dueCents: number;
  scratched: boolean;
  paid: boolean;
  paidMethod: PaidMethod | null;
  paidReference: string | null;
  /** An exhibition run (timed, never placed or paid): the CSV says so. */
  exhibition?: boolean;
  /** The ledger's fee and comp records of the entry, by method (reversals included). */
  payments: PaidByMethod;
  /** Refunds paid to it, and late fees it paid (ledger). */
  refundsPaidCents: number;
  lateFeesCents: number;
};

/** What a line has paid, net of refunds (comps count as paid). */
export const netPaidOf = (l: Pick<BookLine, "payments" | "refundsPaidCents" | "lateFeesCents">) => sumPaid(l.payments) + l.lateFeesCents - l.refundsPaidCents;
/** Above 0 the entry owes it; below 0 it is owed it back. */
export const balanceOf = (l: BookLine) => l.dueCents - netPaidOf(l);

/** One class's money rules and what its results pay. */
export type BookClass = {
  classId: string;
  name: string;
  entryFeeCents: number;
  addedMoneyCents: number;
  producerSharePercent: number;
  /** Entries that count for the pot, as the results count them (not scratched, at the office or the booth). */
  potEntryCount: number;
  /** What the placings pay after overrides: the published results, or the producer's review before publishing. */
  paidOutCents: number;
  published: boolean;
};

export type ClassBooks = {
  classId: string;
  className: string;
  published: boolean;
  entries: number;
  /** What every entry should pay now (a scratch what the policy keeps). */
  feesDueCents: number;
  /** The ledger's fee records by method. */
  paidCents: PaidByMethod;
  /** All fee records, every method. */
  paidTotalCents: number;
  /** Money that came in: fees received (not comps) less refunds paid. */
  collectedCents: number;
  /** What entries still owe. */
  unpaidCents: number;
  unpaid: BookLine[];
  /** What entries are owed back (a scratch's refund, a fee lowered after it was paid). */
  refundCents: number;
  refunds: BookLine[];
  /** Refunds paid out (ledger). */
  refundsCents: number;
  lateFeesCents: number;
  producerShareCents: number;
  addedMoneyCents: number;
  potCents: number;
  /** The fees the pot counted (fee x entries in the pot): the jackpot share's base. */
  potFeesCents: number;
  paidOutCents: number;
  /** Paid out less the pot: above 0 the producer pays more than the pot, below 0 less. */
  paidOutDifferenceCents: number;
};

export type EventBooks = {
  classes: ClassBooks[];
  totals: Omit<ClassBooks, "classId" | "className" | "published"> & { published: boolean; chargesCents: number; jackpot: ReturnType<typeof jackpotShare> };
};

export const emptyPaid = (): PaidByMethod => ({ CASH: 0, CHECK: 0, CARD: 0, ONLINE: 0, COMP: 0, NOT_SAID: 0 });

const sumPaid = (p: PaidByMethod) => PAID_KEYS.reduce((sum, k) => sum + p[k], 0);

/** The producer's share of a class's fees: what potCents keeps back (rounded down, so a fraction of a cent stays in the pot). */
export function producerShareCents(cls: Pick<BookClass, "entryFeeCents" | "addedMoneyCents" | "producerSharePercent">, potEntryCount: number) {
  const fees = Math.max(0, cls.entryFeeCents) * Math.max(0, potEntryCount);
  return fees + Math.max(0, cls.addedMoneyCents) - potCents(cls, potEntryCount);
}

/** One class's books from its lines (lines of other classes are ignored). The pot is the results module's: no record (a charge, a late fee) is ever in it. */
export function classBooks(cls: BookClass, allLines: BookLine[]): ClassBooks {
  const lines = allLines.filter((l) => l.classId === cls.classId);
  const paidCents = emptyPaid();
  let feesDueCents = 0;
  let refundsCents = 0;
  let lateFeesCents = 0;
  const unpaid: BookLine[] = [];
  const refunds: BookLine[] = [];
  for (const line of lines) {
    feesDueCents += line.dueCents;
    for (const k of PAID_KEYS) paidCents[k] += line.payments[k];
    refundsCents += line.refundsPaidCents;
    lateFeesCents += line.lateFeesCents;
    const balance = balanceOf(line);
    if (balance > 0) unpaid.push(line);
    else if (balance < 0) refunds.push(line);
  }
  const paidTotalCents = sumPaid(paidCents);
  const pot = potCents(cls, cls.potEntryCount);
  return {
    classId: cls.classId,
    className: cls.name,
    published: cls.published,
    entries: lines.filter((l) => !l.scratched).length,
    feesDueCents,
    paidCents,
    paidTotalCents,
    collectedCents: paidTotalCents - paidCents.COMP - refundsCents,
    unpaidCents: unpaid.reduce((sum, l) => sum + balanceOf(l), 0),
    unpaid,
    refundCents: refunds.reduce((sum, l) => sum - balanceOf(l), 0),
    refunds,
    refundsCents,
    lateFeesCents,
    producerShareCents: producerShareCents(cls, cls.potEntryCount),
    addedMoneyCents: Math.max(0, cls.addedMoneyCents),
    potCents: pot,
    potFeesCents: Math.max(0, cls.entryFeeCents) * Math.max(0, cls.potEntryCount),
    paidOutCents: cls.paidOutCents,
    paidOutDifferenceCents: cls.paidOutCents - pot,
  };
}

/** The event's books: each class's, their sums, the charges (never a class's, never the pot's) and the jackpot's share of the fees. */
export function eventBooks(classes: BookClass[], lines: BookLine[], chargesCents = 0): EventBooks {
  const books = classes.map((c) => classBooks(c, lines));
  const paidCents = emptyPaid();
  for (const b of books) for (const k of PAID_KEYS) paidCents[k] += b.paidCents[k];
  const sum = (pick: (b: ClassBooks) => number) => books.reduce((total, b) => total + pick(b), 0);
  return {
    classes: books,
    totals: {
      published: books.length > 0 && books.every((b) => b.published),
      entries: sum((b) => b.entries),
      feesDueCents: sum((b) => b.feesDueCents),
      paidCents,
      paidTotalCents: sum((b) => b.paidTotalCents),
      collectedCents: sum((b) => b.collectedCents),
      unpaidCents: sum((b) => b.unpaidCents),
      unpaid: books.flatMap((b) => b.unpaid),
      refundCents: sum((b) => b.refundCents),
      refunds: books.flatMap((b) => b.refunds),
      refundsCents: sum((b) => b.refundsCents),
      lateFeesCents: sum((b) => b.lateFeesCents),
      producerShareCents: sum((b) => b.producerShareCents),
      addedMoneyCents: sum((b) => b.addedMoneyCents),
      potCents: sum((b) => b.potCents),
      potFeesCents: sum((b) => b.potFeesCents),
      paidOutCents: sum((b) => b.paidOutCents),
      paidOutDifferenceCents: sum((b) => b.paidOutDifferenceCents),
      chargesCents,
      jackpot: jackpotShare(books),
    },
  };
}

/**
 * The close-out sheet's reckoning for the whole event: the cash and checks
 * the office holds, and what leaves it. `netToProducerCents` is what the
 * producer keeps once every winner is paid: collected, less paid out
 * (negative when added money or an override pays more than the fees brought in).
 */
export function closeOut(books: EventBooks) {
  const t = books.totals;
  return {
    cashCents: t.paidCents.CASH,
    checksReceivedCents: t.paidCents.CHECK,
    cardCents: t.paidCents.CARD,
    onlineCents: t.paidCents.ONLINE,
    notSaidCents: t.paidCents.NOT_SAID,
    compCents: t.paidCents.COMP,
    collectedCents: t.collectedCents,
    refundCents: t.refundsCents,
    paidOutCents: t.paidOutCents,
    netToProducerCents: t.collectedCents - t.paidOutCents,
  };
}
export type CloseOut = ReturnType<typeof closeOut>;

/**
 * "Pot $820.00 · paid $821.44 (+$1.44)": the pot with what is paid after
 * overrides beside it, for every screen that shows a pot. `differenceCents`
 * is paid less pot; `nothingPaid` while no run has placed (nothing to compare yet).
 */
export function potVersusPaid(potCentsValue: number, paidOutCents: number) {
  const differenceCents = paidOutCents - potCentsValue;
  return { potCents: potCentsValue, paidOutCents, differenceCents, matches: differenceCents === 0, nothingPaid: paidOutCents === 0 };
}
export type PotVersusPaid = ReturnType<typeof potVersusPaid>;

/** A line of money owed to a payee (a placing that pays). */
export type PayeeLine = { payeeKey: string; payeeName: string; amountCents: number };

/**
 * Lines grouped by payee, in the order each was first paid, each with its
 * total: the sum of its lines, to the cent. The payee keeps the name of its
 * first line.
 */
export function payeeTotals<L extends PayeeLine>(lines: L[]) {
  const payees = new Map<string, { payeeKey: string; payeeName: string; lines: L[]; totalCents: number }>();
  for (const line of lines) {
    const p = payees.get(line.payeeKey) ?? { payeeKey: line.payeeKey, payeeName: line.payeeName, lines: [], totalCents: 0 };
    p.lines.push(line);
    p.totalCents += line.amountCents;
    payees.set(line.payeeKey, p);
  }
  return [...payees.values()];
}

/** The yearly amount at which a payee gets a tax form (1099-MISC): $600, unless an administrator set another. */
export const DEFAULT_TAX_FORM_THRESHOLD_CENTS = 60_000;

/** A tax form is due once a payee's year reaches the threshold. */
export const taxFormDue = (totalCents: number, thresholdCents: number) => totalCents >= thresholdCents;

/**
 * A payee's check against what they are owed now: none written yet, written
 * for what is owed, or written for another amount (a correction published
 * after it): `differenceCents` is owed less written.
 */
export function checkStanding(owedCents: number, written: { amountCents: number } | null) {
  if (!written) return { status: owedCents > 0 ? ("TO_WRITE" as const) : ("NOTHING_OWED" as const), differenceCents: owedCents };
  const differenceCents = owedCents - written.amountCents;
  return { status: differenceCents === 0 ? ("WRITTEN" as const) : ("DIFFERS" as const), differenceCents };
}

/** What a class's placings pay in all (after overrides): the sum of their amounts. */
export const paidOutOfPlaces = (divisions: { places: { payoutCents: number }[] }[]) => divisions.reduce((sum, d) => sum + d.places.reduce((s, p) => s + p.payoutCents, 0), 0);
