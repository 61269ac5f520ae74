import { and, asc, desc, eq, inArray, isNull, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { raceClasses, raceEntries, raceHistory, type RaceEntry, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { ENTRY_BULK_MAX, ENTRY_TABLE_PAGE, HUB_TABLE_MESSAGES as M, type EntryTableQuery } from "~/schemas/hubTable";
import { raceEntryPatchSchema, RACE_MESSAGES } from "~/schemas/raceday";
import { requireEventPermission } from "./access.server";
import { findEntry, recordPaymentChange, updateEntry } from "./entries.server";
import { listClassEntries, sameHorse } from "./race-runs.server";
import { entryBalances, turnOutsOwed, type RecordContext } from "~/features/books/ledger.server";

/*
 * The office's entries table: one page of an event's entries, filtered and
 * sorted in SQL, so a 2,000-entry event costs the hub one page of rows, not
 * all of them. Marking several entries paid is one statement (all or none),
 * and a scratch or a move recorded in the history can be undone from it.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(eventId: string, query: EntryTableQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(raceEntries.eventId, eventId)];
  if (query.class) conditions.push(eq(raceEntries.classId, query.class));
  switch (query.show) {
    case "unpaid":
      conditions.push(eq(raceEntries.paid, false), eq(raceEntries.status, "ENTERED"));
      break;
    case "paid":
      conditions.push(eq(raceEntries.paid, true));
      break;
    case "entered":
      conditions.push(eq(raceEntries.status, "ENTERED"));
      break;
    case "scratched":
      conditions.push(eq(raceEntries.status, "SCRATCHED"));
      break;
    case "late":
      conditions.push(eq(raceEntries.late, true));
      break;
    case "walkup":
      conditions.push(isNull(raceEntries.userId));
      break;
  }
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const byName = or(sql`${raceEntries.riderName} LIKE ${pattern} ESCAPE '\\'`, sql`${raceEntries.horseName} LIKE ${pattern} ESCAPE '\\'`);
    const back = /^#?\d{1,6}$/.test(query.q) ? Number(query.q.replace("#", "")) : null;
    conditions.push(back !== null ? or(eq(raceEntries.backNumber, back), byName) : byName);
  }
  return and(...conditions)!;
}

function orderOf(sort: EntryTableQuery["sort"]): SQL[] {
  const running = [asc(raceClasses.position), asc(raceClasses.name), sql`${raceEntries.drawPosition} IS NULL`, asc(raceEntries.drawPosition), asc(raceEntries.createdAt), asc(raceEntries.id)];
  switch (sort) {
    case "back":
      return [sql`${raceEntries.backNumber} IS NULL`, asc(raceEntries.backNumber), ...running];
    case "rider":
      return [sql`${raceEntries.riderName} COLLATE NOCASE`, sql`${raceEntries.horseName} COLLATE NOCASE`, ...running];
    case "horse":
      return [sql`${raceEntries.horseName} COLLATE NOCASE`, sql`${raceEntries.riderName} COLLATE NOCASE`, ...running];
    case "class":
      return [asc(raceClasses.name), ...running];
    case "paid":
      return [asc(raceEntries.paid), desc(sql`${raceEntries.status} = 'ENTERED'`), ...running];
    default:
      return running;
  }
}

/** The columns of a table row: the office sees payment and status, never an account id. */
const ROW = {
  id: raceEntries.id,
  classId: raceEntries.classId,
  className: raceClasses.name,
  drawPublished: isNotNull(raceClasses.drawPublishedAt),
  resultsPublished: isNotNull(raceClasses.resultsPublishedAt),
  drawPosition: raceEntries.drawPosition,
  backNumber: raceEntries.backNumber,
  riderName: raceEntries.riderName,
  horseName: raceEntries.horseName,
  paid: raceEntries.paid,
  paidMethod: raceEntries.paidMethod,
  paidReference: raceEntries.paidReference,
  scratched: sql<boolean>`${raceEntries.status} = 'SCRATCHED'`.mapWith(Boolean),
  late: raceEntries.late,
  walkUp: isNull(raceEntries.userId),
};

/** One page of the event's entries as the office's table shows them, with the count of all that match. */
export function entryTablePage(db: Db, viewer: User, eventId: string, query: EntryTableQuery) {
  const where = whereOf(eventId, query);
  const total = db.select({ n: sql<number>`count(*)` }).from(raceEntries).where(where).get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ENTRY_TABLE_PAGE));
  const page = Math.min(query.page, pages);
  const rows = db
    .select(ROW)
    .from(raceEntries)
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(where)
    .orderBy(...orderOf(query.sort))
    .limit(ENTRY_TABLE_PAGE)
    .offset((page - 1) * ENTRY_TABLE_PAGE)
    .all();
  return { rows: withTurnOuts(db, viewer, eventId, rows), total, page, pages, pageSize: ENTRY_TABLE_PAGE };
}

/** Each row with the turn-outs its rider still owes at the association's other races: the office decides. */
function withTurnOuts<R extends { id: string }>(db: Db, viewer: User, eventId: string, rows: R[]) {
  const accounts = rows.length
    ? db
        .select({ id: raceEntries.id, userId: raceEntries.userId })
        .from(raceEntries)
        .where(inArray(raceEntries.id, rows.map((r) => r.id)))
        .all()
    : [];
  const userOf = new Map(accounts.map((a) => [a.id, a.userId]));
  const owed = turnOutsOwed(db, viewer, eventId, accounts.flatMap((a) => (a.userId ? [a.userId] : [])));
  return rows.map((r) => ({ ...r, turnOutsOwed: owed.get(userOf.get(r.id) ?? "") ?? [] }));
}
export type EntryTableRow = ReturnType<typeof entryTablePage>["rows"][number];

/** The one entry the table opens for its actions (on a phone, one entry at a time), when it is in the event. */
export function entryTableOne(db: Db, viewer: User, eventId: string, entryId: string) {
  if (!entryId) return null;
  const row = db
    .select(ROW)
    .from(raceEntries)
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(and(eq(raceEntries.eventId, eventId), eq(raceEntries.id, entryId)))
    .get();
  if (!row) return null;
  const [shown] = withTurnOuts(db, viewer, eventId, [row]);
  const entry = findEntry(db, eventId, entryId)!;
  // What it owes or is owed back now, under the event's scratch policy: the office settles it here.
  const b = entryBalances(db, eventId, [entry]).get(entry.id);
  const money = b ? { dueCents: b.dueCents, netCents: b.netCents, balanceCents: b.balanceCents, offeredRefundCents: b.offeredRefundCents } : null;
  return { ...shown!, sidepots: sidepotsOf(db, entry), money };
}

/** The sidepots the entry's rider and horse are entered in on this entry's runs: a move or a scratch changes them too. */
function sidepotsOf(db: Db, entry: RaceEntry) {
  const pots = db.select().from(raceClasses).where(eq(raceClasses.sidepotOf, entry.classId)).all();
  return pots.filter((pot) => listClassEntries(db, pot.id).some((e) => e.status === "ENTERED" && !e.exhibition && sameHorse(e, entry))).map((pot) => pot.name);
}

/**
 * Marks several entries of the event paid, with how: one statement, so all
 * of them are marked or (on a refusal) none. Entries of another event are
 * refused rather than skipped, so a tampered form changes nothing.
 */
export function markEntriesPaid(db: Db, user: User, eventId: string, input: { entryIds: string[]; method: string; reference?: string }, ctx: RecordContext = {}) {
  requireEventPermission(db, user, eventId, "manage");
  const ids = [...new Set(input.entryIds.filter(Boolean))];
  if (!ids.length) throw new HttpError(400, M.noneSelected, { errors: { entryId: [M.noneSelected] } });
  if (ids.length > ENTRY_BULK_MAX) throw new HttpError(400, M.tooMany, { errors: { entryId: [M.tooMany] } });
  // The same rules as one entry's payment (PATCH /api/events/{id}/entries/{entryId}): a method, a check's number.
  const parsed = raceEntryPatchSchema.pick({ paidMethod: true, paidReference: true }).safeParse({ paidMethod: input.method, paidReference: input.reference ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(400, issue.message, { errors: { [String(issue.path[0] ?? "paidMethod")]: [issue.message] } });
  }
  const { paidMethod, paidReference } = parsed.data;
  if (!paidMethod) throw new HttpError(400, RACE_MESSAGES.paidMethod, { errors: { paidMethod: [RACE_MESSAGES.paidMethod] } });
  if (paidMethod === "CHECK" && !paidReference) throw new HttpError(400, RACE_MESSAGES.checkNumber, { errors: { paidReference: [RACE_MESSAGES.checkNumber] } });
  return db.transaction(
    () => {
      const found = db.select({ id: raceEntries.id }).from(raceEntries).where(and(eq(raceEntries.eventId, eventId), inArray(raceEntries.id, ids))).all();
      if (found.length !== ids.length) throw new HttpError(404, "Some of those entries are not in this event: nothing was marked");
      const before = db.select().from(raceEntries).where(and(eq(raceEntries.eventId, eventId), inArray(raceEntries.id, ids))).all();
      const changes = db
        .update(raceEntries)
        .set({ paid: true, paidMethod, paidReference: paidReference ?? null })
        .where(and(eq(raceEntries.eventId, eventId), inArray(raceEntries.id, ids)))
        .run().changes;
      for (const entry of before) recordPaymentChange(db, user, entry, { ...entry, paid: true, paidMethod, paidReference: paidReference ?? null }, true, ctx);
      return changes;
    },
    { behavior: "immediate" },
  );
}

/** The history actions the office can undo from the history, and what undoing does. */
const UNDOABLE = new Set(["scratch", "move"]);

/**
 * Which history rows can still be undone: a scratch or a move that is the
 * latest change recorded for its entry, while the entry still stands as
 * that change left it.
 */
export function undoableHistory(db: Db, eventId: string, rows: { id: number; action: string; entryId: string | null }[]) {
  const ids = [...new Set(rows.filter((r) => r.entryId && UNDOABLE.has(r.action)).map((r) => r.entryId!))];
  if (!ids.length) return new Set<number>();
  const latest = db
    .select({ entryId: raceHistory.entryId, id: sql<number>`max(${raceHistory.id})` })
    .from(raceHistory)
    .where(and(eq(raceHistory.eventId, eventId), inArray(raceHistory.entryId, ids)))
    .groupBy(raceHistory.entryId)
    .all();
  const last = new Map(latest.map((r) => [r.entryId, r.id]));
  const entries = new Map(
    db
      .select({ id: raceEntries.id, status: raceEntries.status, classId: raceEntries.classId })
      .from(raceEntries)
      .where(inArray(raceEntries.id, ids))
      .all()
      .map((e) => [e.id, e]),
  );
  const undoable = new Set<number>();
  for (const r of rows) {
    if (!r.entryId || !UNDOABLE.has(r.action) || last.get(r.entryId) !== r.id) continue;
    const entry = entries.get(r.entryId);
    if (!entry) continue;
    if (r.action === "scratch" && entry.status === "SCRATCHED") undoable.add(r.id);
    if (r.action === "move") undoable.add(r.id);
  }
  return undoable;
}

/**
 * Undoes a scratch (the entry is back in, in its old place) or a move (the
 * entry goes back to the class it came from) recorded in the history. The
 * undo is itself a change and is recorded as one.
 */
export function undoHistory(db: Db, user: User, eventId: string, historyId: number) {
  requireEventPermission(db, user, eventId, "manage");
  const row = Number.isInteger(historyId) ? db.select().from(raceHistory).where(and(eq(raceHistory.id, historyId), eq(raceHistory.eventId, eventId))).get() : undefined;
  if (!row || !row.entryId) throw new HttpError(404, "That change is not in this event's history");
  if (!undoableHistory(db, eventId, [{ id: row.id, action: row.action, entryId: row.entryId }]).has(row.id)) throw new HttpError(409, M.undoGone);
  const entry = findEntry(db, eventId, row.entryId);
  if (!entry) throw new HttpError(404, M.undoGone);
  if (row.action === "scratch") return updateEntry(db, user, eventId, entry.id, { scratched: false });
  // A move's detail reads "<from> to <to>[ (#n)]", where <to> is the class the entry is in now.
  const classes = db.select({ id: raceClasses.id, name: raceClasses.name }).from(raceClasses).where(eq(raceClasses.eventId, eventId)).all();
  const here = classes.find((c) => c.id === entry.classId);
  const from = here ? classes.find((c) => c.id !== here.id && (row.detail ?? "").replace(/ \(#\d+\)$/, "") === `${c.name} to ${here.name}`) : undefined;
  if (!from) throw new HttpError(409, M.undoGone);
  return updateEntry(db, user, eventId, entry.id, { classId: from.id });
}
