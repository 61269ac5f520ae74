import type { Db } from "~/lib/db.server";

/*
 * What the members' office tells the rest of the app: whose membership
 * changed (paid, marked unpaid, moved in time, claimed by a new account,
 * imported). The office only says so; whatever depends on membership listens.
 * Today that is the season (the members-only series' standings), which
 * registers itself in app/features/season/season.server.ts. So members knows
 * nothing of the season, and the season reads members.
 *
 * Listeners run inside the caller's transaction, synchronously: what they
 * write commits or rolls back with the change itself.
 */

type MembershipListener = (db: Db, userIds: readonly string[]) => void;

const listeners = new Set<MembershipListener>();

export function onMembershipChanged(listener: MembershipListener) {
  listeners.add(listener);
}

/** Called by the members' office inside its transaction, after the change is written. */
export function membershipChanged(db: Db, userIds: readonly string[]) {
  if (listeners.size === 0) throw new Error(NOBODY_LISTENS);
  for (const listener of listeners) listener(db, userIds);
}

/**
 * The season listens only once its module is loaded: the app's server build
 * loads every route, so the app always has it. A script or test that changes
 * a membership without it would leave members-only standings stale without a
 * word, so it fails instead, and the transaction with it.
 */
const NOBODY_LISTENS = "A membership changed with nothing listening: import app/features/season/season.server.ts first (it keeps the standings)";
