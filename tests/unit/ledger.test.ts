import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LedgerKind } from "../../db/schema/ledger";
import { PAID_METHODS } from "../../db/schema/paid-methods";
import { classBooks, eventBooks, type BookClass, type BookLine } from "../../app/features/books/books";
import {
  closeOutDay,
  closeReopenedBy,
  entryBalance,
  jackpotShare,
  ledgerTotals,
  offeredRefund,
  scratchRule,
  showbillJackpotShare,
  standingClose,
  type LedgerLine,
  type ScratchPolicy,
} from "../../app/features/books/ledger";
import { potCents } from "../../app/features/raceday/results";

/**
 * The ledger's arithmetic (app/features/books/ledger.ts) over random days of
 * payments, refunds, fee changes, scratches, charges and checks.
 */

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const DAYS = ["2031-06-13", "2031-06-14", "2031-06-15"];
const TAKERS = [
  { takenBy: "u1", takenByName: "Ann" },
  { takenBy: "u2", takenByName: "Bea" },
  { takenBy: null, takenByName: "" },
];
const KINDS: LedgerKind[] = ["FEE", "FEE", "FEE", "REFUND", "LATE_FEE", "CHARGE", "COMP", "CHECK_WRITTEN", "CHECK_VOIDED"];

const recordArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  amountCents: fc.integer({ min: 1, max: 20_000 }),
  reversal: fc.boolean(),
  method: fc.option(fc.constantFrom(...PAID_METHODS), { nil: null }),
  taker: fc.constantFrom(...TAKERS),
  day: fc.constantFrom(...DAYS),
  entry: fc.constantFrom("e1", "e2", "e3", null),
});
const recordsArb = fc.array(recordArb, { maxLength: 80 }).map((raw) =>
  raw.map(
    (r, i): LedgerLine => ({
      id: i + 1,
      kind: r.kind,
      amountCents: r.reversal ? -r.amountCents : r.amountCents,
      method: r.kind === "COMP" ? "COMP" : r.method,
      takenBy: r.taker.takenBy,
      takenByName: r.taker.takenByName,
      day: r.day,
      entryId: r.entry,
      reversesId: null,
    }),
  ),
);

describe("the close-out", () => {
  it("accounts, taker by taker, for the sum of that taker's cash records of the day", () => {
    fc.assert(
      fc.property(recordsArb, fc.constantFrom(...DAYS), (records, day) => {
        const close = closeOutDay(records, day);
        for (const t of close.byTaker) {
          const mine = records.filter((r) => r.day === day && r.method === "CASH" && (r.takenBy ?? `name:${r.takenByName}`) === (t.takenBy ?? `name:${t.takenByName}`));
          const cashIn = sum(mine.filter((r) => ["FEE", "LATE_FEE", "CHARGE", "DUES"].includes(r.kind)).map((r) => r.amountCents));
          const cashOut = sum(mine.filter((r) => r.kind === "REFUND").map((r) => r.amountCents));
          expect(t.cashCents).toBe(cashIn - cashOut);
        }
        expect(close.cashCents).toBe(sum(close.byTaker.map((t) => t.cashCents)));
        // Checks to winners are in nobody's box.
        const noChecks = closeOutDay(
          records.filter((r) => !r.kind.startsWith("CHECK_")),
          day,
        );
        expect(noChecks.cashCents).toBe(close.cashCents);
      }),
    );
  });

  it("changes nothing a closed day holds unless a record for that day reopened it", () => {
    type Close = { id: number; day: string; throughRecordId: number; reopenedAt: number | null; figures: ReturnType<typeof closeOutDay> };
    fc.assert(
      fc.property(recordsArb, fc.array(fc.tuple(fc.nat(80), fc.constantFrom(...DAYS)), { maxLength: 10 }), (records, closeAt) => {
        // Replay: records written one by one, a day closed after some of them, as the server does.
        const closes: Close[] = [];
        const written: LedgerLine[] = [];
        for (const r of records) {
          for (const [at, day] of closeAt) {
            if (at === r.id && !standingClose(closes, day)) closes.push({ id: closes.length + 1, day, throughRecordId: r.id - 1, reopenedAt: null, figures: closeOutDay(written, day) });
          }
          const reopened = closeReopenedBy(closes, r);
          if (reopened) reopened.reopenedAt = r.id;
          written.push(r);
        }
        for (const c of closes) {
          if (c.reopenedAt === null) expect(closeOutDay(written, c.day)).toEqual(c.figures);
          else expect(written.some((r) => r.id === c.reopenedAt && r.day === c.day)).toBe(true);
        }
      }),
    );
  });
});

describe("the ledger's totals", () => {
  it("makes collected the fees received less the refunds paid", () => {
    fc.assert(
      fc.property(recordsArb, (records) => {
        const t = ledgerTotals(records);
        const feesReceived = sum(records.filter((r) => r.kind === "FEE" && r.method !== "COMP").map((r) => r.amountCents));
        const refunds = sum(records.filter((r) => r.kind === "REFUND").map((r) => r.amountCents));
        expect(t.collectedCents).toBe(feesReceived - refunds);
        expect(t.chargesCents).toBe(sum(records.filter((r) => r.kind === "CHARGE").map((r) => r.amountCents)));
      }),
    );
  });

  it("cancels a record and its reversal to the cent", () => {
    fc.assert(
      fc.property(recordsArb, (records) => {
        const reversed = records.map((r) => ({ ...r, id: r.id + 1000, amountCents: -r.amountCents, reversesId: r.id }));
        const t = ledgerTotals([...records, ...reversed]);
        expect(t.collectedCents).toBe(0);
        expect(t.feesTotalCents).toBe(0);
        expect(t.refundsCents).toBe(0);
      }),
    );
  });
});

const cents = fc.integer({ min: 0, max: 50_000 });
const lineArb = fc.record({
  entryId: fc.uuid(),
  classId: fc.constant("c"),
  riderName: fc.constant("R"),
  horseName: fc.constant("H"),
  backNumber: fc.constant(null),
  feeCents: cents,
  dueCents: cents,
  scratched: fc.boolean(),
  paid: fc.boolean(),
  paidMethod: fc.constant(null),
  paidReference: fc.constant(null),
  payments: fc.record({ CASH: cents, CHECK: cents, CARD: cents, ONLINE: cents, COMP: cents, NOT_SAID: cents }),
  refundsPaidCents: cents,
  lateFeesCents: cents,
});

describe("the pot", () => {
  it("never counts charges or late fees", () => {
    fc.assert(
      fc.property(
        fc.record({ entryFeeCents: cents, addedMoneyCents: cents, producerSharePercent: fc.integer({ min: 0, max: 100 }), potEntryCount: fc.integer({ min: 0, max: 200 }) }),
        fc.array(lineArb, { maxLength: 20 }),
        cents,
        cents,
        (rules, lines, charges, late) => {
          const cls: BookClass = { classId: "c", name: "Open", ...rules, paidOutCents: 0, published: false };
          const plain = eventBooks([cls], lines as BookLine[], 0);
          const more = eventBooks([cls], (lines as BookLine[]).map((l) => ({ ...l, lateFeesCents: l.lateFeesCents + late })), charges);
          expect(more.totals.potCents).toBe(plain.totals.potCents);
          expect(more.totals.potCents).toBe(potCents(cls, rules.potEntryCount));
          expect(more.totals.jackpot).toEqual(plain.totals.jackpot);
          expect(more.totals.chargesCents).toBe(charges);
        },
      ),
    );
  });

  it("says the jackpot's share, and warns under 80% (70% with $1,000 added)", () => {
    const b = (share: number, added: number) => classBooks({ classId: "c", name: "O", entryFeeCents: 10_000, addedMoneyCents: added, producerSharePercent: share, potEntryCount: 10, paidOutCents: 0, published: false }, []);
    expect(jackpotShare([b(20, 0)])).toEqual({ percent: 80, minimumPercent: 80, below: false });
    expect(jackpotShare([b(21, 0)])).toEqual({ percent: 79, minimumPercent: 80, below: true });
    expect(jackpotShare([b(25, 100_000)])).toEqual({ percent: 75, minimumPercent: 70, below: false });
    expect(jackpotShare([b(31, 100_000)]).below).toBe(true);
    expect(jackpotShare([]).percent).toBeNull();
  });

  it("states the showbill's share before any entry: the same as the books would with every class entered alike", () => {
    const klass = fc.record({ entryFeeCents: fc.integer({ min: 0, max: 100_000 }), addedMoneyCents: fc.integer({ min: 0, max: 500_000 }), producerSharePercent: fc.integer({ min: 0, max: 100 }) });
    fc.assert(
      fc.property(fc.array(klass, { maxLength: 6 }), (classes) => {
        const stated = showbillJackpotShare(classes);
        const priced = classes.filter((c) => c.entryFeeCents > 0);
        if (!priced.length) expect(stated).toBeNull();
        else expect(stated).toEqual(jackpotShare(priced.map((c) => classBooks({ classId: "c", name: "O", ...c, potEntryCount: 1, paidOutCents: 0, published: false }, []))));
      }),
    );
    expect(showbillJackpotShare([{ entryFeeCents: 5000, addedMoneyCents: 0, producerSharePercent: 25 }])).toEqual({ percent: 75, minimumPercent: 80, below: true });
    expect(showbillJackpotShare([{ entryFeeCents: 5000, addedMoneyCents: 250_000, producerSharePercent: 25 }])).toEqual({ percent: 75, minimumPercent: 70, below: false });
  });
});

describe("the scratch rule", () => {
  const policyArb = fc.record({
    beforeDraw: fc.constantFrom("FULL" as const, "LESS_FEE" as const),
    scratchOfficeFeeCents: cents,
    afterDrawPercent: fc.integer({ min: 0, max: 100 }),
    turnOutOwes: fc.boolean(),
  });

  it("keeps no more than the fee, refunds the rest, and never puts a scratch's fee in the pot", () => {
    fc.assert(
      fc.property(policyArb, cents, fc.constantFrom("BEFORE_DRAW" as const, "AFTER_DRAW" as const, "TURN_OUT" as const), (policy: ScratchPolicy, fee, when) => {
        const r = scratchRule(policy, fee, when);
        expect(r.owesCents).toBeGreaterThanOrEqual(0);
        expect(r.owesCents).toBeLessThanOrEqual(fee);
        expect(r.owesCents + r.refundCents).toBe(fee);
        expect(r.inPot).toBe(false);
        expect(offeredRefund(policy, fee, when, fee)).toBe(r.refundCents);
        expect(offeredRefund(policy, fee, when, 0)).toBe(0);
      }),
    );
  });

  it("refunds in full before the draw, less the office fee, a stated part after it, none to a turn-out", () => {
    const policy: ScratchPolicy = { beforeDraw: "LESS_FEE", scratchOfficeFeeCents: 1000, afterDrawPercent: 50, turnOutOwes: true };
    expect(scratchRule({ ...policy, beforeDraw: "FULL" }, 5000, "BEFORE_DRAW").refundCents).toBe(5000);
    expect(scratchRule(policy, 5000, "BEFORE_DRAW").refundCents).toBe(4000);
    expect(scratchRule(policy, 5000, "AFTER_DRAW").refundCents).toBe(2500);
    expect(scratchRule(policy, 5000, "TURN_OUT")).toMatchObject({ owesCents: 5000, refundCents: 0 });
  });

  it("leaves a fee paid before a change as it was: the entry shows what it owes or is owed", () => {
    fc.assert(
      fc.property(cents, cents, (paidAt, feeNow) => {
        const b = entryBalance(feeNow, [{ kind: "FEE", amountCents: paidAt }]);
        expect(b.paidCents).toBe(paidAt);
        expect(b.balanceCents).toBe(feeNow - paidAt);
      }),
    );
  });
});
