import { asc, eq, sql } from "drizzle-orm";
import { raceClasses, raceEntries, raceResults, type Event, type RaceClass, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { requireRaceManager } from "~/features/raceday/access.server";
import { computeClass } from "~/features/raceday/results.server";
import { closeOut, eventBooks, type BookClass, type BookLine, type ClassBooks, type EventBooks } from "./books";
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

/** The pot's entry count and what the placings pay, per class. */
function classMoney(db: Db, cls: RaceClass): Pick<BookClass, "potEntryCount" | "paidOutCents" | "published"> {
  if (cls.resultsPublishedAt) {
    const row = db
      .select({
        counted: sql<number>`coalesce(sum(case when ${raceResults.outcome} <> 'SCRATCH' then 1 else 0 end), 0)`,
        paid: sql<number>`coalesce(sum(${raceResults.payoutCents}), 0)`,
      })
      .from(raceResults)
      .where(eq(raceResults.classId, cls.id))
      .get();
    return { potEntryCount: row?.counted ?? 0, paidOutCents: row?.paid ?? 0, published: true };
  }
  const { results } = computeClass(db, cls);
  return { potEntryCount: results.entryCount, paidOutCents: results.paidCents, published: false };
}

/** Every entry of the event with its class's fee, class by class in running order. */
function bookLines(db: Db, eventId: string, classes: RaceClass[]): BookLine[] {
  const fee = new Map(classes.map((c) => [c.id, c.entryFeeCents]));
  const position = new Map(classes.map((c, i) => [c.id, i]));
  return db
    .select()
    .from(raceEntries)
    .where(eq(raceEntries.eventId, eventId))
    .orderBy(sql`${raceEntries.drawPosition} IS NULL`, asc(raceEntries.drawPosition), asc(raceEntries.createdAt), asc(raceEntries.id))
    .all()
    .sort((a, b) => (position.get(a.classId) ?? 0) - (position.get(b.classId) ?? 0))
    .map((e) => ({
      entryId: e.id,
      classId: e.classId,
      riderName: e.riderName,
      horseName: e.horseName,
      backNumber: e.backNumber,
      feeCents: fee.get(e.classId) ?? 0,
      scratched: e.status === "SCRATCHED",
      paid: e.paid,
      paidMethod: e.paidMethod,
      paidReference: e.paidReference,
      exhibition: e.exhibition,
    }));
}

export type BooksOf = { event: Pick<Event, "id" | "name" | "date" | "endDate" | "location">; books: EventBooks; lines: BookLine[]; classNames: Map<string, string> };

/** The books of an event: 404 when hidden, 403 for anyone but its producer and admins (named timers included). */
export function booksOf(db: Db, viewer: Viewer, eventId: string): BooksOf {
  const event = requireRaceManager(db, viewer, eventId);
  const classes = db.select().from(raceClasses).where(eq(raceClasses.eventId, event.id)).orderBy(asc(raceClasses.position), asc(raceClasses.createdAt)).all();
  const bookClasses: BookClass[] = classes.map((c) => ({
    classId: c.id,
    name: c.name,
    entryFeeCents: c.entryFeeCents,
    addedMoneyCents: c.addedMoneyCents,
    producerSharePercent: c.producerSharePercent,
    ...classMoney(db, c),
  }));
  const lines = bookLines(db, event.id, classes);
  return {
    event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location },
    books: eventBooks(bookClasses, lines),
    lines,
    classNames: new Map(classes.map((c) => [c.id, c.name])),
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
    producerShareCents: b.producerShareCents,
    addedMoneyCents: b.addedMoneyCents,
    potCents: b.potCents,
    paidOutCents: b.paidOutCents,
    paidOutDifferenceCents: b.paidOutDifferenceCents,
  };
}

/** GET /api/events/{id}/books: per class and for the event, with the close-out sheet's figures. */
export function presentBooks({ event, books, lines, classNames }: BooksOf) {
  return {
    event: { id: event.id, name: event.name, date: event.date, endDate: event.endDate, location: event.location },
    classes: books.classes.map((b) => ({ classId: b.classId, className: b.className, ...presentClassBooks(b) })),
    totals: presentClassBooks(books.totals),
    closeOut: {
      ...closeOut(books),
      // The checks the office took for fees, to deposit: each with its number.
      checksReceived: lines
        .filter((l) => l.paid && l.paidMethod === "CHECK")
        .map((l) => ({ entryId: l.entryId, className: classNames.get(l.classId) ?? "", riderName: l.riderName, horseName: l.horseName, number: l.paidReference, feeCents: l.feeCents })),
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
      l.paid ? "Yes" : "No",
      l.paid ? methodLabel(l.paidMethod ?? "NOT_SAID") : "",
      l.paidReference,
      l.exhibition ? "Yes" : "No",
    ]);
  }
  return toCsv(rows);
}
