import type { User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { publishRaceChange } from "~/lib/live.server";
import { republishReaders } from "./publish.server";

/*
 * The one way race day writes (times, overrides, entries, the draw). A
 * change and its history are written in one immediate transaction; in the
 * same transaction, every published class that reads a class the change
 * touched (the class itself and its sidepots) is published again, so the
 * results, the riders' run logs and the season never disagree with the
 * booth (a class waiting for a rerun's time waits, and its sidepots with
 * it). After the commit, the event's live page is signalled once, so its
 * readers see what was committed.
 */

type Actor = Pick<User, "id" | "isAdmin">;

/**
 * Runs `write` (which calls `touch(classId)` for each class whose runs,
 * entries or money it changed), then the "race changed" step. Answers what
 * `write` answers; a refusal thrown inside leaves nothing written.
 */
export function changeRace<T>(db: Db, actor: Actor, eventId: string, write: (touch: (classId: string) => void) => T): T {
  const touched = new Set<string>();
  const result = db.transaction(
    () => {
      const value = write((classId) => touched.add(classId));
      republishReaders(db, actor, [...touched]);
      return value;
    },
    { behavior: "immediate" },
  );
  publishRaceChange(eventId);
  return result;
}
