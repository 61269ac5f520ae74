import { and, desc, eq } from "drizzle-orm";
import { horses, runLogs, users } from "#db/schema";
import { computeTrends } from "~/features/runs/trends";
import { homeZone } from "~/features/events/zones.server";
import { config } from "~/lib/config.server";
import { formatDayIn } from "~/lib/dates";
import type { Db } from "~/lib/db.server";
import { previewOf } from "~/lib/uploads.server";

/** How many of the horse's latest public runs the shared record lists. */
const SHARED_RECENT_RUNS = 10;

/**
 * The record a rider publishes of a horse (/share/horse/{id}): shown to
 * anyone with the link while the owner keeps it shared, is active and is not
 * Private (a Private rider's runs are seen by nobody else, so there is
 * nothing to publish). Only PUBLIC runs count, in every figure; papers are
 * never part of it. Anything else answers null, exactly like a missing horse.
 */
export function getSharedHorse(db: Db, id: string) {
  return readSharedHorse(db, id)?.horse ?? null;
}

/** The shared record's page: the record, with the day of its best and of each recent run in the rider's home zone. */
export function getSharedHorsePage(db: Db, id: string) {
  const shared = readSharedHorse(db, id);
  if (!shared) return null;
  const { horse, zone } = shared;
  return {
    ...horse,
    personalBest: horse.personalBest && { ...horse.personalBest, day: formatDayIn(horse.personalBest.date, zone) },
    recentRuns: horse.recentRuns.map((run) => ({ ...run, day: formatDayIn(run.runAt, zone) })),
  };
}

function readSharedHorse(db: Db, id: string) {
  const row = db
    .select({ horse: horses, owner: users })
    .from(horses)
    .innerJoin(users, eq(users.id, horses.userId))
    .where(eq(horses.id, id))
    .get();
  if (!row || !row.horse.shared || !row.owner.isActive || row.owner.privacyMode === "SOLO") return null;
  const { horse, owner } = row;
  const runs = db
    .select({
      id: runLogs.id,
      arenaName: runLogs.arenaName,
      arenaType: runLogs.arenaType,
      time: runLogs.time,
      placement: runLogs.placement,
      tags: runLogs.tags,
      runAt: runLogs.runAt,
    })
    .from(runLogs)
    .where(and(eq(runLogs.horseId, horse.id), eq(runLogs.userId, owner.id), eq(runLogs.privacy, "PUBLIC")))
    .orderBy(desc(runLogs.runAt))
    .all();
  const trends = computeTrends(runs.map((run) => ({ ...run, createdAt: run.runAt })));
  const photo = previewOf(horse.photoUrl);
  const shared = {
    id: horse.id,
    name: horse.name,
    registeredName: horse.registeredName,
    yearFoaled: horse.yearFoaled,
    sex: horse.sex,
    color: horse.color,
    photo: photo ?? (horse.photoUrl ? { url: horse.photoUrl, width: null, height: null } : null),
    // An Invite Only owner is named by first name only, as on a shared run.
    ownerName: owner.privacyMode === "PUBLIC" ? `${owner.firstName} ${owner.lastName}`.trim() : owner.firstName,
    runCount: trends.runCount,
    personalBest: trends.personalBest,
    bestByArena: trends.bestByArena,
    arenaCount: trends.arenaCount,
    placements: trends.placements,
    recentRuns: runs.slice(0, SHARED_RECENT_RUNS).map(({ id: runId, arenaName, arenaType, time, placement, runAt }) => ({ id: runId, arenaName, arenaType, time, placement, runAt })),
    url: `${config().appOrigin}/share/horse/${horse.id}`,
  };
  return { horse: shared, zone: homeZone(owner) };
}
export type SharedHorse = NonNullable<ReturnType<typeof getSharedHorse>>;
