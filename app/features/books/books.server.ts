import { asc, eq } from "drizzle-orm";
import { raceClasses, raceEntries, type Event, type MoneyRecord, type RaceClass, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { tableRows } from "~/lib/prepared.server";
import { requireRaceManager } from "~/features/raceday/access.server";
import { RUNNING_ORDER } from "~/features/raceday/race-runs.server";
import { computeClass } from "~/features/raceday/results.server";
import { balanceOf, closeOut, emptyPaid, eventBooks, netPaidOf, type BookClass, type BookLine, type ClassBooks, type EventBooks } from "./books";
import { closeOutDay } from "./ledger";
import { boothScratches, entryDue, eventRecords, feeOf, groupByEntry, moneyRules, presentCloseouts, toLine } from "./ledger.server";
import { publishedPayouts } from "./payees.server";
import { csvDollars, toCsv } from "./csv";
import { methodLabel } from "./labels";

/*
 * The books of an event, read for its producer (or an admin): its classes'
 * money rules, every entry with its fee and how it was paid, and what each
 * class's results pay. The sums are made by the pure module (books.ts); this
 * module only reads. A published class pays what its published results say;
 * one not published yet, what the producer's review computes now.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

/** The pot's entry count and what the placings pay, per class: published results through the one seam that reads them (publishedPayouts). */
function classMoney(db: Db, cls: RaceClass, published: ReturnType<typeof publishedPayouts>): Pick<BookClass, "potEntryCount" | "paidOutCents" | "published"> {
  if (cls.resultsPublishedAt) {
    const paid = published(cls.id);
    return { potEntryCount: paid.counted, paidOutCents: paid.paidCents, published: true };
  }
  const { results } = computeClass(db, cls);
  return { potEntryCount: results.entryCount, paidOutCents: results.paidCents, published: false };
}

/** Every entry of the event with what it should pay and what the ledger holds for it, class by class in running order. */
function bookLines(db: Db, eventId: string, classes: RaceClass[], records: MoneyRecord[]): BookLine[] {
  const byId = new Map(classes.map((c) => [c.id, c]));
  const position = new Map(classes.map((c, i) => [c.id, i]));
  const rules = moneyRules(db, eventId);
  const booth = boothScratches(db, eventId);
  const mine = groupByEntry(records);
  return tableRows(db, raceEntries, `event_id = ? ${RUNNING_ORDER}`, [eventId])
    .sort((a, b) => (position.get(a.classId) ?? 0) - (position.get(b.classId) ?? 0))
    .flatMap((e) => {
      const cls = byId.get(e.classId);
      if (!cls) return [];
      const due = entryDue(cls, e, rules, booth.has(e.id));
      const payments = emptyPaid();
      let refundsPaidCents = 0;
      let lateFeesCents = 0;
      for (const r of mine.get(e.id) ?? []) {
        if (r.kind === "FEE") payments[r.method ?? "NOT_SAID"] += r.amountCents;
        else if (r.kind === "COMP") payments.COMP += r.amountCents;
        else if (r.kind === "REFUND") refundsPaidCents += r.amountCents;
        else if (r.kind === "LATE_FEE") lateFeesCents += r.amountCents;
      }
      return [
        {
          entryId: e.id,
          classId: e.classId,
          riderName: e.riderName,
          horseName: e.horseName,
          backNumber: e.backNumber,
          feeCents: feeOf(cls, e),
          dueCents: due.feeCents + due.lateFeeCents,
          scratched: e.status === "SCRATCHED" || due.when !== null,
          paid: e.paid,
          paidMethod: e.paidMethod,
          paidReference: e.paidReference,
          payments,
          refundsPaidCents,
          lateFeesCents,
          exhibition: e.exhibition,
        },
      ];
    });
}

export type BooksOf = { event: Pick<Event, "id" | "name" | "date" | "endDate" | "location">; books: EventBooks; lines: BookLine[]; classNames: Map<string, string>; records: MoneyRecord[] };

/** The books of an event: 404 when hidden, 403 for anyone but its producer and admins (named timers included). */
export function booksOf(db: Db, viewer: Viewer, eventId: string): BooksOf {
  const event = requireRaceManager(db, viewer, eventId);
  const classes = db.select().from(raceClasses).where(eq(raceClasses.eventId, event.id)).orderBy(asc(raceClasses.position), asc(raceClasses.createdAt)).all();
  const published = publishedPayouts(db, event.id);
  const bookClasses: BookClass[] = classes.map((c) => ({
    classId: c.id,
    name: c.name,
    entryFeeCents: c.entryFeeCents,
    addedMoneyCents: c.addedMoneyCents,
    producerSharePercent: c.producerSharePercent,
    ...classMoney(db, c, published),
  }));
  const records = eventRecords(db, event.id);
  const lines = bookLines(db, event.id, classes, records);
  const charges = records.filter((r) => r.kind === "CHARGE").reduce((sum, r) => sum + r.amountCents, 0);
  return {
    event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location },
    books: eventBooks(bookClasses, lines, charges),
    lines,
    classNames: new Map(classes.map((c) => [c.id, c.name])),
    records,
  };
}

/** An unpaid (or refundable) entry as the answer lists it: who, not their account. */
const presentLine = (l: BookLine) => ({
  entryId: l.entryId,
  classId: l.classId,
  backNumber: l.backNumber,
  riderName: l.riderName,
  horseName: l.horseName,
  feeCents: l.feeCents,
  scratched: l.scratched,
  paid: l.paid,
  paidMethod: l.paidMethod,
  paidReference: l.paidReference,
  dueCents: l.dueCents,
  paidNetCents: netPaidOf(l),
  balanceCents: balanceOf(l),
});

function presentClassBooks(b: Omit<ClassBooks, "classId" | "className">) {
  return {
    published: b.published,
    entries: b.entries,
    feesDueCents: b.feesDueCents,
    paidCents: b.paidCents,
    paidTotalCents: b.paidTotalCents,
    collectedCents: b.collectedCents,
    unpaidCents: b.unpaidCents,
    unpaid: b.unpaid.map(presentLine),
    refundCents: b.refundCents,
    refunds: b.refunds.map(presentLine),
    refundsCents: b.refundsCents,
    lateFeesCents: b.lateFeesCents,
    producerShareCents: b.producerShareCents,
    addedMoneyCents: b.addedMoneyCents,
    potCents: b.potCents,
    paidOutCents: b.paidOutCents,
    paidOutDifferenceCents: b.paidOutDifferenceCents,
  };
}

/** GET /api/events/{id}/books: per class and for the event, with the close-out sheet's figures. */
export function presentBooks({ event, books, lines, classNames, records }: BooksOf) {
  const t = books.totals;
  // Looked up once, not per record: an event of thousands of records stays linear.
  const reversed = new Set(records.map((r) => r.reversesId).filter((id) => id !== null));
  const lineOf = new Map(lines.map((l) => [l.entryId, l]));
  return {
    event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location },
    classes: books.classes.map((b) => ({ classId: b.classId, className: b.className, ...presentClassBooks(b) })),
    totals: { ...presentClassBooks(t), chargesCents: t.chargesCents },
    refundsCents: t.refundsCents,
    lateFeesCents: t.lateFeesCents,
    chargesCents: t.chargesCents,
    jackpotSharePercent: t.jackpot.percent,
    jackpotMinimumPercent: t.jackpot.minimumPercent,
    jackpotBelowMinimum: t.jackpot.below,
    // Every record of every day, by who took it: each secretary's box.
    byTaker: closeOutDay(
      records.map((r) => ({ ...toLine(r), day: "all" })),
      "all",
    ).byTaker,
    closeOut: {
      ...closeOut(books),
      // The checks the office took for fees, to deposit: each with its number.
      checksReceived: records
        .filter((r) => r.method === "CHECK" && r.entryId && (r.kind === "FEE" || r.kind === "LATE_FEE") && r.reversesId === null && !reversed.has(r.id))
        .map((r) => {
          const l = lineOf.get(r.entryId!);
          return { entryId: r.entryId!, className: classNames.get(r.classId ?? "") ?? "", riderName: l?.riderName ?? r.payeeName ?? "", horseName: l?.horseName ?? "", number: r.reference, feeCents: r.amountCents };
        }),
    },
  };
}
export type BooksView = ReturnType<typeof presentBooks>;


/** GET /api/events/{id}/books.csv: every entry, one line each, with its fee and how it was paid. */
export function booksCsv({ lines, classNames }: BooksOf) {
  const rows: (string | number | null)[][] = [["Class", "Back number", "Rider", "Horse", "Status", "Fee", "Paid", "Paid by", "Reference", "Exhibition"]];
  for (const l of lines) {
    rows.push([
      classNames.get(l.classId) ?? "",
      l.backNumber,
      l.riderName,
      l.horseName,
      l.scratched ? "Scratched" : "Entered",
      csvDollars(l.feeCents),
      balanceOf(l) <= 0 ? "Yes" : "No",
      l.paid ? methodLabel(l.paidMethod ?? "NOT_SAID") : "",
      l.paidReference,
      l.exhibition ? "Yes" : "No",
    ]);
  }
  return toCsv(rows);
}

/** GET /api/events/{id}/closeouts: each day's close-out by taker, with the checks to write and the producer's share. */
export const eventCloseouts = (db: Db, viewer: Viewer, eventId: string) => closeoutsOf(db, booksOf(db, viewer, eventId));

/** The close-outs from books already read (the books screen shows both): their records, not a second reading. */
export function closeoutsOf(db: Db, of: BooksOf) {
  const checksWritten = of.records.filter((r) => r.kind.startsWith("CHECK_")).reduce((sum, r) => sum + r.amountCents, 0);
  return presentCloseouts(db, of.event.id, of.records, { checksToWriteCents: Math.max(0, of.books.totals.paidOutCents - checksWritten), producerShareCents: of.books.totals.producerShareCents });
}
