import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAID_METHODS } from "../../db/schema/paid-methods";
import { classBooks, closeOut, eventBooks, PAID_KEYS, potVersusPaid, producerShareCents, type BookClass, type BookLine } from "../../app/features/books/books";
import { applyOverrides, computeResults, defaultPayout, potCents, type Run } from "../../app/features/raceday/results";

/** The books' arithmetic (app/features/books/books.ts): totals are sums of lines, overrides are reflected. */

const cents = fc.integer({ min: 0, max: 500_000 });
const classArb = (i: number) =>
  fc.record({
    classId: fc.constant(`c${i}`),
    name: fc.constant(`Class ${i}`),
    entryFeeCents: cents,
    addedMoneyCents: cents,
    producerSharePercent: fc.integer({ min: 0, max: 100 }),
    potEntryCount: fc.integer({ min: 0, max: 300 }),
    paidOutCents: fc.integer({ min: 0, max: 5_000_000 }),
    published: fc.boolean(),
  });
const lineArb = (classIds: string[]) =>
  fc.record({
    entryId: fc.uuid(),
    classId: fc.constantFrom(...classIds),
    riderName: fc.string({ maxLength: 8 }),
    horseName: fc.string({ maxLength: 8 }),
    backNumber: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
    feeCents: cents,
    dueCents: cents,
    scratched: fc.boolean(),
    paid: fc.boolean(),
    paidMethod: fc.option(fc.constantFrom(...PAID_METHODS), { nil: null }),
    paidReference: fc.constant(null),
    payments: fc.record({ CASH: cents, CHECK: cents, CARD: cents, ONLINE: cents, COMP: cents, NOT_SAID: cents }),
    refundsPaidCents: cents,
    lateFeesCents: cents,
  });
const booksArb = fc.integer({ min: 1, max: 5 }).chain((n) =>
  fc.tuple(fc.tuple(...Array.from({ length: n }, (_, i) => classArb(i))), fc.array(lineArb(Array.from({ length: n }, (_, i) => `c${i}`)), { maxLength: 60 })),
);

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("the books", () => {
  it("adds every class's totals from its lines, to the cent", () => {
    fc.assert(
      fc.property(booksArb, ([classes, lines]) => {
        const books = eventBooks(classes as BookClass[], lines as BookLine[]);
        for (const b of books.classes) {
          const mine = lines.filter((l) => l.classId === b.classId);
          const entered = mine.filter((l) => !l.scratched);
          const net = (l: (typeof mine)[number]) => sum(PAID_KEYS.map((k) => l.payments[k])) + l.lateFeesCents - l.refundsPaidCents;
          expect(b.entries).toBe(entered.length);
          expect(b.feesDueCents).toBe(sum(mine.map((l) => l.dueCents)));
          expect(b.unpaidCents).toBe(sum(mine.map((l) => Math.max(0, l.dueCents - net(l)))));
          expect(b.unpaid.map((l) => l.entryId)).toEqual(mine.filter((l) => l.dueCents > net(l)).map((l) => l.entryId));
          expect(b.refundCents).toBe(sum(mine.map((l) => Math.max(0, net(l) - l.dueCents))));
          for (const k of PAID_KEYS) expect(b.paidCents[k]).toBe(sum(mine.map((l) => l.payments[k])));
          expect(b.paidTotalCents).toBe(sum(PAID_KEYS.map((k) => b.paidCents[k])));
          // Due is what came in (net), plus what is still owed, less what is owed back.
          expect(b.feesDueCents).toBe(sum(mine.map(net)) + b.unpaidCents - b.refundCents);
          expect(b.collectedCents).toBe(b.paidTotalCents - b.paidCents.COMP - b.refundsCents);
        }
      }),
    );
  });

  it("makes the event's totals the sums of its classes'", () => {
    fc.assert(
      fc.property(booksArb, ([classes, lines]) => {
        const { classes: books, totals } = eventBooks(classes as BookClass[], lines as BookLine[]);
        for (const key of ["entries", "feesDueCents", "paidTotalCents", "collectedCents", "unpaidCents", "refundCents", "refundsCents", "lateFeesCents", "producerShareCents", "addedMoneyCents", "potCents", "paidOutCents", "paidOutDifferenceCents"] as const) {
          expect(totals[key], key).toBe(sum(books.map((b) => b[key])));
        }
        for (const k of PAID_KEYS) expect(totals.paidCents[k]).toBe(sum(books.map((b) => b.paidCents[k])));
        expect(totals.unpaid).toHaveLength(sum(books.map((b) => b.unpaid.length)));
        const close = closeOut({ classes: books, totals });
        expect(close.cashCents + close.checksReceivedCents + close.cardCents + close.onlineCents + close.notSaidCents - close.refundCents).toBe(totals.collectedCents);
        expect(close.netToProducerCents).toBe(totals.collectedCents - totals.paidOutCents);
      }),
    );
  });

  it("splits a class's fees into the producer's share and the pot, with the added money", () => {
    fc.assert(
      fc.property(classArb(0), (cls) => {
        const b = classBooks(cls, []);
        expect(b.potCents).toBe(potCents(cls, cls.potEntryCount));
        expect(b.producerShareCents + b.potCents).toBe(cls.entryFeeCents * cls.potEntryCount + cls.addedMoneyCents);
        expect(b.producerShareCents).toBeGreaterThanOrEqual(0);
        expect(b.paidOutDifferenceCents).toBe(cls.paidOutCents - b.potCents);
      }),
    );
    // 9 entries at $50, 20%: $90 kept, $360 + $100 added in the pot.
    expect(producerShareCents({ entryFeeCents: 5000, addedMoneyCents: 10000, producerSharePercent: 20 }, 9)).toBe(9000);
  });

  it("reflects the producer's overrides: paid out is what the placings pay after them, beside the pot", () => {
    const runArb = fc.array(
      fc.record({ outcome: fc.constantFrom("TIME" as const, "TIME" as const, "NT" as const), timeMs: fc.integer({ min: 14_000, max: 18_000 }), penalties: fc.integer({ min: 0, max: 1 }) }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(runArb, cents, fc.array(fc.tuple(fc.nat(29), fc.integer({ min: 0, max: 200_000 })), { maxLength: 4 }), (raw, fee, overrideList) => {
        const runs: Run[] = raw.map((r, i) => ({ entryId: `e${i}`, ...r }));
        const rules = { entryFeeCents: fee, addedMoneyCents: 0, producerSharePercent: 20, divisions: 4, splitMs: [500], payout: defaultPayout(4) };
        const computed = computeResults(rules, runs);
        const overrides = overrideList.map(([i, amountCents]) => ({ entryId: `e${i % runs.length}`, amountCents }));
        const results = applyOverrides(computed, overrides);
        const placings = results.divisions.flatMap((d) => d.places);
        const cls: BookClass = { classId: "c", name: "Open", ...rules, potEntryCount: results.entryCount, paidOutCents: sum(placings.map((p) => p.payoutCents)), published: true };
        const b = classBooks(cls, []);
        expect(b.potCents).toBe(computed.potCents);
        expect(b.paidOutCents).toBe(results.paidCents);
        const placedOverrides = new Map(overrides.filter((o) => placings.some((p) => p.entryId === o.entryId)).map((o) => [o.entryId, o.amountCents]));
        if (placedOverrides.size === 0 && placings.length) expect(b.paidOutDifferenceCents).toBe(0);
        const pv = potVersusPaid(b.potCents, b.paidOutCents);
        expect(pv.differenceCents).toBe(b.paidOutDifferenceCents);
        expect(pv.matches).toBe(b.paidOutCents === b.potCents);
      }),
    );
  });

  it("shows $820.00 pot and $821.44 paid as 1.44 over", () => {
    expect(potVersusPaid(82000, 82144)).toEqual({ potCents: 82000, paidOutCents: 82144, differenceCents: 144, matches: false, nothingPaid: false });
  });
});

describe("payees", () => {
  it("totals each payee's lines, and all payees together total every line", async () => {
    const { payeeTotals } = await import("../../app/features/books/books");
    fc.assert(
      fc.property(fc.array(fc.record({ payeeKey: fc.constantFrom("u-a", "u-b", "w-c", "w-d"), payeeName: fc.string({ maxLength: 5 }), amountCents: fc.integer({ min: 1, max: 1_000_000 }) }), { maxLength: 50 }), (lines) => {
        const payees = payeeTotals(lines);
        expect(new Set(payees.map((p) => p.payeeKey)).size).toBe(payees.length);
        for (const p of payees) {
          expect(p.totalCents).toBe(sum(lines.filter((l) => l.payeeKey === p.payeeKey).map((l) => l.amountCents)));
          expect(p.lines.every((l) => l.payeeKey === p.payeeKey)).toBe(true);
        }
        expect(sum(payees.map((p) => p.totalCents))).toBe(sum(lines.map((l) => l.amountCents)));
      }),
    );
  });

  it("marks a tax form due at the threshold, not a cent below", async () => {
    const { taxFormDue, DEFAULT_TAX_FORM_THRESHOLD_CENTS } = await import("../../app/features/books/books");
    expect(taxFormDue(59_999, DEFAULT_TAX_FORM_THRESHOLD_CENTS)).toBe(false);
    expect(taxFormDue(60_000, DEFAULT_TAX_FORM_THRESHOLD_CENTS)).toBe(true);
    fc.assert(fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (total, threshold) => taxFormDue(total, threshold) === total >= threshold));
  });

  it("compares a written check with what is owed now", async () => {
    const { checkStanding } = await import("../../app/features/books/books");
    expect(checkStanding(5000, null)).toEqual({ status: "TO_WRITE", differenceCents: 5000 });
    expect(checkStanding(0, null)).toEqual({ status: "NOTHING_OWED", differenceCents: 0 });
    expect(checkStanding(5000, { amountCents: 5000 })).toEqual({ status: "WRITTEN", differenceCents: 0 });
    expect(checkStanding(5144, { amountCents: 5000 })).toEqual({ status: "DIFFERS", differenceCents: 144 });
  });
});

describe("paid out of a results view", () => {
  it("is the sum of every placing's amount", async () => {
    const { paidOutOfPlaces } = await import("../../app/features/books/books");
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(1_000_000), { maxLength: 8 }), { maxLength: 6 }), (divs) => {
        expect(paidOutOfPlaces(divs.map((d) => ({ places: d.map((payoutCents) => ({ payoutCents })) })))).toBe(sum(divs.flat()));
      }),
    );
  });
});
