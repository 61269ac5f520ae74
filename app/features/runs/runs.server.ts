import { and, eq } from "drizzle-orm";
import { events, riders, runLogs, users, type Event, type RunLog, type User } from "#db/schema";
import { homeZone } from "~/features/events/zones.server";
import { canViewEvent } from "~/features/events/policies.server";
import { horseForRun } from "~/features/horses/horses.server";
import { viewOf } from "~/features/social/social.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { containsPattern, statement } from "~/lib/prepared.server";
import { HttpError } from "~/lib/http.server";
import { isTimeZone, wallClockToDate } from "~/lib/zoned-time";
import { formatDayIn } from "~/lib/dates";
import { findUpload, releaseUploads } from "~/lib/uploads.server";
import { EARLIEST_RUN, PUBLIC_RUNS_LIMIT, RUN_AT_ALLOWANCE_MS, RUN_MESSAGES, UPLOADED_VIDEO, type PublicRunSort, type RunFilters, type RunLogInput } from "~/schemas/runs";
import { canViewRun, canViewSharedRun } from "./policies.server";
import { computeTrends, type TrendRun } from "./trends";

const RUN_NOT_FOUND = "Run log not found";
/** The most runs one list answer carries; counts are exact. */
export const RUN_LIST_LIMIT = 200;


/** The owner's view of a run: an explicit list of outgoing fields. */
function presentRun(run: RunLog, extra: { riderName?: string | null; eventName?: string | null } = {}) {
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
    official: run.official,
    penalties: run.penalties,
    moneyCents: run.moneyCents,
  };
}
export type OwnRun = ReturnType<typeof presentRun>;

/** What the owner's run card shows of a run: the run log sends no more with its page. */
export function presentRunCard(run: OwnRun) {
  return {
    id: run.id,
    horseId: run.horseId,
    horseName: run.horseName,
    arenaName: run.arenaName,
    arenaType: run.arenaType,
    runAt: run.runAt,
    riderName: run.riderName,
    time: run.time,
    eventName: run.eventName,
    rating: run.rating,
    placement: run.placement,
    tags: run.tags,
    groundCondition: run.groundCondition,
    weather: run.weather,
    notes: run.notes,
    videoUrl: run.videoUrl,
    privacy: run.privacy,
    official: run.official,
    moneyCents: run.moneyCents,
  };
}
export type RunCardData = ReturnType<typeof presentRunCard>;

/** A public run: what another rider sees (read by publicRunOf below), and nothing else of the run. */
export type PublicRun = Pick<RunLog, "id" | "arenaName" | "arenaType" | "time" | "horseName" | "runAt" | "createdAt" | "tags" | "notes" | "videoUrl" | "rating">;
/** A public run as a profile's card shows it: the day it was run (in its rider's home zone) instead of the instants. */
export type PublicRunCard = Omit<PublicRun, "runAt" | "createdAt"> & { day: string };

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 24 * 60 * 60 * 1000);

/**
 * The owner's runs that match the filters, as SQL over `run_logs r`: the text
 * depends only on which filters are on (so each text is compiled once, see
 * `statement`), the values go as parameters.
 */
function filterSql(userId: string, f: RunFilters) {
  const where = ["r.user_id = @userId"];
  const params: Record<string, string | number> = { userId };
  const add = (clause: string, name?: string, value?: string | number) => {
    where.push(clause);
    if (name !== undefined && value !== undefined) params[name] = value;
  };
  if (f.horseId) add("r.horse_id = @horseId", "horseId", f.horseId);
  if (f.horse) add("lower(r.horse_name) = lower(@horse)", "horse", f.horse);
  if (f.rider === "none") add("r.rider_id IS NULL");
  else if (f.rider) add("r.rider_id = @rider", "rider", f.rider);
  if (f.arena) add("lower(r.arena_name) LIKE @arena ESCAPE '\\'", "arena", containsPattern(f.arena.toLowerCase()));
  if (f.from) add("r.run_at >= @from", "from", dayStart(f.from).getTime());
  if (f.to) add("r.run_at < @to", "to", nextDay(f.to).getTime());
  if (f.tag) add("EXISTS (SELECT 1 FROM json_each(r.tags) WHERE value = @tag)", "tag", f.tag);
  return { where: where.join(" AND "), params };
}

/**
 * An owner's run (presentRun's fields) as the list reads it: array rows,
 * several times cheaper for better-sqlite3 than object rows, each built into
 * one object literal (app/features/events/event-rows.server.ts does the same
 * for events). Columns and fields in the same order.
 */
const OWN_RUN_COLUMNS = `r.id, r.event_id, e.name, r.rider_id, d.name, r.arena_name, r.arena_type, r.horse_id, r.horse_name, r.time,
  r.rating, r.placement, r.tags, r.notes, r.video_url, r.ground_condition, r.weather, r.privacy, r.run_at, r.created_at, r.official, r.penalties, r.money_cents`;
const ownRunOf = (r: unknown[]): OwnRun => ({
  id: r[0] as string,
  eventId: r[1] as string | null,
  eventName: r[2] as string | null,
  riderId: r[3] as number | null,
  riderName: r[4] as string | null,
  arenaName: r[5] as string,
  arenaType: r[6] as RunLog["arenaType"],
  horseId: r[7] as string | null,
  horseName: r[8] as string | null,
  time: r[9] as string | null,
  rating: r[10] as number | null,
  placement: r[11] as string | null,
  tags: JSON.parse(r[12] as string) as string[],
  notes: r[13] as string | null,
  videoUrl: r[14] as string | null,
  groundCondition: r[15] as string | null,
  weather: r[16] as string | null,
  privacy: r[17] as RunLog["privacy"],
  runAt: new Date(r[18] as number),
  createdAt: new Date(r[19] as number),
  official: r[20] === 1,
  penalties: r[21] as number | null,
  moneyCents: r[22] as number | null,
});

/** The owner's runs, filtered, the latest run first (by when each was run). */
export function listRuns(db: Db, userId: string, filters: RunFilters = {}, { limit = RUN_LIST_LIMIT } = {}): OwnRun[] {
  const { where, params } = filterSql(userId, filters);
  const rows = statement(
    db,
    `SELECT ${OWN_RUN_COLUMNS} FROM run_logs r LEFT JOIN riders d ON d.id = r.rider_id LEFT JOIN events e ON e.id = r.event_id
     WHERE ${where} ORDER BY r.run_at DESC, r.created_at DESC, r.id DESC LIMIT +@limit`,
  )
    .raw(true)
    .all({ ...params, limit: Math.min(limit, RUN_LIST_LIMIT) }) as unknown[][];
  return rows.map(ownRunOf);
}

/** How many of the owner's runs match the filters. */
export function countRuns(db: Db, userId: string, filters: RunFilters) {
  const { where, params } = filterSql(userId, filters);
  return (statement(db, `SELECT count(*) AS n FROM run_logs r WHERE ${where}`).get(params) as { n: number }).n;
}

/** One of the owner's runs (to confirm a delete, to edit), or null. */
export function getOwnRun(db: Db, userId: string, id: string) {
  return db.select().from(runLogs).where(and(eq(runLogs.id, id), eq(runLogs.userId, userId))).get() ?? null;
}

export function countOwnRuns(db: Db, userId: string) {
  return countRuns(db, userId, {});
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

/**
 * When the run was run, from what was sent: an ISO instant with its offset
 * ("2026-06-01T14:30:00-05:00"), or a wall-clock time ("2026-06-01T14:30",
 * the run form's field) read in the zone sent beside it (the phone's), else
 * in the rider's home zone. Not in the future (beyond a few minutes of clock
 * drift) and not before EARLIEST_RUN. Undefined when none was sent.
 */
function readRunAt(user: User, input: Pick<RunLogInput, "runAt" | "timeZone">): Date | undefined {
  if (!input.runAt) return undefined;
  // A time sent without its zone is read in the rider's home zone.
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
  if (current.official) input = officialInput(current, input);
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

/**
 * An official run (written from a race's published results): its time,
 * placement and when it was run are the race's, so an edit keeps them and
 * refuses a different one; penalties and money are never the form's. Notes,
 * tags, video, privacy and the rest stay the rider's.
 */
function officialInput(current: RunLog, input: RunLogInput): RunLogInput {
  const differs = (sent: string | undefined, kept: string | null) => sent !== undefined && sent !== (kept ?? undefined);
  if (differs(input.time, current.time) || differs(input.placement, current.placement)) {
    const field = differs(input.time, current.time) ? "time" : "placement";
    throw new HttpError(400, RUN_MESSAGES.official, { errors: { [field]: [RUN_MESSAGES.official] } });
  }
  return { ...input, time: current.time ?? undefined, placement: (current.placement ?? undefined) as RunLogInput["placement"], runAt: undefined };
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
  const row = statement(
    db,
    "SELECT horse_id AS horseId FROM run_logs WHERE user_id = ? AND horse_id IS NOT NULL ORDER BY run_at DESC, created_at DESC LIMIT 1",
  ).get(userId) as { horseId: string } | undefined;
  return row?.horseId ?? null;
}

/**
 * Events a run can be linked to: the rider's saved events and the events
 * they created, newest date first (past ones included: runs are logged
 * after the event).
 */
export function linkableEvents(db: Db, user: User) {
  const rows = statement(
    db,
    `SELECT id, name, date, arena_name AS arenaName, arena_type AS arenaType, showbill_approved AS showbillApproved, created_by AS createdBy
     FROM events WHERE id IN (SELECT event_id FROM saved_events WHERE user_id = @userId) OR created_by = @userId
     ORDER BY date DESC LIMIT 100`,
  ).all({ userId: user.id }) as { id: string; name: string; date: string; arenaName: string; arenaType: Event["arenaType"]; showbillApproved: number; createdBy: string | null }[];
  return rows
    .filter((e) => canViewEvent(user, { showbillApproved: e.showbillApproved === 1, createdBy: e.createdBy }))
    .map(({ id, name, date, arenaName, arenaType }) => ({ id, name, date, arenaName, arenaType }));
}

/** History and trends of one horse (its record, or by name) or one rider of the owner. */
export function runTrends(db: Db, userId: string, scope: { horseId?: string; horse?: string; riderId?: number }) {
  const { where, params } = filterSql(userId, { horseId: scope.horseId, horse: scope.horse, rider: scope.riderId });
  const rows = statement(
    db,
    `SELECT arena_name AS arenaName, arena_type AS arenaType, ground_condition AS groundCondition, weather, time, tags, placement, run_at AS runAt
     FROM run_logs r WHERE ${where}`,
  ).all(params) as (Omit<TrendRun, "tags" | "runAt"> & { tags: string; runAt: number })[];
  return computeTrends(rows.map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[], runAt: new Date(row.runAt) })));
}

/** A rider whose runs are asked for, with what the rules and the day's zone read. */
type RunOwner = Pick<User, "id" | "privacyMode" | "isActive" | "homeZipCode">;
type Visible = { owner: RunOwner; relation: { follows: boolean } };

/**
 * Whose runs a viewer may look at: null when the owner is missing, banned or
 * SOLO to them (the profile itself answers 404 then, so nothing leaks).
 */
function ownerFor(db: Db, viewer: User | null, ownerId: string): Visible | null {
  const seen = viewOf(db, viewer, ownerId);
  return seen && { owner: seen.target, relation: { follows: seen.follows } };
}

/**
 * Whether the viewer may see the owner's PUBLIC runs. It depends only on the
 * owner and the relation, so the one policy is asked once, for the owner,
 * and the database does the rest (a rider with 10,000 runs costs one indexed
 * query).
 */
function seesPublicRuns(viewer: User | null, v: Visible) {
  return canViewRun(viewer, { userId: v.owner.id, privacy: "PUBLIC" }, v.owner, v.relation);
}

/** A public run (PublicRun's fields) as an array row; columns and fields in the same order. */
const PUBLIC_RUN_COLUMNS = "id, arena_name, arena_type, time, horse_name, run_at, created_at, tags, notes, video_url, rating";
const publicRunOf = (r: unknown[]): PublicRun => ({
  id: r[0] as string,
  arenaName: r[1] as string,
  arenaType: r[2] as RunLog["arenaType"],
  time: r[3] as string | null,
  horseName: r[4] as string | null,
  runAt: new Date(r[5] as number),
  createdAt: new Date(r[6] as number),
  tags: JSON.parse(r[7] as string) as string[],
  notes: r[8] as string | null,
  videoUrl: r[9] as string | null,
  rating: r[10] as number | null,
});

/** Newest first; Fastest = the numeric part of the time, a missing or unreadable one counting as 999 (as timeSortValue), ties newest first. */
const PUBLIC_RUN_ORDER: Record<PublicRunSort, string> = {
  recent: "run_at DESC, id DESC",
  fastest: "CASE WHEN time GLOB '[0-9]*' THEN CAST(time AS REAL) ELSE 999 END, run_at DESC, id DESC",
};

function publicRuns(db: Db, ownerId: string, sort: PublicRunSort, limit: number, offset: number): PublicRun[] {
  const rows = statement(
    db,
    `SELECT ${PUBLIC_RUN_COLUMNS} FROM run_logs WHERE user_id = @ownerId AND privacy = 'PUBLIC'
     ORDER BY ${PUBLIC_RUN_ORDER[sort] ?? PUBLIC_RUN_ORDER.recent} LIMIT +@limit OFFSET @offset`,
  )
    .raw(true)
    .all({ ownerId, limit: Math.min(limit, PUBLIC_RUNS_LIMIT), offset }) as unknown[][];
  return rows.map(publicRunOf);
}

const publicRunCount = (db: Db, ownerId: string) =>
  (statement(db, "SELECT count(*) AS n FROM run_logs WHERE user_id = ? AND privacy = 'PUBLIC'").get(ownerId) as { n: number }).n;

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
): PublicRun[] | null {
  const v = ownerFor(db, viewer, ownerId);
  if (!v) return null;
  return seesPublicRuns(viewer, v) ? publicRuns(db, v.owner.id, sort, limit, offset) : [];
}

/** GET /api/users/{id}/run-count: how many of the owner's runs the viewer may see, by the same rule. */
export function getRunCount(db: Db, viewer: User | null, ownerId: string) {
  const v = ownerFor(db, viewer, ownerId);
  if (!v) return null;
  return seesPublicRuns(viewer, v) ? publicRunCount(db, v.owner.id) : 0;
}

/**
 * A profile's list: the first `limit` of the runs getPublicRuns answers, each
 * with the day it was run in its rider's home zone, and their count. The
 * profile has read the owner and whether the viewer follows them, and shows
 * this list only when the owner is visible to the viewer (the same rule as
 * ownerFor, both `viewOf`): the rule for the runs is asked once, here.
 */
export function getPublicRunsPage(db: Db, viewer: User, owner: RunOwner, follows: boolean, sort: PublicRunSort, limit: number) {
  const v: Visible = { owner, relation: { follows } };
  if (!seesPublicRuns(viewer, v)) return { runs: [], count: 0 };
  const zone = homeZone(v.owner);
  const runs = publicRuns(db, v.owner.id, sort, limit, 0).map(
    (run): PublicRunCard => ({
      id: run.id,
      arenaName: run.arenaName,
      arenaType: run.arenaType,
      time: run.time,
      horseName: run.horseName,
      tags: run.tags,
      notes: run.notes,
      videoUrl: run.videoUrl,
      rating: run.rating,
      day: formatDayIn(run.runAt, zone),
    }),
  );
  return { runs, count: publicRunCount(db, v.owner.id) };
}

/** A shared run log, or null when missing or not visible (the same answer). */
export function getSharedRun(db: Db, id: string, viewer: User | null) {
  return readSharedRun(db, id, viewer)?.run ?? null;
}

/** The shared run's page: the run and the day it was run in its rider's home zone. */
export function getSharedRunPage(db: Db, id: string, viewer: User | null) {
  const shared = readSharedRun(db, id, viewer);
  return shared && { ...shared.run, day: formatDayIn(shared.run.runAt, shared.zone) };
}

function readSharedRun(db: Db, id: string, viewer: User | null) {
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
  const shared = {
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
  return { run: shared, zone: homeZone(owner) };
}
