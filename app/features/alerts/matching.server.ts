import { eq } from "drizzle-orm";
import { events, type AlertEmail, type Event, type Job } from "#db/schema";
import { sendAlert } from "~/features/alerts/alerts.server";
import { enqueueJob } from "~/features/alerts/jobs.server";
import { dayIn, zoneForState } from "~/features/events/dates";
import { formatDateRange } from "~/features/events/format";
import { haversineSql } from "~/features/events/search.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { lookupZip } from "~/lib/gazetteer.server";
import { statement } from "~/lib/prepared.server";

/**
 * Matching an event that has just gone live (approved, or an approved change
 * applied) against every rider's saved searches, and alerting each rider
 * whose search holds it.
 *
 * The R*Tree saved_searches_rtree holds the box around each search's circle:
 * the event's point finds the few boxes that contain it without reading the
 * others, then SQLite keeps the searches whose exact (haversine) distance is
 * within their radius and whose filters the event passes, skipping paused
 * searches and riders no longer active. The work depends on how many
 * searches lie around the event, not on how many exist (bench/alerts-match.ts).
 *
 * An event alerts a rider once (sendAlert's subject `event:{id}`), however
 * many of their searches match and however often the event is approved
 * again; the email goes as the most eager of their matching searches asks.
 *
 * Approving only enqueues the match (a durable job, committed with the
 * approval); the job runner matches and alerts moments later. So an
 * approval costs the same whether the event concerns three riders or three
 * thousand, and the alerts follow the event as it is when the job runs (an
 * event cancelled or rejected meanwhile alerts nobody).
 */

/** The most eager email choice wins when several of a rider's searches match. */
const EAGERNESS: Record<AlertEmail, number> = { instant: 0, daily: 1, off: 2 };

type Match = { userId: string; name: string; place: string; email: AlertEmail; distance: number };

const MATCH_SQL = `
  SELECT s.user_id AS userId, s.name AS name, coalesce(s.zip_code, s.city_state) AS place, s.email AS email,
         ${haversineSql("@lat", "@lng", "s.latitude", "s.longitude")} AS distance
  FROM saved_searches_rtree r
  CROSS JOIN saved_searches s ON s.id = r.id
  CROSS JOIN users u ON u.id = s.user_id
  WHERE r.min_lat <= @lat AND r.max_lat >= @lat AND r.min_lng <= @lng AND r.max_lng >= @lng
    AND s.paused = 0 AND u.is_active = 1
    AND s.user_id IS NOT @createdBy
    AND (s.start_date IS NULL OR s.start_date <= @end)
    AND (s.end_date IS NULL OR s.end_date >= @start)
    AND (s.arena_type IS NULL OR s.arena_type = @arenaType)
    AND (s.ground_type IS NULL OR s.ground_type = @groundType)
    AND (s.min_added_money IS NULL OR @addedMoney >= s.min_added_money)
    AND (s.event_type IS NULL OR s.event_type IN (SELECT value FROM json_each(@eventTypes)))
    AND distance <= s.radius`;

/** The event's own calendar day, in the zone of its state: an event that has ended alerts nobody. */
function hasEnded(event: Pick<Event, "date" | "endDate" | "zipCode">) {
  const today = dayIn(zoneForState(lookupZip(event.zipCode)?.state), now());
  return (event.endDate ?? event.date) < today;
}

/** Every active rider but its producer with an unpaused saved search that holds this event: the nearest of their matching searches, the most eager email. */
export function findMatches(db: Db, event: Event): Match[] {
  if (!event.showbillApproved || event.status !== "SCHEDULED" || event.latitude == null || event.longitude == null) return [];
  if (hasEnded(event)) return [];
  const rows = statement(db, MATCH_SQL).all({
    lat: event.latitude,
    lng: event.longitude,
    start: event.date,
    end: event.endDate ?? event.date,
    arenaType: event.arenaType,
    groundType: event.groundType,
    addedMoney: event.addedMoney,
    eventTypes: JSON.stringify(event.eventType ?? []),
    // A producer is not alerted of the event they put on.
    createdBy: event.createdBy,
  }) as Match[];
  const byRider = new Map<string, Match>();
  for (const row of rows) {
    const seen = byRider.get(row.userId);
    if (!seen) byRider.set(row.userId, { ...row });
    else {
      if (EAGERNESS[row.email] < EAGERNESS[seen.email]) seen.email = row.email;
      if (row.distance < seen.distance) Object.assign(seen, { name: row.name, place: row.place, distance: row.distance });
    }
  }
  return [...byRider.values()];
}

function miles(distance: number) {
  const n = Math.round(distance);
  return n < 1 ? "under a mile" : n === 1 ? "1 mile" : `${n} miles`;
}

/** What the rider reads: the event by name; its dates, place and distance from the alert's center. */
function matchAlertText(event: Pick<Event, "name" | "date" | "endDate" | "location" | "arenaName">, match: Pick<Match, "name" | "place" | "distance">) {
  const where = [event.arenaName, event.location].filter(Boolean).join(", ");
  return {
    title: `New event: ${event.name}`,
    message: `${formatDateRange(event.date, event.endDate)} at ${where}, ${miles(match.distance)} from ${match.place} (your alert "${match.name}").`,
  };
}

/** Riders alerted per transaction: other writers wait at most one batch's time for the write lock. */
const BATCH = 100;

/**
 * Alerts the riders whose saved searches hold `event`; answers how many were
 * alerted now (riders alerted of it before are not counted, so running it
 * again after an interruption alerts only those not reached).
 */
function matchSavedSearches(db: Db, event: Event): number {
  const matches = findMatches(db, event);
  let sent = 0;
  for (let i = 0; i < matches.length; i += BATCH) {
    sent += db.transaction(() => {
      let n = 0;
      for (const match of matches.slice(i, i + BATCH)) {
        const alerted = sendAlert(db, {
          userId: match.userId,
          kind: "match",
          subject: `event:${event.id}`,
          ...matchAlertText(event, match),
          url: `/share/event/${event.id}`,
          relatedEventId: event.id,
          email: match.email,
        });
        if (alerted) n += 1;
      }
      return n;
    });
  }
  return sent;
}

export const MATCH_JOB = "saved-search-match";

/**
 * Where an approved version of an event goes live (first approval, an
 * approved change, an administrator's edit of a listed event): queues the
 * match, inside the caller's transaction so it commits with the approval.
 */
export function queueSavedSearchMatch(db: Db, event: Pick<Event, "id" | "showbillApproved">) {
  if (!event.showbillApproved) return;
  const at = now();
  enqueueJob(db, { kind: MATCH_JOB, key: `${MATCH_JOB}:${event.id}:${at.getTime()}`, dueAt: at, payload: { eventId: event.id } });
}

/** The job: matches the event as it is now; a deleted event alerts nobody. */
export function runSavedSearchMatch(db: Db, job: Pick<Job, "payload">) {
  const eventId = job.payload?.eventId;
  if (typeof eventId !== "string") return;
  const event = db.select().from(events).where(eq(events.id, eventId)).get();
  if (event) matchSavedSearches(db, event);
}
