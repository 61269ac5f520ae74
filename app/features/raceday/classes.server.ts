import { and, asc, count, eq, sql } from "drizzle-orm";
import { raceClasses, raceEntries, type Event, type PayoutRule, type RaceClass, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { DEFAULT_MAX_HORSES, DEFAULT_SPLIT_MS, RACE_MESSAGES as M, type RaceClassInput, type RaceClassPatch } from "~/schemas/raceday";
import { requireEventPermission } from "./access.server";
import { raceIsOpenFor } from "./policies.server";
import { ageRuleProblem } from "./age";
import { goShapeProblem, type GoShape } from "./gos";
import { defaultPayout, divisionSharesProblem, payoutRuleProblem, type ClassMoneyRules } from "./results";

/*
 * An event's classes ("Open 4D", "Youth 3D", "Open Sidepot"): their money
 * rules, checked here once for the hub's forms and the API. Who may change
 * them is the guard's (requireRaceManager); what may change, once results
 * are published, is this module's.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

/** An event's classes in the order its pages show them. */
export function listClasses(db: Db, eventId: string): RaceClass[] {
  return db.select().from(raceClasses).where(eq(raceClasses.eventId, eventId)).orderBy(asc(raceClasses.position), asc(raceClasses.createdAt)).all();
}

/** One class of the event, or null (a class of another event is as missing as a missing one). */
export function findClass(db: Db, eventId: string, classId: string): RaceClass | null {
  return db.select().from(raceClasses).where(and(eq(raceClasses.id, classId), eq(raceClasses.eventId, eventId))).get() ?? null;
}

/** One class of the event, or 404. */
export function getClass(db: Db, eventId: string, classId: string): RaceClass {
  const found = findClass(db, eventId, classId);
  if (!found) throw new HttpError(404, M.classNotFound);
  return found;
}

/** How many entries each class of the event has (scratches and exhibition runs not counted). */
export function entryCounts(db: Db, eventId: string): Map<string, number> {
  const rows = db
    .select({ classId: raceEntries.classId, n: count() })
    .from(raceEntries)
    .where(and(eq(raceEntries.eventId, eventId), eq(raceEntries.status, "ENTERED"), eq(raceEntries.exhibition, false)))
    .groupBy(raceEntries.classId)
    .all();
  return new Map(rows.map((r) => [r.classId, r.n]));
}

/**
 * A class's money rules as the results module reads them. A split given
 * once applies between every pair of divisions.
 */
export function classMoneyRules(cls: RaceClass): ClassMoneyRules {
  const gaps = Math.max(0, cls.divisions - 1);
  const splitMs = cls.splitMs.length === gaps ? cls.splitMs : Array.from({ length: gaps }, () => cls.splitMs[0] ?? DEFAULT_SPLIT_MS);
  return {
    entryFeeCents: cls.entryFeeCents,
    addedMoneyCents: cls.addedMoneyCents,
    producerSharePercent: cls.producerSharePercent,
    divisions: cls.divisions,
    splitMs,
    payout: cls.payout,
  };
}

/** The event, for its producer or an admin, once it is a race anyone may enter (approved, not cancelled). */
function openRace(db: Db, viewer: Viewer, eventId: string): Event {
  const event = requireEventPermission(db, viewer, eventId, "manage");
  if (!raceIsOpenFor(event)) throw new HttpError(409, M.notApproved);
  return event;
}

const refuse = (status: number, message: string, field?: string) => new HttpError(status, message, field ? { errors: { [field]: [message] } } : {});

/** Splits as stored: one for every gap, or one per gap; a single division keeps the one value. */
function checkSplits(splitMs: number[], divisions: number) {
  const gaps = divisions - 1;
  if (splitMs.length === 1 || splitMs.length === gaps) return splitMs;
  if (gaps === 0) return [splitMs[0]!];
  throw refuse(400, M.splitCount, "splitSeconds");
}

function checkPayout(rule: PayoutRule, divisions: number) {
  const problem = payoutRuleProblem(rule, divisions);
  if (!problem) return rule;
  // The shares' problem is also named at the form's Division shares field, the rest at the payout table.
  if (problem === divisionSharesProblem(rule, divisions)) throw new HttpError(400, problem, { errors: { payout: [problem], divisionPercents: [problem] } });
  throw refuse(400, problem, "payout");
}

/** A sidepot's class: another class of the event that is not itself a sidepot. */
function checkSidepot(db: Db, eventId: string, sidepotOf: string | null | undefined, selfId?: string) {
  if (!sidepotOf) return null;
  const of = findClass(db, eventId, sidepotOf);
  if (!of || of.id === selfId || of.sidepotOf) throw refuse(400, M.sidepot, "sidepotOf");
  if (selfId && db.select({ id: raceClasses.id }).from(raceClasses).where(eq(raceClasses.sidepotOf, selfId)).get()) {
    throw refuse(400, "A class with a sidepot of its own cannot be a sidepot", "sidepotOf");
  }
  return of.id;
}

/** A class's gos, average, purse split and short go, as one whole: checked together (the split has one share per go). */
export function goShapeOf(cls: Pick<RaceClass, "goRounds" | "average" | "purseSplit" | "shortGo">): GoShape {
  return { goRounds: cls.goRounds, average: cls.average ?? null, purseSplit: cls.purseSplit ?? null, shortGo: cls.shortGo ?? null };
}

function checkGoShape(shape: GoShape) {
  const problem = goShapeProblem(shape);
  if (problem) throw refuse(400, problem, /split|share/i.test(problem) ? "purseSplit" : /short go/i.test(problem) ? "shortGo" : /average|best N/i.test(problem) ? "average" : "goRounds");
  return shape;
}

function checkAges(rule: { minAge: number | null; maxAge: number | null; ageOn: "YEAR_START" | "RACE_DAY" }) {
  const problem = ageRuleProblem(rule);
  if (problem) throw refuse(400, problem, "minAge");
  return rule;
}

function checkNameFree(db: Db, eventId: string, name: string, selfId?: string) {
  const same = db
    .select({ id: raceClasses.id })
    .from(raceClasses)
    .where(and(eq(raceClasses.eventId, eventId), sql`lower(${raceClasses.name}) = ${name.toLowerCase()}`))
    .all()
    .filter((c) => c.id !== selfId);
  if (same.length) throw refuse(409, `This event already has a class named ${name}`, "name");
}

/** Adds a class to an approved event (its producer or an admin), with the defaults for what was not given. */
export function createClass(db: Db, viewer: Viewer, eventId: string, input: RaceClassInput): RaceClass {
  openRace(db, viewer, eventId);
  const divisions = input.divisions ?? 1;
  return db.transaction(
    () => {
      checkNameFree(db, eventId, input.name);
      const sidepotOf = checkSidepot(db, eventId, input.sidepotOf);
      const last = db.select({ max: sql<number | null>`max(${raceClasses.position})` }).from(raceClasses).where(eq(raceClasses.eventId, eventId)).get();
      return db
        .insert(raceClasses)
        .values({
          eventId,
          name: input.name,
          position: (last?.max ?? -1) + 1,
          entryFeeCents: input.entryFeeCents,
          addedMoneyCents: input.addedMoneyCents ?? 0,
          exhibitionFeeCents: input.exhibitionFeeCents ?? 0,
          producerSharePercent: input.producerSharePercent ?? 0,
          divisions,
          splitMs: checkSplits(input.splitSeconds ?? [DEFAULT_SPLIT_MS], divisions),
          maxHorsesPerRider: input.maxHorsesPerRider ?? DEFAULT_MAX_HORSES,
          payout: checkPayout(input.payout ?? defaultPayout(divisions), divisions),
          sidepotOf,
          postedStart: input.postedStart ?? null,
          ...checkGoShape({ goRounds: input.goRounds ?? 1, average: input.average ?? null, purseSplit: input.purseSplit ?? null, shortGo: input.shortGo ?? null }),
          ...checkAges({ minAge: input.minAge ?? null, maxAge: input.maxAge ?? null, ageOn: input.ageOn ?? "YEAR_START" }),
        })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

/** Whether a change touches the money rules (a form sends them all, changed or not). */
function moneyChanges(current: RaceClass, patch: RaceClassPatch) {
  const differs = (sent: unknown, stored: unknown) => sent !== undefined && JSON.stringify(sent) !== JSON.stringify(stored);
  return (
    differs(patch.entryFeeCents, current.entryFeeCents) ||
    differs(patch.addedMoneyCents, current.addedMoneyCents) ||
    differs(patch.producerSharePercent, current.producerSharePercent) ||
    differs(patch.divisions, current.divisions) ||
    differs(patch.splitSeconds, current.splitMs) ||
    (patch.payout !== undefined && differs(patch.payout ?? defaultPayout(current.divisions), current.payout)) ||
    (patch.sidepotOf !== undefined && (patch.sidepotOf ?? null) !== current.sidepotOf) ||
    differs(patch.goRounds, current.goRounds) ||
    (patch.average !== undefined && differs(patch.average, current.average ?? null)) ||
    (patch.purseSplit !== undefined && differs(patch.purseSplit, current.purseSplit ?? null)) ||
    (patch.shortGo !== undefined && differs(patch.shortGo, current.shortGo ?? null))
  );
}

const samePayout = (a: PayoutRule, b: PayoutRule) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes a class. Once its results are published the money rules stay as
 * they were paid (409 with a message); its name and horses per rider may
 * still change. A payout left at the default follows a change of divisions.
 */
export function updateClass(db: Db, viewer: Viewer, eventId: string, classId: string, patch: RaceClassPatch): RaceClass {
  openRace(db, viewer, eventId);
  return db.transaction(
    () => {
      const current = getClass(db, eventId, classId);
      if (current.resultsPublishedAt && moneyChanges(current, patch)) throw refuse(409, M.resultsPublished);
      if (patch.name !== undefined) checkNameFree(db, eventId, patch.name, classId);
      const divisions = patch.divisions ?? current.divisions;
      let payout = patch.payout === undefined ? current.payout : (patch.payout ?? defaultPayout(divisions));
      if (patch.payout === undefined && divisions !== current.divisions && samePayout(current.payout, defaultPayout(current.divisions))) payout = defaultPayout(divisions);
      let sidepotOf = current.sidepotOf;
      if (patch.sidepotOf !== undefined && (patch.sidepotOf ?? null) !== current.sidepotOf) {
        const entered = db.select({ n: count() }).from(raceEntries).where(eq(raceEntries.classId, classId)).get()?.n ?? 0;
        if (entered > 0) throw refuse(409, "Make a class a sidepot (or not) before anyone enters it", "sidepotOf");
        sidepotOf = checkSidepot(db, eventId, patch.sidepotOf, classId);
      }
      const updated = db
        .update(raceClasses)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.entryFeeCents !== undefined ? { entryFeeCents: patch.entryFeeCents } : {}),
          ...(patch.addedMoneyCents !== undefined ? { addedMoneyCents: patch.addedMoneyCents } : {}),
          ...(patch.exhibitionFeeCents !== undefined ? { exhibitionFeeCents: patch.exhibitionFeeCents } : {}),
          ...(patch.producerSharePercent !== undefined ? { producerSharePercent: patch.producerSharePercent } : {}),
          ...(patch.maxHorsesPerRider !== undefined ? { maxHorsesPerRider: patch.maxHorsesPerRider } : {}),
          ...(patch.postedStart !== undefined ? { postedStart: patch.postedStart } : {}),
          divisions,
          splitMs: checkSplits(patch.splitSeconds ?? current.splitMs, divisions),
          payout: checkPayout(payout, divisions),
          sidepotOf,
          ...checkGoShape({
            goRounds: patch.goRounds ?? current.goRounds,
            average: patch.average !== undefined ? patch.average : (current.average ?? null),
            purseSplit: patch.purseSplit !== undefined ? patch.purseSplit : (current.purseSplit ?? null),
            shortGo: patch.shortGo !== undefined ? patch.shortGo : (current.shortGo ?? null),
          }),
          ...checkAges({
            minAge: patch.minAge !== undefined ? patch.minAge : current.minAge,
            maxAge: patch.maxAge !== undefined ? patch.maxAge : current.maxAge,
            ageOn: patch.ageOn ?? current.ageOn,
          }),
        })
        .where(and(eq(raceClasses.id, classId), eq(raceClasses.eventId, eventId)))
        .returning()
        .get();
      if (!updated) throw new HttpError(404, M.classNotFound);
      return updated;
    },
    { behavior: "immediate" },
  );
}

/**
 * Deletes a class and its entries. Refused once its results are published
 * (riders' run logs point at them) and while a sidepot pays on its runs.
 */
export function deleteClass(db: Db, viewer: Viewer, eventId: string, classId: string) {
  requireEventPermission(db, viewer, eventId, "manage");
  db.transaction(
    () => {
      const current = getClass(db, eventId, classId);
      if (current.resultsPublishedAt) throw refuse(409, M.resultsPublished);
      const sidepot = db.select({ name: raceClasses.name }).from(raceClasses).where(eq(raceClasses.sidepotOf, classId)).get();
      if (sidepot) throw refuse(409, `${sidepot.name} pays on this class's runs: delete it first`);
      db.delete(raceClasses).where(and(eq(raceClasses.id, classId), eq(raceClasses.eventId, eventId))).run();
    },
    { behavior: "immediate" },
  );
}
