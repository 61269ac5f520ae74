import type { Db } from "~/lib/db.server";
import { notifyStandingChanges } from "./notify.server";
import { removeEventFromSeries, syncClassIntoSeries, syncEventIntoSeries } from "./sync.server";

/*
 * The season's one step after published race results change, used by every
 * path: a class published (or published again after a correction), and an
 * event counted in a series or taken out of it (an admin's answer, or an
 * admin's own request approved at once). The series' results and standings
 * are brought in step first, then the riders whose place moved are told.
 * Synchronous, inside the caller's transaction.
 */

export type SeasonChange =
  /** A class's results were published: riders of the class hear at once, others by the day's rule. */
  | { classId: string }
  /** An event now counts in a series (`counted`), or no longer does: nobody's own result was just published. */
  | { seriesId: string; eventId: string; counted: boolean };

/** Brings the season in step with a change of published results; answers how many riders were told. */
export function updateSeason(db: Db, change: SeasonChange): number {
  if ("classId" in change) return notifyStandingChanges(db, change.classId, syncClassIntoSeries(db, change.classId));
  const moved = change.counted ? syncEventIntoSeries(db, change.seriesId, change.eventId) : removeEventFromSeries(db, change.seriesId, change.eventId);
  return notifyStandingChanges(db, null, moved);
}
