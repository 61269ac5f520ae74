import { findRaceEvent } from "~/features/raceday/access.server";
import { liveView } from "~/features/raceday/live.server";
import { getUser, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { asPage } from "~/lib/http.server";
import { announcerView } from "./announcer.server";
import { arenaView } from "./arena.server";
import { myRuns } from "./ondeck.server";

/*
 * The race's following screens as their routes answer them: the arena screen
 * (/events/{id}/arena), the live page (/events/{id}/live) and the announcer's
 * view (/events/{id}/announcer). A race the viewer may not see is the error
 * page, with the status and message of the rule that refused it.
 */

export async function arenaScreen(request: Request, eventId: string) {
  const db = getDb();
  const viewer = await getUser(request);
  const event = asPage(() => findRaceEvent(db, viewer, eventId));
  const draw = new URL(request.url).searchParams.get("view") === "draw";
  return { view: arenaView(db, event.id)!, draw };
}

export async function liveScreen(request: Request, eventId: string) {
  const db = getDb();
  const viewer = await getUser(request);
  const event = asPage(() => findRaceEvent(db, viewer, eventId));
  // "Find my run": the viewer's own runs only (their riding and their managed riders').
  const mine = viewer ? Object.fromEntries(myRuns(db, viewer, event.id).runs.map((r) => [r.entryId, r])) : {};
  return { event: { id: event.id, name: event.name, location: event.location, arenaName: event.arenaName }, view: liveView(db, event.id), mine };
}

export async function announcerScreen(request: Request, eventId: string) {
  const user = await requireUser(request);
  return asPage(() => announcerView(getDb(), user, eventId));
}
