import { desc, eq } from "drizzle-orm";
import { raceClasses, raceEntries, raceHistory, users } from "#db/schema";
import type { Db } from "~/lib/db.server";

/** What the history records: changes riders relied on (a published draw) and the producer's acts on money. */
export type RaceHistoryAction =
  | "draw-published"
  | "scratch"
  | "reinstate"
  | "move"
  | "late-entry"
  | (string & {});

type HistoryRow = {
  eventId: string;
  classId?: string | null;
  entryId?: string | null;
  actorId: string | null;
  action: RaceHistoryAction;
  detail?: string | null;
  reason?: string | null;
};

/** Records one change, inside the caller's transaction so the change and its record are stored together. */
export function recordHistory(db: Pick<Db, "insert">, row: HistoryRow) {
  db.insert(raceHistory).values(row).run();
}

const HISTORY_SHOWN = 200;

/**
 * An event's history, newest first, with who did it: the producer's hub
 * shows it. The actor is named as the producer knows them (first and last name).
 */
export function listHistory(db: Db, eventId: string, { limit = HISTORY_SHOWN } = {}) {
  return db
    .select({
      id: raceHistory.id,
      action: raceHistory.action,
      detail: raceHistory.detail,
      reason: raceHistory.reason,
      classId: raceHistory.classId,
      className: raceClasses.name,
      entryId: raceHistory.entryId,
      riderName: raceEntries.riderName,
      horseName: raceEntries.horseName,
      actorFirst: users.firstName,
      actorLast: users.lastName,
      createdAt: raceHistory.createdAt,
    })
    .from(raceHistory)
    .leftJoin(raceClasses, eq(raceClasses.id, raceHistory.classId))
    .leftJoin(raceEntries, eq(raceEntries.id, raceHistory.entryId))
    .leftJoin(users, eq(users.id, raceHistory.actorId))
    .where(eq(raceHistory.eventId, eventId))
    .orderBy(desc(raceHistory.createdAt), desc(raceHistory.id))
    .limit(limit)
    .all()
    .map(({ actorFirst, actorLast, ...row }) => ({ ...row, actorName: actorFirst ? `${actorFirst} ${actorLast ?? ""}`.trim() : null }));
}
export type RaceHistoryItem = ReturnType<typeof listHistory>[number];
