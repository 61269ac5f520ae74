import type { Db } from "~/lib/db.server";

/*
 * What race day tells the rest of the app: a class's results were written
 * (published, or again after a correction). Race day only says so; whatever
 * builds on results listens. Today that is the season (every series the
 * event counts in, and riders told of their new place), which registers
 * itself in app/features/season/season.server.ts. So race day knows nothing
 * of the season, and the season reads race day.
 *
 * Listeners run inside the publish's transaction, synchronously: what they
 * write commits or rolls back with the results.
 */

type PublishListener = (db: Db, classId: string) => void;

const listeners = new Set<PublishListener>();

export function onClassPublished(listener: PublishListener) {
  listeners.add(listener);
}

/** Called by publishing inside its transaction, once the class's results are written. */
export function classPublished(db: Db, classId: string) {
  if (listeners.size === 0) throw new Error(NOBODY_LISTENS);
  for (const listener of listeners) listener(db, classId);
}

/**
 * The season listens only once its module is loaded: the app's server build
 * loads every route, so the app always has it. A script or test that
 * publishes without it would leave the standings stale without a word, so it
 * fails instead, and the transaction with it.
 */
const NOBODY_LISTENS = "A class was published with nothing listening: import app/features/season/season.server.ts first (it keeps the standings)";
