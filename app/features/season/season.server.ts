import { onMembershipChanged } from "~/features/members/hooks.server";
import { onClassPublished } from "~/features/raceday/hooks.server";
import type { Db } from "~/lib/db.server";
import { notifyStandingChanges } from "./notify.server";
import { hasStale, removeEventFromSeries, syncClassIntoSeries, syncEventIntoSeries, syncRidersOf, syncStale } from "./sync.server";

/*
 * The season's doors for the rest of the app, used by every path: race day's
 * publishing and the members' office say what changed through their hooks
 * (app/features/raceday/hooks.server.ts, app/features/members/hooks.server.ts),
 * and this module listens, so neither imports the season: afterClassPublished
 * once a class's results are written (published, or again after a
 * correction), afterMembershipChanged when memberships change. The series'
 * office calls afterEventCounted when an event joins or leaves a series;
 * readers of the standings call refreshStandings first. Each runs inside the
 * caller's transaction, except refreshStandings, which opens its own.
 */

/** A class published or re-published (its race_results written): its series brought up to date, then riders told. Riders are told by a job run after the commit (notify.server.ts). */
export function afterClassPublished(db: Db, classId: string) {
  // The class first: its own results' deletion marked it stale, and syncing it clears that.
  const changes = syncClassIntoSeries(db, classId);
  if (hasStale(db)) changes.push(...syncStale(db));
  return notifyStandingChanges(db, classId, changes);
}

/**
 * An event now counts in a series (an admin's answer, or an admin's own
 * request approved at once), or no longer does: its published results in or
 * out, and riders whose place moved told (nobody's own result was just
 * published, so at most once a day).
 */
export function afterEventCounted(db: Db, seriesId: string, eventId: string, counted: boolean) {
  return notifyStandingChanges(db, null, counted ? syncEventIntoSeries(db, seriesId, eventId) : removeEventFromSeries(db, seriesId, eventId));
}

/** A membership paid, changed or removed: the members-only series those riders raced in brought up to date. */
export function afterMembershipChanged(db: Db, userIds: readonly string[]) {
  return notifyStandingChanges(db, null, syncRidersOf(db, userIds));
}

/** Classes whose results went outside a publish (a deletion) brought up to date before the standings are read. */
export function refreshStandings(db: Db) {
  if (!hasStale(db)) return;
  db.transaction(() => notifyStandingChanges(db, null, syncStale(db)), { behavior: "immediate" });
}

// Registered when this module loads: the app's server build loads every route,
// so every screen and /api route that publishes or changes memberships runs
// with them. A script that calls those directly imports this module too.
onClassPublished(afterClassPublished);
onMembershipChanged(afterMembershipChanged);
