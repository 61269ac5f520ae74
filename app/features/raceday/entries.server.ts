import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { events, raceClasses, raceEntries, raceTimes, riders, users, type Event, type RaceClass, type RaceEntry, type User } from "#db/schema";
import { zoneOfZip } from "~/features/events/zones.server";
import { findOwnHorse, horseForName } from "~/features/horses/horses.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { zonedInstant } from "~/lib/zoned-time";
import { maxHorsesMessage, RACE_LIMITS, RACE_MESSAGES as M, type RaceEntryInput, type RaceEntryPatch } from "~/schemas/raceday";
import { findRaceEvent, mayOnEvent } from "./access.server";
import { ageProblem, hasAgeLimit, readDay } from "./age";
import { findClass, listClasses } from "./classes.server";
import { presentEntry } from "./presenters.server";
import { dragsBeforePosition } from "./draw";
import { recordHistory } from "./history.server";
import { raceIsOpenFor } from "./policies.server";
import { changeRace } from "./race-change.server";
import { recordEntryPaid, reverseEntryPaid, turnOutsOwed, type RecordContext } from "~/features/books/ledger.server";
import { counts, listClassEntries, riderKeyOf, sameHorse } from "./race-runs.server";

/*
 * Entries: a rider (or a parent for a sub-profile) enters a class with a
 * horse until entries close; the producer adds walk-ups by name, scratches,
 * moves an entry between classes, sets back numbers and marks entries paid.
 * Once a class's draw is published, scratches, moves and late entries are
 * recorded in the event's history.
 *
 * Each change is written the one way race day writes (race-change.server.ts):
 * one immediate transaction in which the checks (horses per rider, the same
 * horse twice) and the write see the same rows, and a refused entry leaves
 * nothing behind (not even the horse a new name would have added); then the
 * live page is signalled (a walk-up, a late entry, a scratch or a move
 * changes its running order). Statements inside the callback go through
 * `db` itself: better-sqlite3 runs them on the one connection, inside the
 * transaction.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

/**
 * When entries close: the event's "entries close" time, else the start of
 * the event's first day in its own zone (docs/decisions/2026-11-26-entries-close.md).
 */
export function entriesCloseAt(event: Pick<Event, "entriesCloseAt" | "date" | "zipCode">): Date {
  return event.entriesCloseAt ?? zonedInstant(`${event.date}T00:00`, zoneOfZip(event.zipCode));
}

export function entriesOpen(event: Pick<Event, "entriesCloseAt" | "date" | "zipCode">, at: Date = now()) {
  return at.getTime() < entriesCloseAt(event).getTime();
}

/** Every entry of an event (the producer's list), class by class in running order. */
export function listEventEntries(db: Db, eventId: string): RaceEntry[] {
  return db
    .select()
    .from(raceEntries)
    .where(eq(raceEntries.eventId, eventId))
    .orderBy(asc(raceEntries.classId), sql`${raceEntries.drawPosition} IS NULL`, asc(raceEntries.drawPosition), asc(raceEntries.createdAt), asc(raceEntries.id))
    .all();
}

/** A rider's own entries in one event (those they made, for themselves or a sub-profile). */
export function listOwnEntries(db: Db, userId: string, eventId: string): RaceEntry[] {
  return db
    .select()
    .from(raceEntries)
    .where(and(eq(raceEntries.eventId, eventId), eq(raceEntries.userId, userId)))
    .orderBy(asc(raceEntries.createdAt), asc(raceEntries.id))
    .all();
}

/** One entry of the event, or null. */
/**
 * GET /api/events/{id}/entries: the producer (or an admin) gets every entry,
 * with what each rider still owes for turn-outs at other races; a rider
 * their own, with a place only once the draw is published (an unpublished
 * one may still change).
 */
export function entriesSeenBy(db: Db, viewer: User, event: Event) {
  const classes = new Map(listClasses(db, event.id).map((c) => [c.id, c]));
  if (mayOnEvent(db, viewer, event, "manage")) {
    const rows = listEventEntries(db, event.id);
    const owed = turnOutsOwed(db, viewer, event.id, rows.flatMap((e) => (e.userId ? [e.userId] : [])));
    return rows.map((e) => ({ ...presentEntry(e, classes.get(e.classId)), turnOutsOwed: (e.userId && owed.get(e.userId)) || [] }));
  }
  return listOwnEntries(db, viewer.id, event.id).map((e) => {
    const view = presentEntry(e, classes.get(e.classId));
    return view.drawPublished ? view : { ...view, drawPosition: null, dragsBefore: null };
  });
}

export function findEntry(db: Db, eventId: string, entryId: string): RaceEntry | null {
  return db.select().from(raceEntries).where(and(eq(raceEntries.id, entryId), eq(raceEntries.eventId, eventId))).get() ?? null;
}

const refuse = (status: number, message: string, field?: string) => new HttpError(status, message, field ? { errors: { [field]: [message] } } : {});

/** How an account's rider is named in a draw: the account's name, or the sub-profile's (with the family name when it has none). */
function accountRiderName(user: Pick<User, "firstName" | "lastName">, subProfile?: { name: string } | null) {
  if (!subProfile) return `${user.firstName} ${user.lastName}`.trim();
  const name = subProfile.name.trim();
  return name.includes(" ") || !user.lastName ? name : `${name} ${user.lastName}`;
}

type Candidate = Pick<RaceEntry, "userId" | "riderId" | "riderName" | "horseId" | "horseName"> & { exhibition?: boolean };

/** The class rules an entry must meet to be (or stay) ENTERED in `cls`; `selfId` is the entry itself when it is already stored. */
function checkClassRules(db: Db, cls: RaceClass, candidate: Candidate, selfId?: string) {
  if (cls.resultsPublishedAt) throw refuse(409, M.entriesAfterResults);
  // An exhibition run is never timed in a sidepot, and counts against no limit: a horse may have one beside its entry.
  if (candidate.exhibition) {
    if (cls.sidepotOf) throw refuse(409, M.exhibitionSidepot, "classId");
    return;
  }
  const others = db
    .select()
    .from(raceEntries)
    .where(and(eq(raceEntries.classId, cls.id), eq(raceEntries.status, "ENTERED"), eq(raceEntries.exhibition, false)))
    .all()
    .filter((e) => e.id !== selfId);
  if (others.some((e) => sameHorse(e, candidate))) throw refuse(409, M.sameHorse, "horseId");
  const key = riderKeyOf(candidate);
  if (others.filter((e) => riderKeyOf(e) === key).length >= cls.maxHorsesPerRider) throw refuse(409, maxHorsesMessage(cls.maxHorsesPerRider), "horseId");
  if (cls.sidepotOf) {
    const parent = db.select().from(raceClasses).where(eq(raceClasses.id, cls.sidepotOf)).get();
    const runs = parent ? listClassEntries(db, parent.id).some((e) => counts(e) && sameHorse(e, candidate)) : false;
    if (!runs) throw refuse(409, `Enter ${candidate.horseName} in ${parent?.name ?? "its class"} first: a sidepot pays on that class's runs`, "classId");
  }
}

/** Where an entry joining a class runs: at the end, as a late entry, once the class is drawn. */
function placeFor(db: Db, cls: RaceClass) {
  if (!cls.drawnAt) return { late: false, drawPosition: null, dragsBefore: null };
  const last = db.select({ max: sql<number | null>`max(${raceEntries.drawPosition})` }).from(raceEntries).where(eq(raceEntries.classId, cls.id)).get();
  const drawPosition = (last?.max ?? 0) + 1;
  return { late: true, drawPosition, dragsBefore: dragsBeforePosition(drawPosition, cls.dragEvery) };
}

function raceEvent(db: Db, viewer: Viewer, eventId: string) {
  const event = findRaceEvent(db, viewer, eventId);
  if (!raceIsOpenFor(event)) throw refuse(409, M.notApproved);
  return event;
}

function classFor(db: Db, eventId: string, classId: string) {
  const cls = findClass(db, eventId, classId);
  if (!cls) throw refuse(400, M.classNotFound, "classId");
  return cls;
}

const closedMessage = (event: Event) => `${M.entriesClosed} (they closed ${entriesCloseAt(event).toISOString()})`;

/**
 * Enters a class. A rider enters with one of their horses (or a new name,
 * added to their horses as the run log does), for themselves or one of
 * their sub-profiles, before entries close. The producer (or an admin) may
 * enter at any time and may add a walk-up by `riderName` and `horseName`.
 * A Private (SOLO) rider is told (`notice`) that the draw and results show
 * their name publicly, as at any race.
 */
export function enterRace(db: Db, user: User, eventId: string, input: RaceEntryInput): { entry: RaceEntry; notice: string | null; backIn: boolean } {
  const event = raceEvent(db, user, eventId);
  const manager = mayOnEvent(db, user, event, "manage");
  const walkUp = input.riderName !== undefined;
  if (walkUp && !manager) throw refuse(403, "Only the event's producer can add a walk-up entry", "riderName");
  if (!manager && !entriesOpen(event)) throw refuse(409, closedMessage(event));
  if (walkUp && !input.riderName?.trim()) throw refuse(400, M.riderName, "riderName");
  if (walkUp && !input.horseName) throw refuse(400, M.horse, "horseName");
  if ((input.riderName?.length ?? 0) > RACE_LIMITS.riderName) throw refuse(400, M.riderNameMax, "riderName");
  if ((input.horseName?.trim().length ?? 0) > RACE_LIMITS.horseName) throw refuse(400, M.horseNameMax, "horseName");
  if (!input.horseId && !input.horseName) throw refuse(400, M.horse, "horseId");
  let backIn = false;
  const entry = changeRace(db, user, eventId, (touch) => {
    const cls = classFor(db, eventId, input.classId);
    let candidate: Candidate;
    if (walkUp) {
      candidate = { userId: null, riderId: null, riderName: input.riderName!, horseId: null, horseName: input.horseName! };
    } else {
      const sub = input.riderId !== undefined ? (db.select().from(riders).where(and(eq(riders.id, input.riderId), eq(riders.userId, user.id))).get() ?? null) : null;
      if (input.riderId !== undefined && !sub) throw refuse(400, M.rider, "riderId");
      let horse;
      if (input.horseId) {
        horse = findOwnHorse(db, user.id, input.horseId);
        if (!horse) throw refuse(400, "Choose a horse from the list", "horseId");
        if (horse.retiredAt) throw refuse(400, "This horse is retired: bring it back from its page to enter it", "horseId");
      } else {
        horse = horseForName(db, user, input.horseName!);
      }
      candidate = { userId: user.id, riderId: sub?.id ?? null, riderName: accountRiderName(user, sub), horseId: horse.id, horseName: horse.name };
    }
    const exhibition = input.exhibition === true;
    checkClassRules(db, cls, { ...candidate, exhibition });
    const carryTo = [...new Set(input.carryTo ?? [])];
    if (exhibition && carryTo.length) throw refuse(409, "An exhibition run counts in no class", "carryTo");
    // Age classes: the profile's birth date, or the one typed here (kept on a profile that had none).
    const profileBirth = walkUp ? null : candidate.riderId ? (db.select({ b: riders.birthDate }).from(riders).where(eq(riders.id, candidate.riderId)).get()?.b ?? null) : user.birthDate;
    if (input.birthDate !== undefined && (!readDay(input.birthDate) || input.birthDate >= now().toISOString().slice(0, 10))) {
      throw refuse(400, "Birth date must be a date (YYYY-MM-DD) in the past", "birthDate");
    }
    const birthDate = profileBirth ?? input.birthDate ?? null;
    const carried = carryTo.map((id) => classFor(db, eventId, id));
    for (const target of [cls, ...carried]) {
      if (exhibition) break;
      const problem = ageProblem(target, target.name, birthDate, event.date);
      if (problem) throw refuse(birthDate ? 409 : 400, problem, "birthDate");
    }
    if (!walkUp && !profileBirth && input.birthDate && [cls, ...carried].some(hasAgeLimit)) {
      if (candidate.riderId) db.update(riders).set({ birthDate: input.birthDate }).where(eq(riders.id, candidate.riderId)).run();
      else db.update(users).set({ birthDate: input.birthDate }).where(eq(users.id, user.id)).run();
    }
    const again = walkUp ? null : scratchedBeforeDraw(db, cls, { ...candidate, exhibition });
    backIn = again !== null;
    if (again) return enterAgain(db, user, cls, again, carried, candidate, touch);
    // Entered after the draw, or by the producer after entries closed: runs at the end.
    const place = placeFor(db, cls);
    const late = place.late || !entriesOpen(event);
    const inserted = db
      .insert(raceEntries)
      .values({ eventId, classId: cls.id, ...candidate, ...place, late, exhibition, backNumber: wornBackNumber(db, eventId, candidate), birthDate: [cls, ...carried].some(hasAgeLimit) ? birthDate : null, createdBy: user.id })
      .returning()
      .get();
    for (const target of carried) carryRun(db, user, cls, target, inserted, candidate);
    if (exhibition) {
      recordHistory(db, { eventId, classId: cls.id, entryId: inserted.id, actorId: user.id, action: "exhibition", detail: inserted.drawPosition ? `#${inserted.drawPosition}` : null });
    } else if (cls.drawPublishedAt) {
      recordHistory(db, { eventId, classId: cls.id, entryId: inserted.id, actorId: user.id, action: "late-entry", detail: `#${inserted.drawPosition}` });
    }
    touch(cls.id);
    return inserted;
  });
  return { entry, notice: !walkUp && user.privacyMode === "SOLO" ? M.soloNotice : null, backIn };
}

/**
 * The same rider's same horse, scratched from this class while its draw is
 * not yet published: entering it again undoes that scratch rather than
 * adding a late entry (see enterAgain).
 */
function scratchedBeforeDraw(db: Db, cls: RaceClass, candidate: Candidate & { exhibition: boolean }) {
  if (cls.drawPublishedAt || cls.resultsPublishedAt || !candidate.userId || !candidate.horseId) return null;
  // That one entry, not the class's every entry: this runs on every entry made.
  return (
    db
      .select()
      .from(raceEntries)
      .where(
        and(
          eq(raceEntries.classId, cls.id),
          eq(raceEntries.status, "SCRATCHED"),
          isNull(raceEntries.carriedFrom),
          eq(raceEntries.userId, candidate.userId),
          candidate.riderId === null ? isNull(raceEntries.riderId) : eq(raceEntries.riderId, candidate.riderId),
          eq(raceEntries.horseId, candidate.horseId),
          eq(raceEntries.exhibition, candidate.exhibition),
        ),
      )
      .get() ?? null
  );
}

/**
 * A change of mind before the draw is published costs nothing: the
 * scratched entry is back in as it was entered (its place if the class was
 * drawn, its late mark only if it was late then, so no late fee and no
 * scratch fee), with what was paid on it; the classes it should also count
 * in are carried as a new entry's are.
 */
function enterAgain(db: Db, user: User, cls: RaceClass, entry: RaceEntry, carried: RaceClass[], candidate: Candidate, touch: (classId: string) => void) {
  checkClassRules(db, cls, entry, entry.id);
  const place = entry.drawPosition || !cls.drawnAt ? {} : { ...placeFor(db, cls), late: entry.late };
  const back = db.update(raceEntries).set({ status: "ENTERED", scratchedAt: null, ...place }).where(eq(raceEntries.id, entry.id)).returning().get()!;
  for (const target of carried) {
    const kept = db.select().from(raceEntries).where(and(eq(raceEntries.classId, target.id), eq(raceEntries.carriedFrom, entry.id))).get();
    if (kept) db.update(raceEntries).set({ status: "ENTERED", scratchedAt: null }).where(eq(raceEntries.id, kept.id)).run();
    else carryRun(db, user, cls, target, back, candidate);
    touch(target.id);
  }
  touch(cls.id);
  return back;
}

/**
 * A run carried to another class (a Youth run also counted in the Open): an
 * entry of that class, its fee due there, which runs no run of its own. The
 * booth times the run once, in the class it was entered in; the class it is
 * carried to places and pays it (race-runs.server.ts `classRuns`). Declared
 * before either class runs.
 */
function carryRun(db: Db, user: User, from: RaceClass, target: RaceClass, entry: RaceEntry, candidate: Candidate) {
  if (target.id === from.id) throw refuse(400, "A run counts in its own class already: choose another class to carry it to", "carryTo");
  if (target.sidepotOf || from.sidepotOf) throw refuse(409, "A sidepot takes its class's times already: enter the sidepot instead", "carryTo");
  const begun = (classId: string) => db.select({ id: raceTimes.id }).from(raceTimes).where(eq(raceTimes.classId, classId)).get();
  if (begun(target.id) || begun(from.id)) throw refuse(409, `A run is carried before ${begun(target.id) ? target.name : from.name} runs`, "carryTo");
  checkClassRules(db, target, candidate);
  db.insert(raceEntries)
    .values({ eventId: entry.eventId, classId: target.id, ...candidate, late: false, drawPosition: null, dragsBefore: null, birthDate: entry.birthDate, carriedFrom: entry.id, createdBy: user.id })
    .run();
}

/**
 * Changes an entry. The producer (or an admin): scratch or put back, paid,
 * back number, a move to another class of the event. The rider who made it:
 * scratch only, before entries close. Anyone else's entry answers like a
 * missing one.
 */
export function updateEntry(db: Db, viewer: Viewer, eventId: string, entryId: string, patch: RaceEntryPatch, ctx: RecordContext = {}): RaceEntry {
  return changeEntry(db, viewer, eventId, entryId, patch, ctx).entry;
}

/** What a move or a scratch did to the entry's sidepot entries (the same rider and horse in a sidepot of its class). */
export type SidepotChange = { entryId: string; fromClassName: string; action: "moved" | "scratched"; toClassName: string | null };

/** The answer's words for those changes: "Open Sidepot moved along to Novice Sidepot; Youth Sidepot scratched". */
export function sidepotChangesText(changes: SidepotChange[]) {
  return changes.map((c) => (c.action === "moved" ? `${c.fromClassName} moved along to ${c.toClassName}` : `${c.fromClassName} scratched`)).join("; ");
}

/**
 * updateEntry, with what it did to the entry's sidepot entries: a sidepot
 * pays on its class's runs, so when the entry leaves the class (a move, a
 * scratch) its sidepot entries cannot run there. A move takes each along to
 * the new class's sidepot of the same name; one with no such sidepot, and
 * every one on a scratch, is scratched the way a scratch is recorded.
 */
export function changeEntry(db: Db, viewer: Viewer, eventId: string, entryId: string, patch: RaceEntryPatch, ctx: RecordContext = {}): { entry: RaceEntry; sidepots: SidepotChange[] } {
  const event = findRaceEvent(db, viewer, eventId);
  const manager = mayOnEvent(db, viewer, event, "manage");
  const current = findEntry(db, eventId, entryId);
  if (!current) throw new HttpError(404, M.entryNotFound);
  if (!manager && current.userId !== viewer.id) {
    // A named timer sees every entry at the booth: refused in words. Anyone else learns nothing of another's entry.
    if (mayOnEvent(db, viewer, event, "time")) throw new HttpError(403, "Only the event's producer can change another rider's entry");
    throw new HttpError(404, M.entryNotFound);
  }
  if (!manager) {
    const others = patch.paid !== undefined || patch.paidMethod !== undefined || patch.paidReference !== undefined || patch.backNumber !== undefined || patch.classId !== undefined || patch.scratched === false || patch.riderName !== undefined || patch.horseName !== undefined;
    if (others) throw new HttpError(403, "Only the event's producer can change that; you can scratch your entry");
    if (!entriesOpen(event)) throw refuse(409, `${closedMessage(event)}: ask the producer to scratch it`);
  }
  const sidepots: SidepotChange[] = [];
  const entry = changeRace(db, viewer, eventId, (touch) => {
    let entry = findEntry(db, eventId, entryId);
    if (!entry) throw new HttpError(404, M.entryNotFound);
    const cls = db.select().from(raceClasses).where(eq(raceClasses.id, entry.classId)).get()!;
    const history = (action: string, detail: string | null, classId = cls.id) =>
      recordHistory(db, { eventId, classId, entryId, actorId: viewer.id, action, detail });
    const set = (values: Partial<RaceEntry>) => (entry = db.update(raceEntries).set(values).where(eq(raceEntries.id, entryId)).returning().get()!);

    if (patch.classId !== undefined && patch.classId !== entry.classId) {
      const target = classFor(db, eventId, patch.classId);
      if (cls.resultsPublishedAt) throw refuse(409, M.entriesAfterResults);
      // A run belongs to the class it was run in: moving a timed entry would leave its time behind. Undo it first.
      const timed = db.select({ id: raceTimes.id }).from(raceTimes).where(and(eq(raceTimes.entryId, entry.id), isNull(raceTimes.voidedAt))).get();
      if (timed) throw refuse(409, M.movedAfterRun, "classId");
      if (entry.status === "ENTERED") checkClassRules(db, target, entry, entry.id);
      else if (target.resultsPublishedAt) throw refuse(409, M.entriesAfterResults);
      const place = entry.status === "ENTERED" ? placeFor(db, target) : { late: entry.late, drawPosition: null, dragsBefore: null };
      set({ classId: target.id, ...place });
      if (cls.drawPublishedAt || target.drawPublishedAt) history("move", `${cls.name} to ${target.name}${place.drawPosition ? ` (#${place.drawPosition})` : ""}`, target.id);
      sidepots.push(...followToSidepots(db, viewer, eventId, cls, entry, target, touch));
    }
    const here = db.select().from(raceClasses).where(eq(raceClasses.id, entry.classId)).get()!;
    if (patch.scratched === true && entry.status === "ENTERED") {
      if (here.resultsPublishedAt) throw refuse(409, M.entriesAfterResults);
      set({ status: "SCRATCHED", scratchedAt: now() });
      if (here.drawPublishedAt) history("scratch", entry.drawPosition ? `#${entry.drawPosition}` : null, here.id);
      sidepots.push(...followToSidepots(db, viewer, eventId, here, entry, null, touch));
    } else if (patch.scratched === false && entry.status === "SCRATCHED") {
      checkClassRules(db, here, entry, entry.id);
      // Back in its old place if the draw kept one for it, else at the end.
      const place = entry.drawPosition ? {} : placeFor(db, here);
      set({ status: "ENTERED", scratchedAt: null, ...place });
      if (here.drawPublishedAt) history("reinstate", entry.drawPosition ? `#${entry.drawPosition}` : null, here.id);
    }
    const payment = paymentAfter(entry, patch);
    const before = entry;
    if (payment.paid !== entry.paid || payment.paidMethod !== entry.paidMethod || payment.paidReference !== entry.paidReference) set(payment);
    // The ledger: marking paid writes a fee record for what the entry owes now; unpaid or another method reverses what was written.
    recordPaymentChange(db, viewer, before, entry, patch.paid === true || patch.paidMethod !== undefined, ctx);
    if (patch.riderName !== undefined || patch.horseName !== undefined) {
      if (entry.userId) throw refuse(409, M.renameAccount, patch.riderName !== undefined ? "riderName" : "horseName");
      const names = { riderName: patch.riderName ?? entry.riderName, horseName: patch.horseName ?? entry.horseName };
      if (names.riderName !== entry.riderName || names.horseName !== entry.horseName) {
        // Its sidepot entries are found by these names: they are corrected with it, so they keep paying on its runs.
        const renamed = entry;
        for (const pot of db.select().from(raceClasses).where(eq(raceClasses.sidepotOf, entry.classId)).all()) {
          for (const side of listClassEntries(db, pot.id).filter((e) => sameHorse(e, renamed))) {
            db.update(raceEntries).set(names).where(eq(raceEntries.id, side.id)).run();
            touch(pot.id);
          }
        }
        set(names);
        history("rename", `${renamed.riderName} on ${renamed.horseName} to ${names.riderName} on ${names.horseName}`);
      }
    }
    if (patch.backNumber !== undefined && patch.backNumber !== entry.backNumber) setBackNumber(db, eventId, entry, patch.backNumber, touch);
    entry = findEntry(db, eventId, entryId)!;
    touch(cls.id);
    touch(entry.classId);
    return entry;
  });
  return { entry, sidepots };
}

/**
 * A back number is worn by a rider and horse for the whole event: set on
 * one entry, it is set on every entry of the same rider and horse, and a
 * number another horse already wears is refused (null clears them all).
 */
function setBackNumber(db: Db, eventId: string, entry: RaceEntry, backNumber: number | null, touch: (classId: string) => void) {
  const all = db.select().from(raceEntries).where(eq(raceEntries.eventId, eventId)).all();
  const same = all.filter((e) => sameHorse(e, entry));
  if (backNumber !== null) {
    const other = all.find((e) => e.backNumber === backNumber && !sameHorse(e, entry));
    if (other) throw refuse(409, `Back number ${backNumber} is already worn by ${other.riderName} on ${other.horseName}`, "backNumber");
  }
  for (const e of same) {
    db.update(raceEntries).set({ backNumber }).where(eq(raceEntries.id, e.id)).run();
    touch(e.classId);
  }
}

/** The back number the rider and horse already wear at the event, for a new entry of theirs. */
function wornBackNumber(db: Db, eventId: string, candidate: Pick<RaceEntry, "horseId" | "horseName" | "userId" | "riderId" | "riderName">) {
  const all = db.select().from(raceEntries).where(and(eq(raceEntries.eventId, eventId), isNotNull(raceEntries.backNumber))).all();
  return all.find((e) => sameHorse(e, candidate))?.backNumber ?? null;
}

/**
 * The entry's sidepot entries in `from`'s sidepots (entered, the same rider
 * and horse), after it left `from`: each moves to `to`'s sidepot of the same
 * name (case aside) when there is one and takes it, else is scratched. A
 * sidepot is then never left waiting for a run that cannot come.
 */
function followToSidepots(db: Db, viewer: Viewer, eventId: string, from: RaceClass, moved: RaceEntry, to: RaceClass | null, touch: (classId: string) => void): SidepotChange[] {
  const pots = db.select().from(raceClasses).where(eq(raceClasses.sidepotOf, from.id)).all();
  if (pots.length === 0) return [];
  const targets = to ? db.select().from(raceClasses).where(eq(raceClasses.sidepotOf, to.id)).all() : [];
  const changes: SidepotChange[] = [];
  for (const pot of pots) {
    for (const side of listClassEntries(db, pot.id).filter((e) => e.status === "ENTERED" && !e.exhibition && sameHorse(e, moved))) {
      // Recorded as the entry's own change is: once a draw riders rely on is published.
      const history = (classId: string, action: string, detail: string | null) =>
        (from.drawPublishedAt || to?.drawPublishedAt) && recordHistory(db, { eventId, classId, entryId: side.id, actorId: viewer.id, action, detail });
      const match = targets.find((t) => t.name.trim().toLowerCase() === pot.name.trim().toLowerCase() && !t.resultsPublishedAt);
      if (match) {
        db.update(raceEntries).set({ classId: match.id }).where(eq(raceEntries.id, side.id)).run();
        history(match.id, "move", `${pot.name} to ${match.name}`);
        changes.push({ entryId: side.id, fromClassName: pot.name, action: "moved", toClassName: match.name });
        touch(match.id);
      } else {
        if (pot.resultsPublishedAt) throw refuse(409, `${pot.name}'s results are published: ${moved.horseName}'s sidepot entry there cannot change`);
        db.update(raceEntries).set({ status: "SCRATCHED", scratchedAt: now() }).where(eq(raceEntries.id, side.id)).run();
        history(pot.id, "scratch", to ? `with ${moved.horseName}, moved to ${to.name}` : `with ${moved.horseName}`);
        changes.push({ entryId: side.id, fromClassName: pot.name, action: "scratched", toClassName: null });
      }
      touch(pot.id);
    }
  }
  return changes;
}

/** The ledger's records for a payment mark that changed (or a fee marked paid again after it rose). */
export function recordPaymentChange(db: Db, viewer: Viewer, before: RaceEntry, after: RaceEntry, markedPaid: boolean, ctx: RecordContext = {}) {
  if (before.paid && !after.paid) return reverseEntryPaid(db, viewer, after, "Marked unpaid", ctx);
  if (!after.paid) return;
  if (before.paid && (before.paidMethod !== after.paidMethod || before.paidReference !== after.paidReference)) reverseEntryPaid(db, viewer, after, "Paid another way", ctx);
  if (!before.paid || markedPaid) recordEntryPaid(db, viewer, after, after.paidMethod, after.paidReference, ctx);
}

/**
 * An entry's payment after a patch: a method marks it paid, `paid: false`
 * clears the method and reference, a CHECK keeps its number. Refused (400)
 * when the patch contradicts itself or a check would lose its number.
 */
function paymentAfter(entry: RaceEntry, patch: RaceEntryPatch): Pick<RaceEntry, "paid" | "paidMethod" | "paidReference"> {
  if (patch.paid === false && patch.paidMethod) throw refuse(400, M.paidMethodUnpaid, "paidMethod");
  if (patch.paid === false) {
    if (patch.paidReference) throw refuse(400, M.paidReferenceAlone, "paidReference");
    return { paid: false, paidMethod: null, paidReference: null };
  }
  const paidMethod = patch.paidMethod !== undefined ? patch.paidMethod : entry.paidMethod;
  const methodChanged = paidMethod !== entry.paidMethod;
  const paidReference = patch.paidReference !== undefined ? patch.paidReference : methodChanged ? null : entry.paidReference;
  if (paidReference && !paidMethod) throw refuse(400, M.paidReferenceAlone, "paidReference");
  if (paidMethod === "CHECK" && !paidReference) throw refuse(400, M.checkNumber, "paidReference");
  const paid = patch.paidMethod ? true : (patch.paid ?? entry.paid);
  return { paid, paidMethod: paid ? paidMethod : null, paidReference: paid ? paidReference : null };
}

/** A scratch: by the rider who entered, before entries close, or by the producer at any time. */
export function scratchEntry(db: Db, viewer: Viewer, eventId: string, entryId: string) {
  return updateEntry(db, viewer, eventId, entryId, { scratched: true });
}

/**
 * A rider's entries in events that have not ended, soonest first, with
 * their class's fee and published draw place, for My Events. Fees are
 * shown, not taken: payment stays at the office.
 */
export function myEntries(db: Db, user: Pick<User, "id">, today: string) {
  const rows = db
    .select({
      id: raceEntries.id,
      eventId: events.id,
      eventName: events.name,
      date: events.date,
      className: raceClasses.name,
      feeCents: sql<number>`CASE WHEN ${raceEntries.exhibition} THEN ${raceClasses.exhibitionFeeCents} ELSE ${raceClasses.entryFeeCents} END`,
      drawPublished: isNotNull(raceClasses.drawPublishedAt),
      riderName: raceEntries.riderName,
      horseName: raceEntries.horseName,
      status: raceEntries.status,
      paid: raceEntries.paid,
      drawPosition: raceEntries.drawPosition,
      dragsBefore: raceEntries.dragsBefore,
    })
    .from(raceEntries)
    .innerJoin(events, eq(events.id, raceEntries.eventId))
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(and(eq(raceEntries.userId, user.id), gte(sql`coalesce(${events.endDate}, ${events.date})`, today)))
    .orderBy(asc(events.date), asc(events.id), asc(raceClasses.position), desc(raceEntries.createdAt))
    .all();
  const entries = rows.map(({ drawPublished, drawPosition, dragsBefore, ...r }) => ({
    ...r,
    // A place in an unpublished draw may still change: riders see it once published.
    drawPosition: drawPublished && r.status === "ENTERED" ? drawPosition : null,
    dragsBefore: drawPublished && r.status === "ENTERED" ? dragsBefore : null,
  }));
  const totalCents = entries.filter((e) => e.status === "ENTERED").reduce((sum, e) => sum + e.feeCents, 0);
  return { entries, totalCents };
}
export type MyEntries = ReturnType<typeof myEntries>;

/** The events among `eventIds` that have classes (so their pages offer "Enter" and "Draw"). */
export function eventsWithClasses(db: Db, eventIds: string[]) {
  if (!eventIds.length) return new Set<string>();
  return new Set(db.selectDistinct({ id: raceClasses.eventId }).from(raceClasses).where(inArray(raceClasses.eventId, eventIds)).all().map((r) => r.id));
}
