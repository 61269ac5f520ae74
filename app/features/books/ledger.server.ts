import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  events,
  moneyCloseouts,
  moneyRecords,
  raceClasses,
  raceEntries,
  raceMoneyRules,
  raceTimes,
  users,
  type Event,
  type LedgerKind,
  type MoneyRecord,
  type PaidMethod,
  type RaceClass,
  type RaceEntry,
  type User,
} from "#db/schema";
import type { Db } from "~/lib/db.server";
import { tableRows } from "~/lib/prepared.server";
import { HttpError } from "~/lib/http.server";
import { now } from "~/lib/clock.server";
import { dateToWallClock } from "~/lib/zoned-time";
import { zoneOfZip } from "~/features/events/zones.server";
import { mayOnEvent, requireRaceManager } from "~/features/raceday/access.server";
import { payeeKeyOf } from "./payees.server";
import { describeKind, methodLabel } from "./labels";
import { formatCents } from "~/features/raceday/time";
import { formatDate, formatDayTimeIn } from "~/lib/dates";
import { closeOutDay, closeReopenedBy, DEFAULT_SCRATCH_POLICY, entryBalance, offeredRefund, scratchRule, showbillJackpotShare, standingClose, type LedgerLine, type ScratchPolicy, type ScratchWhen } from "./ledger";

/*
 * The ledger's writes and reads. A record is written in the same
 * transaction as the change that moved the money (an entry marked paid, a
 * check written, dues marked paid), never edited or deleted; a correction is
 * a reversing record with its reason. A record for a day already closed
 * reopens that day's close-out, saying which record did and why.
 */

type Viewer = Pick<User, "id" | "isAdmin">;
type Actor = Pick<User, "id"> & Partial<Pick<User, "firstName" | "lastName">>;

/** Where a record was written: the browser's own description, cut short. */
export type RecordContext = { device?: string | null };
export const deviceOf = (request: Request) => request.headers.get("user-agent")?.slice(0, 120) ?? null;

/** Today in the event's zone (the close-out's day); an association's record, in the server's. */
export const dayOf = (event: Pick<Event, "zipCode"> | null, at: Date = now()) => (event ? dateToWallClock(at, zoneOfZip(event.zipCode)).slice(0, 10) : at.toISOString().slice(0, 10));

function actorName(db: Db, actor: Actor) {
  if (actor.firstName !== undefined) return `${actor.firstName ?? ""} ${actor.lastName ?? ""}`.trim();
  const u = db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id)).get();
  return u ? `${u.firstName} ${u.lastName}`.trim() : "";
}

export type NewRecord = {
  eventId: string | null;
  kind: LedgerKind;
  amountCents: number;
  method?: PaidMethod | null;
  reference?: string | null;
  reason?: string | null;
  label?: string | null;
  entryId?: string | null;
  classId?: string | null;
  membershipId?: string | null;
  userId?: string | null;
  payeeKey?: string | null;
  payeeName?: string | null;
  reversesId?: number | null;
  day?: string;
};

/**
 * Writes one record (call it inside the transaction of the change it
 * records). A record for a day whose close-out stands reopens it.
 */
export function writeRecord(db: Db, actor: Actor | null, input: NewRecord, ctx: RecordContext = {}): MoneyRecord {
  const event = input.eventId ? (db.select({ zipCode: events.zipCode }).from(events).where(eq(events.id, input.eventId)).get() ?? null) : null;
  const day = input.day ?? dayOf(event);
  const row = db
    .insert(moneyRecords)
    .values({
      ...input,
      day,
      takenBy: actor?.id ?? null,
      takenByName: actor ? actorName(db, actor) : "",
      device: ctx.device ?? null,
      recordedAt: now(),
    })
    .returning()
    .get();
  if (input.eventId) {
    const closes = db.select().from(moneyCloseouts).where(and(eq(moneyCloseouts.eventId, input.eventId), eq(moneyCloseouts.day, day))).all();
    const reopened = closeReopenedBy(closes, row);
    if (reopened) {
      db.update(moneyCloseouts)
        .set({ reopenedAt: now(), reopenedByRecordId: row.id, reopenReason: input.reason ?? `${describeKind(row.kind)} of ${formatCents(row.amountCents)} written after the close-out` })
        .where(eq(moneyCloseouts.id, reopened.id))
        .run();
    }
  }
  return row;
}


/**
 * A membership's dues as an association's record (no event). Called where
 * the office marks dues paid; `amountCents` 0 with method COMP for waived dues.
 */
export function recordDues(
  db: Db,
  input: { membershipId: string; userId: string | null; payeeName: string; amountCents: number; method: PaidMethod | null; reference?: string | null; takenBy: Actor | null; reason?: string | null },
  ctx: RecordContext = {},
) {
  return writeRecord(
    db,
    input.takenBy,
    { eventId: null, kind: "DUES", amountCents: input.method === "COMP" ? 0 : input.amountCents, method: input.method, reference: input.reference ?? null, membershipId: input.membershipId, userId: input.userId, payeeName: input.payeeName, reason: input.reason ?? null },
    ctx,
  );
}

/** Dues marked unpaid: the membership's dues records reversed. */
export function reverseDues(db: Db, membershipId: string, actor: Actor | null, reason: string) {
  const rows = db.select().from(moneyRecords).where(eq(moneyRecords.membershipId, membershipId)).all();
  for (const r of openRecords(rows)) writeRecord(db, actor, { eventId: null, kind: r.kind, amountCents: -r.amountCents, method: r.method, reference: r.reference, membershipId, userId: r.userId, payeeName: r.payeeName, reversesId: r.id, reason });
}

/** Records not reversed and not reversals themselves. */
const openRecords = (rows: MoneyRecord[]) => {
  const reversed = new Set(rows.map((r) => r.reversesId).filter((id): id is number => id !== null));
  return rows.filter((r) => r.reversesId === null && !reversed.has(r.id));
};

/** An event's scratch policy and late fee (defaults when the office set none). */
export function moneyRules(db: Db, eventId: string): ScratchPolicy & { lateFeeCents: number } {
  const row = db.select().from(raceMoneyRules).where(eq(raceMoneyRules.eventId, eventId)).get();
  return row
    ? { beforeDraw: row.beforeDraw, scratchOfficeFeeCents: row.scratchOfficeFeeCents, afterDrawPercent: row.afterDrawPercent, turnOutOwes: row.turnOutOwes, lateFeeCents: row.lateFeeCents }
    : { ...DEFAULT_SCRATCH_POLICY, lateFeeCents: 0 };
}

/** The jackpot's share its classes give as the showbill states it (anyone who sees the event): null without priced classes. */
export function eventJackpotShare(db: Db, eventId: string) {
  const classes = db
    .select({ entryFeeCents: raceClasses.entryFeeCents, addedMoneyCents: raceClasses.addedMoneyCents, producerSharePercent: raceClasses.producerSharePercent })
    .from(raceClasses)
    .where(eq(raceClasses.eventId, eventId))
    .all();
  return showbillJackpotShare(classes);
}

/** The event's scratch policy and late fee, for its producer and admins. */
export function eventMoneyRules(db: Db, viewer: Viewer, eventId: string) {
  return moneyRules(db, requireRaceManager(db, viewer, eventId).id);
}

/**
 * Sets the event's scratch policy and late fee. What was paid stays as it
 * was recorded: only what each stopped or late entry owes from now on follows
 * the new rules (the books and the hub show it, and the office settles it).
 */
export function setMoneyRules(db: Db, viewer: Viewer, eventId: string, input: ScratchPolicy & { lateFeeCents: number }) {
  const event = requireRaceManager(db, viewer, eventId);
  db.insert(raceMoneyRules)
    .values({ eventId: event.id, ...input, updatedBy: viewer.id, updatedAt: now() })
    .onConflictDoUpdate({ target: raceMoneyRules.eventId, set: { ...input, updatedBy: viewer.id, updatedAt: now() } })
    .run();
  return moneyRules(db, event.id);
}

/** The fee an entry's class asks of it (an exhibition run pays the exhibition fee). */
export const feeOf = (cls: Pick<RaceClass, "entryFeeCents" | "exhibitionFeeCents">, entry: Pick<RaceEntry, "exhibition">) => (entry.exhibition ? cls.exhibitionFeeCents : cls.entryFeeCents);

/**
 * How a stopped entry stopped, for the scratch rule; null while it stands.
 * Scratched at the office: before or after its class's draw was published.
 * Scratched at the booth (called to the gate and not there): a turn-out.
 */
export function scratchWhen(cls: Pick<RaceClass, "drawPublishedAt">, entry: Pick<RaceEntry, "status" | "scratchedAt">, boothScratch: boolean): ScratchWhen | null {
  if (entry.status === "SCRATCHED") return cls.drawPublishedAt && entry.scratchedAt && entry.scratchedAt.getTime() >= cls.drawPublishedAt.getTime() ? "AFTER_DRAW" : "BEFORE_DRAW";
  return boothScratch ? "TURN_OUT" : null;
}

/**
 * Entries scratched at the booth: their last run not undone is a SCRATCH. A
 * run carried to another class is the run of the entry it was carried from.
 */
export function boothScratches(db: Db, eventId: string, entries?: readonly Pick<RaceEntry, "id" | "carriedFrom">[]) {
  // For one entry or a few (the hub's opened entry, a payment), their times only, not the event's.
  const ids = entries ? [...new Set(entries.map((e) => e.carriedFrom ?? e.id))] : null;
  const which = ids && ids.length <= 500 ? inArray(raceTimes.entryId, ids) : undefined;
  const rows = db
    .select({ entryId: raceTimes.entryId, outcome: raceTimes.outcome })
    .from(raceTimes)
    .where(and(eq(raceTimes.eventId, eventId), isNull(raceTimes.voidedAt), which))
    .orderBy(asc(raceTimes.recordedAt), asc(raceTimes.receivedAt))
    .all();
  const last = new Map<string, string>();
  for (const r of rows) last.set(r.entryId, r.outcome);
  const scratched = new Set([...last].filter(([, o]) => o === "SCRATCH").map(([id]) => id));
  const carried = entries ?? db.select({ id: raceEntries.id, carriedFrom: raceEntries.carriedFrom }).from(raceEntries).where(and(eq(raceEntries.eventId, eventId), isNotNull(raceEntries.carriedFrom))).all();
  for (const e of carried) if (e.carriedFrom && scratched.has(e.carriedFrom)) scratched.add(e.id);
  return scratched;
}

/** What an entry should pay now: its fee (and a late fee), or what the scratch rule keeps of it. */
export function entryDue(cls: RaceClass, entry: RaceEntry, rules: ScratchPolicy & { lateFeeCents: number }, boothScratch: boolean) {
  const fee = feeOf(cls, entry);
  const when = scratchWhen(cls, entry, boothScratch);
  const late = entry.late && !entry.exhibition ? Math.max(0, rules.lateFeeCents) : 0;
  // A turn-out that owes (the policy's default) owes what an entry that ran does, its late fee too.
  if (when === "TURN_OUT" && rules.turnOutOwes) return { feeCents: fee, lateFeeCents: late, when };
  if (when) return { feeCents: scratchRule(rules, fee, when).owesCents, lateFeeCents: 0, when };
  return { feeCents: fee, lateFeeCents: late, when };
}

/** Records grouped by their entry (records of no entry left out), in the order given. */
export function groupByEntry(rows: readonly MoneyRecord[], into = new Map<string, MoneyRecord[]>()) {
  for (const r of rows) {
    if (!r.entryId) continue;
    const list = into.get(r.entryId);
    if (list) list.push(r);
    else into.set(r.entryId, [r]);
  }
  return into;
}

/** The records of some entries, grouped by entry. */
export function recordsByEntry(db: Db, entryIds: string[]) {
  const map = new Map<string, MoneyRecord[]>();
  for (let i = 0; i < entryIds.length; i += 500) {
    groupByEntry(db.select().from(moneyRecords).where(inArray(moneyRecords.entryId, entryIds.slice(i, i + 500))).orderBy(asc(moneyRecords.id)).all(), map);
  }
  return map;
}

/**
 * An entry marked paid: a fee record (and a late fee's) for what it owes
 * now, by the method given; nothing when it owes nothing. COMP writes a
 * comp for the fee. Called inside the entry's own transaction.
 */
export function recordEntryPaid(db: Db, actor: Actor, entry: RaceEntry, method: PaidMethod | null, reference: string | null, ctx: RecordContext = {}) {
  const cls = db.select().from(raceClasses).where(eq(raceClasses.id, entry.classId)).get()!;
  const rules = moneyRules(db, entry.eventId);
  const records = db.select().from(moneyRecords).where(eq(moneyRecords.entryId, entry.id)).all();
  const due = entryDue(cls, entry, rules, boothScratches(db, entry.eventId, [entry]).has(entry.id));
  const feeBalance = entryBalance(due.feeCents, records.filter((r) => r.kind !== "LATE_FEE")).balanceCents;
  const lateBalance = due.lateFeeCents - records.filter((r) => r.kind === "LATE_FEE").reduce((s, r) => s + r.amountCents, 0);
  const base = { eventId: entry.eventId, entryId: entry.id, classId: entry.classId, userId: entry.userId, payeeKey: payeeKeyOf(entry), payeeName: entry.riderName, method, reference };
  const written: MoneyRecord[] = [];
  if (feeBalance > 0) written.push(writeRecord(db, actor, { ...base, kind: method === "COMP" ? "COMP" : "FEE", amountCents: feeBalance }, ctx));
  if (lateBalance > 0 && method !== "COMP") written.push(writeRecord(db, actor, { ...base, kind: "LATE_FEE", amountCents: lateBalance }, ctx));
  return written;
}

/** An entry marked unpaid: its fee, comp and late fee records reversed (the mark was a mistake). */
export function reverseEntryPaid(db: Db, actor: Actor, entry: RaceEntry, reason: string, ctx: RecordContext = {}) {
  const rows = db.select().from(moneyRecords).where(eq(moneyRecords.entryId, entry.id)).all();
  for (const r of openRecords(rows).filter((r) => r.kind === "FEE" || r.kind === "COMP" || r.kind === "LATE_FEE")) {
    writeRecord(db, actor, { eventId: r.eventId, kind: r.kind, amountCents: -r.amountCents, method: r.method, reference: r.reference, entryId: r.entryId, classId: r.classId, userId: r.userId, payeeKey: r.payeeKey, payeeName: r.payeeName, reversesId: r.id, reason }, ctx);
  }
}

/** The balance of each entry of an event: what it should pay now against what it paid. */
export function entryBalances(db: Db, eventId: string, entries?: RaceEntry[]) {
  const all = entries ?? db.select().from(raceEntries).where(eq(raceEntries.eventId, eventId)).all();
  const classes = new Map(db.select().from(raceClasses).where(eq(raceClasses.eventId, eventId)).all().map((c) => [c.id, c]));
  const rules = moneyRules(db, eventId);
  const booth = boothScratches(db, eventId, entries);
  const records = recordsByEntry(db, all.map((e) => e.id));
  const out = new Map<string, ReturnType<typeof entryBalance> & { when: ScratchWhen | null; offeredRefundCents: number; feeCents: number }>();
  for (const e of all) {
    const cls = classes.get(e.classId);
    if (!cls) continue;
    const due = entryDue(cls, e, rules, booth.has(e.id));
    const mine = records.get(e.id) ?? [];
    const b = entryBalance(due.feeCents + due.lateFeeCents, mine);
    const fee = feeOf(cls, e);
    out.set(e.id, { ...b, when: due.when, feeCents: fee, offeredRefundCents: due.when ? offeredRefund(rules, fee, due.when, b.netCents) : Math.max(0, -b.balanceCents) });
  }
  return out;
}

/** A turn-out at another race still owed: the office sees it when the rider enters again. */
export type TurnOutOwed = { eventId: string; eventName: string; date: string; horseName: string; owedCents: number; /** Only for a viewer who manages that race (they can open it). */ entryId: string | null };

/**
 * What riders still owe for turn-outs (scratched at the booth: called and
 * not there) at the association's other races, under each race's
 * own scratch policy and what its ledger holds: the office is told when they
 * enter again and decides what to do. Followed by account; a walk-up has
 * none to follow.
 */
export function turnOutsOwed(db: Db, viewer: Viewer, exceptEventId: string, userIds: readonly string[]) {
  const owed = new Map<string, TurnOutOwed[]>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return owed;
  const candidates = db
    .select({ entry: raceEntries, eventName: events.name, date: events.date, createdBy: events.createdBy })
    .from(raceEntries)
    .innerJoin(events, eq(events.id, raceEntries.eventId))
    .where(
      and(
        inArray(raceEntries.userId, ids),
        ne(raceEntries.eventId, exceptEventId),
        eq(raceEntries.status, "ENTERED"),
        eq(raceEntries.exhibition, false),
        sql`EXISTS (SELECT 1 FROM ${raceTimes} WHERE ${raceTimes.entryId} = coalesce(${raceEntries.carriedFrom}, ${raceEntries.id}) AND ${raceTimes.voidedAt} IS NULL AND ${raceTimes.outcome} = 'SCRATCH')`,
      ),
    )
    .all();
  const byEvent = new Map<string, typeof candidates>();
  for (const c of candidates) {
    const list = byEvent.get(c.entry.eventId);
    if (list) list.push(c);
    else byEvent.set(c.entry.eventId, [c]);
  }
  for (const [eventId, rows] of byEvent) {
    const balances = entryBalances(db, eventId, rows.map((r) => r.entry));
    // Another producer's race is named, not opened: its entry is theirs.
    const opens = mayOnEvent(db, viewer, { id: eventId, createdBy: rows[0]!.createdBy }, "manage");
    for (const r of rows) {
      const b = balances.get(r.entry.id);
      if (!b || b.when !== "TURN_OUT" || b.balanceCents <= 0) continue;
      const list = owed.get(r.entry.userId!) ?? [];
      list.push({ eventId, entryId: opens ? r.entry.id : null, eventName: r.eventName, date: r.date, horseName: r.entry.horseName, owedCents: b.balanceCents });
      owed.set(r.entry.userId!, list);
    }
  }
  for (const list of owed.values()) list.sort((a, b) => a.date.localeCompare(b.date) || a.eventName.localeCompare(b.eventName));
  return owed;
}

export const toLine = (r: MoneyRecord): LedgerLine => ({
  id: r.id,
  kind: r.kind,
  amountCents: r.amountCents,
  method: r.method,
  reference: r.reference,
  takenBy: r.takenBy,
  takenByName: r.takenByName,
  day: r.day,
  entryId: r.entryId,
  reversesId: r.reversesId,
});

/** Every record of an event, oldest first. */
export const eventRecords = (db: Db, eventId: string) => tableRows(db, moneyRecords, "event_id = ? ORDER BY id", [eventId]);

export const presentRecord = (r: MoneyRecord) => ({
  id: r.id,
  kind: r.kind,
  amountCents: r.amountCents,
  method: r.method,
  reference: r.reference,
  reason: r.reason,
  label: r.label,
  entryId: r.entryId,
  classId: r.classId,
  payeeName: r.payeeName,
  reversesId: r.reversesId,
  takenByName: r.takenByName,
  device: r.device,
  day: r.day,
  carried: r.carried,
  recordedAt: r.recordedAt.toISOString(),
});
export type PresentedRecord = ReturnType<typeof presentRecord>;

/** GET /api/events/{id}/ledger: newest first; `since` (an instant) keeps the records written after it. */
export function listLedger(db: Db, viewer: Viewer, eventId: string, since: Date | null) {
  const event = requireRaceManager(db, viewer, eventId);
  const rows = db
    .select()
    .from(moneyRecords)
    .where(and(eq(moneyRecords.eventId, event.id), since ? gt(moneyRecords.recordedAt, since) : undefined))
    .orderBy(desc(moneyRecords.id))
    .all();
  const reversed = new Set(rows.map((r) => r.reversesId).filter((id) => id !== null));
  return { records: rows.map((r) => ({ ...presentRecord(r), reversed: reversed.has(r.id) })) };
}

export type LedgerPost = {
  kind: "FEE" | "REFUND" | "LATE_FEE" | "CHARGE" | "COMP";
  entryId?: string | null;
  amountCents?: number | null;
  method?: PaidMethod | null;
  reference?: string | null;
  reason?: string | null;
  label?: string | null;
  /** Who a charge with no entry is for ("Cody Vance": a stall by the weekend). */
  payeeName?: string | null;
};

const refuse = (status: number, message: string, field: string) => new HttpError(status, message, { errors: { [field]: [message] } });

/**
 * POST /api/events/{id}/ledger: the office writes a record by hand: a fee
 * (or the difference a fee change left) collected, a refund paid, a late
 * fee, an office or arena charge (`label`), a comp. A refund without an
 * amount pays what the scratch policy offers the entry; a refund of another
 * amount needs a reason.
 */
export function postLedger(db: Db, viewer: Viewer, eventId: string, input: LedgerPost, ctx: RecordContext = {}) {
  const event = requireRaceManager(db, viewer, eventId);
  return db.transaction(
    () => {
      const entry = input.entryId ? (db.select().from(raceEntries).where(and(eq(raceEntries.id, input.entryId), eq(raceEntries.eventId, event.id))).get() ?? null) : null;
      if (input.entryId && !entry) throw refuse(404, "That entry is not in this event", "entryId");
      if (!entry && input.kind !== "CHARGE") throw refuse(400, "Choose the entry the money is for", "entryId");
      if (input.kind === "CHARGE" && !input.label) throw refuse(400, "Say what the charge is for (Stall, Office fee)", "label");
      if (input.kind !== "COMP" && input.kind !== "REFUND" && !input.method) throw refuse(400, "Say how it was paid", "method");
      if (input.method === "CHECK" && !input.reference) throw refuse(400, "A check needs its number", "reference");
      let amount = input.amountCents ?? null;
      const balance = entry ? entryBalances(db, event.id, [entry]).get(entry.id) : undefined;
      if (input.kind === "REFUND") {
        const offered = balance?.offeredRefundCents ?? 0;
        if (amount === null) amount = offered;
        if (amount !== offered && !input.reason) throw refuse(400, `The policy offers ${formatCents(offered)}: say why this refund is another amount`, "reason");
        if (amount > (balance?.netCents ?? 0)) throw refuse(409, `A refund cannot be more than the ${formatCents(balance?.netCents ?? 0)} paid`, "amountCents");
      }
      if (amount === null && (input.kind === "FEE" || input.kind === "COMP") && balance) amount = balance.balanceCents;
      if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) throw refuse(400, "Give an amount above $0.00 in cents", "amountCents");
      return presentRecord(
        writeRecord(
          db,
          viewer,
          {
            eventId: event.id,
            kind: input.kind,
            amountCents: amount,
            method: input.kind === "COMP" ? "COMP" : (input.method ?? null),
            reference: input.reference ?? null,
            reason: input.reason ?? null,
            label: input.label ?? null,
            entryId: entry?.id ?? null,
            classId: entry?.classId ?? null,
            userId: entry?.userId ?? null,
            payeeKey: entry ? payeeKeyOf(entry) : null,
            payeeName: entry?.riderName ?? input.payeeName ?? null,
          },
          ctx,
        ),
      );
    },
    { behavior: "immediate" },
  );
}

/**
 * The hub's Collect: what a paid entry still owes now (a fee raised after it
 * paid, a late fee set since) taken by the method given, as its fee and late
 * fee records, the late fee kept out of the pot.
 */
export function collectEntry(db: Db, viewer: Viewer, eventId: string, entryId: string, method: PaidMethod, reference: string | null, ctx: RecordContext = {}) {
  const event = requireRaceManager(db, viewer, eventId);
  return db.transaction(
    () => {
      const entry = db.select().from(raceEntries).where(and(eq(raceEntries.id, entryId), eq(raceEntries.eventId, event.id))).get();
      if (!entry) throw refuse(404, "That entry is not in this event", "entryId");
      if (method === "CHECK" && !reference) throw refuse(400, "A check needs its number", "paidReference");
      const written = recordEntryPaid(db, viewer, entry, method, reference, ctx);
      if (!written.length) throw refuse(409, "Nothing is owed on this entry now", "entryId");
      return written.map(presentRecord);
    },
    { behavior: "immediate" },
  );
}

/** POST /api/events/{id}/ledger/{recordId}/reverse: a new record with the opposite amount, and why. */
export function reverseRecord(db: Db, viewer: Viewer, eventId: string, recordId: number, reason: string, ctx: RecordContext = {}) {
  const event = requireRaceManager(db, viewer, eventId);
  return db.transaction(
    () => {
      const r = db.select().from(moneyRecords).where(and(eq(moneyRecords.id, recordId), eq(moneyRecords.eventId, event.id))).get();
      if (!r) throw new HttpError(404, "Record not found");
      if (r.reversesId !== null) throw new HttpError(409, "A reversal cannot be reversed: write the record again");
      if (db.select({ id: moneyRecords.id }).from(moneyRecords).where(eq(moneyRecords.reversesId, r.id)).get()) throw new HttpError(409, "This record is already reversed");
      if (r.kind.startsWith("CHECK_")) throw new HttpError(409, "A check is voided from the checks, with its reason");
      const { id: _id, recordedAt: _at, takenBy: _by, takenByName: _name, device: _device, day: _day, carried: _carried, ...rest } = r;
      const row = writeRecord(db, viewer, { ...rest, amountCents: -r.amountCents, reversesId: r.id, reason }, ctx);
      if (r.entryId && (r.kind === "FEE" || r.kind === "COMP")) {
        // The entry shows unpaid again once what it paid no longer covers its fee.
        const entry = db.select().from(raceEntries).where(eq(raceEntries.id, r.entryId)).get();
        const b = entry ? entryBalances(db, event.id, [entry]).get(entry.id) : undefined;
        if (entry && b && entry.paid && b.netCents <= 0) db.update(raceEntries).set({ paid: false, paidMethod: null, paidReference: null }).where(eq(raceEntries.id, entry.id)).run();
      }
      return presentRecord(row);
    },
    { behavior: "immediate" },
  );
}

/** The close-out of one day: the day's records by taker, with the checks to write and the producer's share the caller knows. */
export function presentCloseouts(db: Db, eventId: string, records: readonly MoneyRecord[], extras: { checksToWriteCents: number; producerShareCents: number }) {
  const lines = records.map(toLine);
  const closes = db.select().from(moneyCloseouts).where(eq(moneyCloseouts.eventId, eventId)).orderBy(asc(moneyCloseouts.id)).all();
  const days = [...new Set([...lines.map((l) => l.day), ...closes.map((c) => c.day)])].sort();
  return {
    days: days.map((day) => {
      const standing = standingClose(closes, day);
      return {
        ...closeOutDay(lines, day),
        closed: standing !== null,
        closedAt: standing?.closedAt.toISOString() ?? null,
        closedByName: standing?.closedByName ?? null,
        history: closes
          .filter((c) => c.day === day)
          .map((c) => ({ closedAt: c.closedAt.toISOString(), closedByName: c.closedByName, throughRecordId: c.throughRecordId, reopenedAt: c.reopenedAt?.toISOString() ?? null, reopenedByRecordId: c.reopenedByRecordId, reopenReason: c.reopenReason })),
      };
    }),
    checksToWriteCents: extras.checksToWriteCents,
    producerShareCents: extras.producerShareCents,
  };
}

/** POST /api/events/{id}/closeouts: the day closed as it stands (its figures kept); closing a closed day answers it as it is. */
export function closeDay(db: Db, viewer: Viewer, eventId: string, day: string) {
  const event = requireRaceManager(db, viewer, eventId);
  return db.transaction(
    () => {
      const closes = db.select().from(moneyCloseouts).where(and(eq(moneyCloseouts.eventId, event.id), eq(moneyCloseouts.day, day))).all();
      const standing = standingClose(closes, day);
      if (standing) return { created: false, closeout: standing };
      const records = eventRecords(db, event.id);
      const figures = closeOutDay(records.map(toLine), day);
      if (figures.records === 0) throw refuse(409, `No money was recorded on ${day}: nothing to close`, "day");
      const through = records.reduce((max, r) => Math.max(max, r.id), 0);
      const row = db
        .insert(moneyCloseouts)
        .values({ eventId: event.id, day, throughRecordId: through, figures, closedBy: viewer.id, closedByName: actorName(db, viewer), closedAt: now() })
        .returning()
        .get();
      return { created: true, closeout: row };
    },
    { behavior: "immediate" },
  );
}

/** GET /api/me/receipts: each of the rider's entries with what was paid, when, how, to whom, and any refund. */
export function myReceipts(db: Db, user: Pick<User, "id">) {
  const rows = db
    .select({ r: moneyRecords, eventName: events.name, eventDate: events.date, className: raceClasses.name, horseName: raceEntries.horseName, riderName: raceEntries.riderName })
    .from(moneyRecords)
    .innerJoin(raceEntries, eq(raceEntries.id, moneyRecords.entryId))
    .innerJoin(events, eq(events.id, raceEntries.eventId))
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(eq(raceEntries.userId, user.id))
    .orderBy(desc(events.date), asc(raceClasses.position), asc(moneyRecords.id))
    .all();
  const byEntry = new Map<string, { entryId: string; eventId: string; eventName: string; eventDate: string; className: string; riderName: string; horseName: string; paidCents: number; refundedCents: number; records: ReturnType<typeof receiptLine>[] }>();
  for (const row of rows) {
    const id = row.r.entryId!;
    const e = byEntry.get(id) ?? { entryId: id, eventId: row.r.eventId!, eventName: row.eventName, eventDate: row.eventDate, className: row.className, riderName: row.riderName, horseName: row.horseName, paidCents: 0, refundedCents: 0, records: [] };
    if (row.r.kind === "FEE" || row.r.kind === "LATE_FEE" || row.r.kind === "CHARGE") e.paidCents += row.r.amountCents;
    if (row.r.kind === "REFUND") e.refundedCents += row.r.amountCents;
    e.records.push(receiptLine(row.r));
    byEntry.set(id, e);
  }
  return { receipts: [...byEntry.values()] };
}
export type MyReceipts = ReturnType<typeof myReceipts>;

const receiptLine = (r: MoneyRecord) => ({ id: r.id, kind: r.kind, amountCents: r.amountCents, method: r.method, reference: r.reference, label: r.label, takenByName: r.takenByName, recordedAt: r.recordedAt.toISOString(), reason: r.reason });

/** One receipt as a mail: the entry's payments and refunds, in words. */
export function receiptMail(receipts: MyReceipts, entryId: string, to: string, zone: string) {
  const r = receipts.receipts.find((x) => x.entryId === entryId);
  if (!r) return null;
  const lines = r.records.map(
    (x) =>
      `${describeKind(x.kind)}${x.label ? ` (${x.label})` : ""}: ${formatCents(x.amountCents)}, ${methodLabel(x.method ?? "NOT_SAID")}${x.reference ? ` ${x.reference}` : ""}, ${formatDayTimeIn(x.recordedAt, zone)} (${zone}), taken by ${x.takenByName || "the office"}`,
  );
  const text = [`Receipt: ${r.eventName} (${formatDate(r.eventDate)}), ${r.className}`, `${r.horseName} ridden by ${r.riderName}`, "", ...lines, "", `Paid ${formatCents(r.paidCents)}${r.refundedCents ? `, refunded ${formatCents(r.refundedCents)}` : ""}`].join("\n");
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return { to, subject: `Receipt: ${r.eventName}, ${r.className}`, text, html: `<pre style="font-family:inherit">${escape(text)}</pre>` };
}

/**
 * Entries marked paid with no record of it (written straight to the table,
 * as the demo's seed does) carried into the ledger at their class's fee, as
 * the ledger's migration carried the paid entries it found.
 */
export function carryPaidEntries(db: Db) {
  db.run(sql`INSERT INTO money_records (event_id, kind, amount_cents, method, reference, entry_id, class_id, user_id, payee_name, taken_by_name, day, carried, created_at)
    SELECT e.event_id, CASE WHEN e.paid_method = 'COMP' THEN 'COMP' ELSE 'FEE' END, CASE WHEN e.exhibition = 1 THEN c.exhibition_fee_cents ELSE c.entry_fee_cents END, e.paid_method, e.paid_reference, e.id, e.class_id, e.user_id, e.rider_name, '', ev.date, 1, ${Date.now()}
    FROM race_entries e JOIN race_classes c ON c.id = e.class_id JOIN events ev ON ev.id = e.event_id
    WHERE e.paid = 1 AND NOT EXISTS (SELECT 1 FROM money_records m WHERE m.entry_id = e.id)`);
}
