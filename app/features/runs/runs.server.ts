import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { events, riders, runLogs, savedEvents, users, type RunLog, type User } from "#db/schema";
import { zoneOfZip } from "~/features/events/zones.server";
import { canViewEvent } from "~/features/events/policies.server";
import { horseForRun } from "~/features/horses/horses.server";
import { isFollowing } from "~/features/social/social.server";
import { profileViewFor } from "~/features/social/policies.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { isTimeZone, wallClockToDate } from "~/lib/zoned-time";
import { findUpload, releaseUploads } from "~/lib/uploads.server";
import { EARLIEST_RUN, PUBLIC_RUNS_LIMIT, RUN_AT_ALLOWANCE_MS, RUN_MESSAGES, UPLOADED_VIDEO, type PublicRunSort, type RunFilters, type RunLogInput } from "~/schemas/runs";
import { canViewRun, canViewSharedRun } from "./policies.server";
import { computeTrends } from "./trends";

export const RUN_NOT_FOUND = "Run log not found";
/** The most runs one list answer carries; counts are exact. */
export const RUN_LIST_LIMIT = 200;
/** The run log screen shows 25 runs at a time. */
export const RUN_PAGE = 25;


/** The owner's view of a run: an explicit list of outgoing fields. */
export function presentRun(run: RunLog, extra: { riderName?: string | null; eventName?: string | null } = {}) {
  return {
    id: run.id,
    eventId: run.eventId,
    eventName: extra.eventName ?? null,
    riderId: run.riderId,
    riderName: extra.riderName ?? null,
    arenaName: run.arenaName,
    arenaType: run.arenaType,
    horseId: run.horseId,
    horseName: run.horseName,
    time: run.time,
    rating: run.rating,
    placement: run.placement,
    tags: run.tags,
    notes: run.notes,
    videoUrl: run.videoUrl,
    groundCondition: run.groundCondition,
    weather: run.weather,
    privacy: run.privacy,
    runAt: run.runAt,
    createdAt: run.createdAt,
  };
}
export type OwnRun = ReturnType<typeof presentRun>;

/** A public run: what another rider sees. */
export function presentPublicRun(run: RunLog) {
  return {
    id: run.id,
    arenaName: run.arenaName,
    arenaType: run.arenaType,
    time: run.time,
    horseName: run.horseName,
    runAt: run.runAt,
    createdAt: run.createdAt,
    tags: run.tags,
    notes: run.notes,
    videoUrl: run.videoUrl,
    rating: run.rating,
  };
}
export type PublicRun = ReturnType<typeof presentPublicRun>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 24 * 60 * 60 * 1000);

function filterConditions(userId: string, f: RunFilters): SQL[] {
  const where: SQL[] = [eq(runLogs.userId, userId)];
  if (f.horseId) where.push(eq(runLogs.horseId, f.horseId));
  if (f.horse) where.push(sql`lower(${runLogs.horseName}) = lower(${f.horse})`);
  if (f.rider === "none") where.push(isNull(runLogs.riderId));
  else if (f.rider) where.push(eq(runLogs.riderId, f.rider));
  if (f.arena) where.push(sql`lower(${runLogs.arenaName}) like ${`%${escapeLike(f.arena.toLowerCase())}%`} escape '\\'`);
  if (f.from) where.push(gte(runLogs.runAt, dayStart(f.from)));
  if (f.to) where.push(lt(runLogs.runAt, nextDay(f.to)));
  if (f.tag) where.push(sql`exists (select 1 from json_each(${runLogs.tags}) where value = ${f.tag})`);
  return where;
}

/** The owner's runs, filtered, the latest run first (by when each was run). */
export function listRuns(db: Db, userId: string, filters: RunFilters = {}, { limit = RUN_LIST_LIMIT } = {}) {
  return db
    .select({ run: runLogs, riderName: riders.name, eventName: events.name })
    .from(runLogs)
    .leftJoin(riders, eq(riders.id, runLogs.riderId))
    .leftJoin(events, eq(events.id, runLogs.eventId))
    .where(and(...filterConditions(userId, filters)))
    .orderBy(desc(runLogs.runAt), desc(runLogs.createdAt), desc(runLogs.id))
    .limit(Math.min(limit, RUN_LIST_LIMIT))
    .all()
    .map((r) => presentRun(r.run, r));
}

/** How many of the owner's runs match the filters. */
export function countRuns(db: Db, userId: string, filters: RunFilters) {
  return db.select({ n: sql<number>`count(*)` }).from(runLogs).where(and(...filterConditions(userId, filters))).get()?.n ?? 0;
}

/** One of the owner's runs (to confirm a delete, to edit), or null. */
export function getOwnRun(db: Db, userId: string, id: string) {
  return db.select().from(runLogs).where(and(eq(runLogs.id, id), eq(runLogs.userId, userId))).get() ?? null;
}

export function countOwnRuns(db: Db, userId: string) {
  return db.select({ n: sql<number>`count(*)` }).from(runLogs).where(eq(runLogs.userId, userId)).get()?.n ?? 0;
}

function ownedRider(db: Db, userId: string, riderId: number) {
  return db.select().from(riders).where(and(eq(riders.id, riderId), eq(riders.userId, userId))).get();
}

/**
 * What a run may point at: the rider's own sub-profile, an event they may
 * see (a run already linked to an event keeps it), their own uploaded video.
 */
function checkRunLinks(db: Db, user: User, input: RunLogInput, current?: RunLog) {
  if (input.riderId !== undefined && !ownedRider(db, user.id, input.riderId)) {
    throw new HttpError(400, RUN_MESSAGES.rider, { errors: { riderId: [RUN_MESSAGES.rider] } });
  }
  if (input.eventId !== undefined && input.eventId !== current?.eventId) {
    const event = db.select().from(events).where(eq(events.id, input.eventId)).get();
    if (!event || !canViewEvent(user, event)) {
      throw new HttpError(400, RUN_MESSAGES.event, { errors: { eventId: [RUN_MESSAGES.event] } });
    }
  }
  // A stored video must be this rider's own video upload, never someone else's file.
  if (input.videoUrl && UPLOADED_VIDEO.test(input.videoUrl) && !findUpload(input.videoUrl, { kind: "video", ownerId: user.id })) {
    throw new HttpError(400, "Video upload not found", { errors: { videoUrl: ["Video upload not found"] } });
  }
  // Nobody else ever sees a Private rider's runs: a "public" run would be a promise the app cannot keep.
  if (input.privacy === "PUBLIC" && user.privacyMode === "SOLO" && current?.privacy !== "PUBLIC") {
    throw new HttpError(400, RUN_MESSAGES.soloPrivate, { errors: { privacy: [RUN_MESSAGES.soloPrivate] } });
  }
}

/** The zone of the rider's home ZIP's state: where a time sent without its zone was read. */
function homeZone(user: User) {
  return zoneOfZip(user.homeZipCode);
}

/**
 * When the run was run, from what was sent: an ISO instant with its offset
 * ("2026-06-01T14:30:00-05:00"), or a wall-clock time ("2026-06-01T14:30",
 * the run form's field) read in the zone sent beside it (the phone's), else
 * in the rider's home zone. Not in the future (beyond a few minutes of clock
 * drift) and not before EARLIEST_RUN. Undefined when none was sent.
 */
export function readRunAt(user: User, input: Pick<RunLogInput, "runAt" | "timeZone">): Date | undefined {
  if (!input.runAt) return undefined;
  const zone = input.timeZone && isTimeZone(input.timeZone) ? input.timeZone : homeZone(user);
  const at = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(input.runAt) ? new Date(input.runAt) : wallClockToDate(input.runAt, zone);
  const refuse = (message: string) => new HttpError(400, message, { errors: { runAt: [message] } });
  if (!at || Number.isNaN(at.getTime())) throw refuse(RUN_MESSAGES.runAt);
  if (at.getTime() > now().getTime() + RUN_AT_ALLOWANCE_MS) throw refuse(RUN_MESSAGES.runAtFuture);
  if (at.getTime() < EARLIEST_RUN.getTime()) throw refuse(RUN_MESSAGES.runAtOld);
  return at;
}

/** The columns a run's form sets (everything but its owner, key and, on an edit without one, its time). */
function runValues(db: Db, user: User, input: RunLogInput, current?: RunLog) {
  const runAt = readRunAt(user, input);
  return {
    ...(runAt ? { runAt } : current ? {} : { runAt: now() }),
    ...horseForRun(db, user, input, current),
    eventId: input.eventId ?? null,
    riderId: input.riderId ?? null,
    arenaName: input.arenaName,
    arenaType: input.arenaType,
    notes: input.notes ?? null,
    time: input.time ?? null,
    rating: input.rating ?? null,
    placement: input.placement ?? null,
    tags: input.tags,
    videoUrl: input.videoUrl ?? null,
    groundCondition: input.groundCondition ?? null,
    weather: input.weather ?? null,
    privacy: input.privacy,
  };
}

/**
 * Stores a run. A repeated clientId (a retried submit or offline sync)
 * answers the run already stored instead of a second one.
 */
export function createRunLog(db: Db, user: User, input: RunLogInput): { run: OwnRun; created: boolean } {
  checkRunLinks(db, user, input);
  const values = { ...runValues(db, user, input), userId: user.id, clientId: input.clientId ?? null };
  const inserted = db.insert(runLogs).values(values).onConflictDoNothing().returning().get();
  const run =
    inserted ??
    db
      .select()
      .from(runLogs)
      .where(and(eq(runLogs.userId, user.id), eq(runLogs.clientId, input.clientId ?? "")))
      .get();
  if (!run) throw new Error("run log insert conflicted without a clientId");
  return { run: presentOwn(db, run), created: Boolean(inserted) };
}

/**
 * Changes every field of the owner's run by the rules of a new one; anyone
 * else's run answers like a missing one. A video file the run no longer
 * points at is removed once the change is stored.
 */
export function updateRunLog(db: Db, user: User, id: string, input: RunLogInput): OwnRun {
  const current = getOwnRun(db, user.id, id);
  if (!current) throw new HttpError(404, RUN_NOT_FOUND);
  checkRunLinks(db, user, input, current);
  const run = db
    .update(runLogs)
    .set(runValues(db, user, input, current))
    .where(and(eq(runLogs.id, id), eq(runLogs.userId, user.id)))
    .returning()
    .get();
  if (!run) throw new HttpError(404, RUN_NOT_FOUND);
  if (current.videoUrl !== run.videoUrl) releaseUploads(db, [current.videoUrl]);
  return presentOwn(db, run);
}

/** The owner's view of one run, with its rider's and event's names. */
export function presentOwn(db: Db, run: RunLog) {
  const riderName = run.riderId ? (db.select({ name: riders.name }).from(riders).where(eq(riders.id, run.riderId)).get()?.name ?? null) : null;
  const eventName = run.eventId ? (db.select({ name: events.name }).from(events).where(eq(events.id, run.eventId)).get()?.name ?? null) : null;
  return presentRun(run, { riderName, eventName });
}

/** Only the owner deletes; anyone else's run answers like a missing one. Its video goes with it. */
export function deleteRunLog(db: Db, user: User, id: string) {
  // all(), not get(): a commit that fails must throw before any file is removed.
  const [run] = db.delete(runLogs).where(and(eq(runLogs.id, id), eq(runLogs.userId, user.id))).returning({ videoUrl: runLogs.videoUrl }).all();
  if (!run) throw new HttpError(404, RUN_NOT_FOUND);
  releaseUploads(db, [run.videoUrl]);
}

export function setRunPrivacy(db: Db, user: User, id: string, privacy: RunLog["privacy"]) {
  if (privacy === "PUBLIC" && user.privacyMode === "SOLO") {
    if (!getOwnRun(db, user.id, id)) throw new HttpError(404, RUN_NOT_FOUND);
    throw new HttpError(400, RUN_MESSAGES.soloPrivate);
  }
  const run = db
    .update(runLogs)
    .set({ privacy })
    .where(and(eq(runLogs.id, id), eq(runLogs.userId, user.id)))
    .returning()
    .get();
  if (!run) throw new HttpError(404, RUN_NOT_FOUND);
  return presentOwn(db, run);
}

/** The horse of the rider's latest run that has one (the trends shown first). */
export function latestHorseId(db: Db, userId: string) {
  return (
    db
      .select({ horseId: runLogs.horseId })
      .from(runLogs)
      .where(and(eq(runLogs.userId, userId), sql`${runLogs.horseId} is not null`))
      .orderBy(desc(runLogs.runAt), desc(runLogs.createdAt))
      .limit(1)
      .get()?.horseId ?? null
  );
}

/**
 * Events a run can be linked to: the rider's saved events and the events
 * they created, newest date first (past ones included: runs are logged
 * after the event).
 */
export function linkableEvents(db: Db, user: User) {
  const saved = db.select({ id: savedEvents.eventId }).from(savedEvents).where(eq(savedEvents.userId, user.id));
  return db
    .select({ id: events.id, name: events.name, date: events.date, arenaName: events.arenaName, arenaType: events.arenaType, showbillApproved: events.showbillApproved, createdBy: events.createdBy })
    .from(events)
    .where(or(inArray(events.id, saved), eq(events.createdBy, user.id)))
    .orderBy(desc(events.date))
    .limit(100)
    .all()
    .filter((e) => canViewEvent(user, e))
    .map(({ id, name, date, arenaName, arenaType }) => ({ id, name, date, arenaName, arenaType }));
}

/** History and trends of one horse (its record, or by name) or one rider of the owner. */
export function runTrends(db: Db, userId: string, scope: { horseId?: string; horse?: string; riderId?: number }) {
  const where = filterConditions(userId, { horseId: scope.horseId, horse: scope.horse, rider: scope.riderId });
  const rows = db
    .select({
      arenaName: runLogs.arenaName,
      arenaType: runLogs.arenaType,
      groundCondition: runLogs.groundCondition,
      weather: runLogs.weather,
      time: runLogs.time,
      tags: runLogs.tags,
      placement: runLogs.placement,
      runAt: runLogs.runAt,
    })
    .from(runLogs)
    .where(and(...where))
    .all();
  return computeTrends(rows);
}

type Visible = { owner: User; relation: { follows: boolean } };

/**
 * Whose runs a viewer may look at: null when the owner is missing, banned or
 * SOLO to them (the profile itself answers 404 then, so nothing leaks).
 */
function ownerFor(db: Db, viewer: User | null, ownerId: string): Visible | null {
  const owner = db.select().from(users).where(eq(users.id, ownerId)).get();
  if (!owner) return null;
  const follows = viewer ? isFollowing(db, viewer.id, owner.id) : false;
  if (profileViewFor(viewer, owner, follows) === "hidden") return null;
  return { owner, relation: { follows } };
}

/**
 * The owner's PUBLIC runs as SQL, or null when the viewer may see none of
 * them. Whether a PUBLIC run is visible depends only on the owner and the
 * relation, so the one policy is asked once, for the owner, and the
 * database does the rest (a rider with 10,000 runs costs one indexed query).
 */
function publicRunsOf(viewer: User | null, v: Visible): SQL | null {
  const visible = canViewRun(viewer, { userId: v.owner.id, privacy: "PUBLIC" }, v.owner, v.relation);
  return visible ? and(eq(runLogs.userId, v.owner.id), eq(runLogs.privacy, "PUBLIC"))! : null;
}

/** Fastest first: the numeric part of the time, a missing or unreadable one counting as 999 (as timeSortValue). */
const fastestFirst = sql`case when ${runLogs.time} glob '[0-9]*' then cast(${runLogs.time} as real) else 999 end`;

/**
 * GET /api/users/{id}/public-runs: the PUBLIC runs the viewer may see, one
 * page at a time. Recent = newest first; Fastest = numeric part of the time
 * ascending, a missing time counting as 999, ties newest first.
 */
export function getPublicRuns(
  db: Db,
  viewer: User | null,
  ownerId: string,
  sort: PublicRunSort = "recent",
  { limit = PUBLIC_RUNS_LIMIT, offset = 0 } = {},
) {
  const v = ownerFor(db, viewer, ownerId);
  if (!v) return null;
  const where = publicRunsOf(viewer, v);
  if (!where) return [];
  const newest = [desc(runLogs.runAt), desc(runLogs.id)];
  return db
    .select()
    .from(runLogs)
    .where(where)
    .orderBy(...(sort === "fastest" ? [fastestFirst, ...newest] : newest))
    .limit(Math.min(limit, PUBLIC_RUNS_LIMIT))
    .offset(offset)
    .all()
    .map(presentPublicRun);
}

/** GET /api/users/{id}/run-count: how many of the owner's runs the viewer may see, by the same rule. */
export function getRunCount(db: Db, viewer: User | null, ownerId: string) {
  const v = ownerFor(db, viewer, ownerId);
  if (!v) return null;
  const where = publicRunsOf(viewer, v);
  return where ? (db.select({ n: sql<number>`count(*)` }).from(runLogs).where(where).get()?.n ?? 0) : 0;
}

/** A shared run log, or null when missing or not visible (the same answer). */
export function getSharedRun(db: Db, id: string, viewer: User | null) {
  const row = db
    .select({ run: runLogs, owner: users })
    .from(runLogs)
    .innerJoin(users, eq(users.id, runLogs.userId))
    .where(eq(runLogs.id, id))
    .get();
  if (!row || !canViewSharedRun(viewer, row.run, row.owner)) return null;
  const { run, owner } = row;
  // An invite-only owner shows first name only to the world.
  const ownerName =
    owner.privacyMode === "PUBLIC" ? `${owner.firstName} ${owner.lastName}`.trim() : owner.firstName;
  return {
    id: run.id,
    arenaName: run.arenaName,
    ownerName,
    ownerFirstName: owner.firstName,
    runAt: run.runAt,
    createdAt: run.createdAt,
    horseName: run.horseName,
    time: run.time,
    rating: run.rating,
    placement: run.placement,
    tags: run.tags,
    notes: run.notes,
    videoUrl: run.videoUrl,
  };
}
export type SharedRun = NonNullable<ReturnType<typeof getSharedRun>>;
