import { distanceMiles, lookupCityState, lookupZip, type Point } from "~/lib/gazetteer.server";
import { deleteUpload, findUpload } from "~/lib/uploads.server";
import { hashToken, newToken } from "~/lib/tokens.server";
import type { EventInput, EventSearch, EventUpdateInput } from "~/schemas/events";
import { EVENT_REPORT_REASONS, MAX_EVENT_DAYS } from "~/schemas/events";
import { dayIn, zoneForState } from "./dates";
import { and, eq, inArray, sql } from "drizzle-orm";
import { calendarFeeds, eventReports, events, savedEvents, users, type Event, type NewEvent, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";

/**
 * Unapproved events are hidden from everyone but their creator and admins;
 * hidden answers exactly like missing.
 */
export function canViewEvent(viewer: Pick<User, "id" | "isAdmin"> | null, event: Pick<Event, "showbillApproved" | "createdBy">) {
  if (event.showbillApproved) return true;
  if (!viewer) return false;
  return viewer.isAdmin || event.createdBy === viewer.id;
}

export function getVisibleEvent(db: Db, id: string, viewer: User | null): Event | null {
  const event = db.select().from(events).where(eq(events.id, id)).get();
  return event && canViewEvent(viewer, event) ? event : null;
}

export function isEventSaved(db: Db, userId: string, eventId: string) {
  return Boolean(
    db
      .select({ id: savedEvents.id })
      .from(savedEvents)
      .where(and(eq(savedEvents.userId, userId), eq(savedEvents.eventId, eventId)))
      .get(),
  );
}

/** Idempotent: the unique index makes a double click one row. */
export function saveEvent(db: Db, user: User, eventId: string) {
  const event = getVisibleEvent(db, eventId, user);
  if (!event) throw new HttpError(404, "Event not found");
  if (event.createdBy === user.id) {
    throw new HttpError(400, "You created this event: it is already in your Created Events.");
  }
  db.insert(savedEvents).values({ userId: user.id, eventId }).onConflictDoNothing().run();
}

export function unsaveEvent(db: Db, user: User, eventId: string) {
  db.delete(savedEvents)
    .where(and(eq(savedEvents.userId, user.id), eq(savedEvents.eventId, eventId)))
    .run();
}

// ---------------------------------------------------------------------------
// Discovery: upcoming near a ZIP, and search by place, radius, dates, filters
// ---------------------------------------------------------------------------


/** Most cards one answer carries; the list is sorted soonest first, so these are the ones that matter. */
export const RESULT_LIMIT = 100;
/** "Other approved events on the same dates" warning radius. */
export const CONFLICT_RADIUS_MILES = 75;

/** The rider's calendar day, in the zone of their home ZIP's state. */
export function todayFor(zip: string | null | undefined, now = new Date()) {
  return dayIn(zoneForState(zip ? lookupZip(zip)?.state : null), now);
}

export type Located = { event: Event; distance: number | null };

const MILES_PER_DEGREE = 69.05;
/** The same Earth radius as the gazetteer's distanceMiles, so SQL and JavaScript agree on the edge. */
const EARTH_RADIUS_MILES = 3958.8;

/** The bounding box of a circle, padded a little so float edges never drop an event on the line. */
function box(center: Point, radius: number) {
  const dLat = (radius / MILES_PER_DEGREE) * 1.01;
  const cos = Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180));
  const dLng = (radius / (MILES_PER_DEGREE * cos)) * 1.01;
  return { minLat: center.latitude - dLat, maxLat: center.latitude + dLat, minLng: center.longitude - dLng, maxLng: center.longitude + dLng };
}

type Filters = {
  from: string;
  to?: string;
  arenaType?: string;
  groundType?: string;
  minAddedMoney?: number;
  eventType?: string;
};

function filterSql(f: Filters) {
  // An event lasts at most MAX_EVENT_DAYS, so "ends on or after from" also bounds the start: the date index can be used.
  const where: string[] = ["e.showbill_approved = 1", "e.date >= @earliest", "coalesce(e.end_date, e.date) >= @from"];
  if (f.to) where.push("e.date <= @to");
  if (f.arenaType) where.push("e.arena_type = @arenaType");
  if (f.groundType) where.push("e.ground_type = @groundType");
  if (f.minAddedMoney !== undefined) where.push("e.added_money >= @minAddedMoney");
  if (f.eventType) where.push("EXISTS (SELECT 1 FROM json_each(e.event_type) WHERE value = @eventType)");
  return where.join(" AND ");
}

function params(f: Filters) {
  const p: Record<string, string | number> = { from: f.from, earliest: isoMinusDays(f.from, MAX_EVENT_DAYS) };
  for (const key of ["to", "arenaType", "groundType", "minAddedMoney", "eventType"] as const) {
    if (f[key] !== undefined) p[key] = f[key]!;
  }
  return p;
}

/** Raw rows to the Drizzle shape (snake_case columns, booleans, JSON, dates). */
function toEvent(row: Record<string, unknown>): Event {
  return {
    id: row.id as string,
    name: row.name as string,
    date: row.date as string,
    endDate: (row.end_date as string | null) ?? null,
    location: row.location as string,
    address: (row.address as string | null) ?? null,
    zipCode: row.zip_code as string,
    arenaName: (row.arena_name as string | null) ?? null,
    arenaType: row.arena_type as Event["arenaType"],
    groundType: (row.ground_type as string | null) ?? null,
    addedMoney: (row.added_money as number | null) ?? null,
    latitude: (row.latitude as number | null) ?? null,
    longitude: (row.longitude as number | null) ?? null,
    entryFee: (row.entry_fee as string | null) ?? null,
    description: (row.description as string | null) ?? null,
    contactName: (row.contact_name as string | null) ?? null,
    contactPhone: (row.contact_phone as string | null) ?? null,
    contactEmail: (row.contact_email as string | null) ?? null,
    contactFacebook: (row.contact_facebook as string | null) ?? null,
    showbillUrl: (row.showbill_url as string | null) ?? null,
    eventType: JSON.parse((row.event_type as string) || "[]") as string[],
    imageUrl: (row.image_url as string | null) ?? null,
    createdBy: (row.created_by as string | null) ?? null,
    showbillApproved: Boolean(row.showbill_approved),
    showbillReviewedBy: (row.showbill_reviewed_by as string | null) ?? null,
    showbillReviewedAt: row.showbill_reviewed_at == null ? null : new Date(Number(row.showbill_reviewed_at)),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: row.updated_at == null ? null : new Date(Number(row.updated_at)),
  };
}

const distanceFrom = (center: Point | null, e: Event) =>
  center && e.latitude != null && e.longitude != null ? Math.round(distanceMiles(center, { latitude: e.latitude, longitude: e.longitude })) : null;

/**
 * Approved events within `radius` miles of `center`: the R*Tree narrows to a
 * bounding box, then the exact (haversine) distance decides. Soonest first.
 */
/** Above this many index entries in the box, walking events in date order finds the soonest ones faster. */
const DENSE_BOX = 1000;

function isoMinusDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * Approved events within `radius` miles of `center`, soonest first, with whole-mile distances.
 *
 * Sparse box (the usual case): the R*Tree gives the events in the bounding
 * box, SQLite keeps those within the exact (haversine) distance, sorts them
 * by date and cuts at `limit`. Dense box (a city, or millions of events): the
 * date-ordered index (approved, date, lat, lng) is walked from the first
 * possible date and stops after `limit` matches, so the work depends on how
 * many results are wanted, not on how many events exist.
 */
export function eventsNear(db: Db, center: Point, radius: number, filters: Filters, limit = RESULT_LIMIT): Located[] {
  const b = box(center, radius);
  // The unary + on latitude/longitude (dense path) keeps them out of the index
  // constraints: after ANALYZE the planner otherwise prefers a skip-scan on
  // latitude, which reads the whole box and sorts it instead of walking dates.
  // The haversine runs in SQLite (math functions), so only the rows that are shown reach JavaScript.
  const haversine = `2 * ${EARTH_RADIUS_MILES} * asin(min(1, sqrt(
      power(sin(radians(e.latitude - @lat) / 2), 2) +
      cos(radians(@lat)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - @lng) / 2), 2))))`;
  const values = { ...params(filters), ...b, lat: center.latitude, lng: center.longitude, radius, limit };
  const inBox = (
    db.$client.prepare(
      `SELECT count(*) AS n FROM (SELECT 1 FROM events_rtree r
       WHERE r.min_lat <= @maxLat AND r.max_lat >= @minLat AND r.min_lng <= @maxLng AND r.max_lng >= @minLng LIMIT ${DENSE_BOX + 1})`,
    ).get(b) as { n: number }
  ).n;
  const rows = (
    inBox > DENSE_BOX
      ? db.$client.prepare(
          // Ties within a day come in index order here (no sort of a whole day's events).
          `SELECT e.*, ${haversine} AS distance FROM events e INDEXED BY events_approved_date_geo_idx
           WHERE +e.latitude BETWEEN @minLat AND @maxLat AND +e.longitude BETWEEN @minLng AND @maxLng
             AND ${filterSql(filters)} AND ${haversine} <= @radius
           ORDER BY e.date LIMIT @limit`,
        ).all(values)
      : db.$client.prepare(
          `SELECT e.*, ${haversine} AS distance FROM events_rtree r CROSS JOIN events e ON e.id = r.event_id
           WHERE r.min_lat <= @maxLat AND r.max_lat >= @minLat AND r.min_lng <= @maxLng AND r.max_lng >= @minLng
             AND ${filterSql(filters)} AND ${haversine} <= @radius
           ORDER BY e.date, e.name LIMIT @limit`,
        ).all(values)
  ) as Record<string, unknown>[];
  return rows.map((row) => ({ event: toEvent(row), distance: Math.round(row.distance as number) }));
}

/** Approved events in a date range anywhere (SPEC: "a date range alone is allowed"). */
function eventsInDates(db: Db, center: Point | null, filters: Filters, limit = RESULT_LIMIT): Located[] {
  const rows = db.$client.prepare(`SELECT e.* FROM events e INDEXED BY events_approved_date_geo_idx WHERE ${filterSql(filters)} ORDER BY e.date LIMIT ${limit}`).all(
    params(filters),
  ) as Record<string, unknown>[];
  return rows.map((row) => {
    const event = toEvent(row);
    return { event, distance: distanceFrom(center, event) };
  });
}

/** GET /api/events and Discover: approved events ending today or later near the home ZIP. */
export function listUpcoming(db: Db, homeZipCode: string | null | undefined, radius: number, { now = new Date(), limit = RESULT_LIMIT } = {}): Located[] {
  const from = todayFor(homeZipCode, now);
  const home = homeZipCode ? lookupZip(homeZipCode) : null;
  if (!home) return eventsInDates(db, null, { from }, limit);
  return eventsNear(db, home, radius, { from }, limit);
}

export function searchEvents(db: Db, input: EventSearch, viewer: Pick<User, "homeZipCode"> | null, now = new Date()): Located[] {
  let center: Point | null = null;
  if (input.zipCode) {
    center = lookupZip(input.zipCode);
    if (!center) throw new HttpError(400, "We could not find that ZIP code.");
  } else if (input.cityState) {
    center = lookupCityState(input.cityState);
    if (!center) throw new HttpError(400, 'We could not find that place. Try a ZIP code or "City, ST".');
  }
  const homeZip = input.userHomeZipCode ?? viewer?.homeZipCode ?? input.zipCode;
  const filters: Filters = {
    from: input.startDate ?? todayFor(homeZip, now),
    to: input.endDate,
    arenaType: input.arenaType,
    groundType: input.groundType,
    minAddedMoney: input.minAddedMoney,
    eventType: input.eventType,
  };
  if (center) return eventsNear(db, center, input.radius, filters);
  const home = homeZip ? lookupZip(homeZip) : null;
  return eventsInDates(db, home, filters);
}

export function savedIdsOf(db: Db, userId: string, eventIds: string[]) {
  if (!eventIds.length) return new Set<string>();
  return new Set(
    db
      .select({ eventId: savedEvents.eventId })
      .from(savedEvents)
      .where(and(eq(savedEvents.userId, userId), inArray(savedEvents.eventId, eventIds)))
      .all()
      .map((r) => r.eventId),
  );
}

// ---------------------------------------------------------------------------
// My Events: saved, created, past
// ---------------------------------------------------------------------------

/** Saved events the viewer may still see, excluding ones they created (SPEC.md section 4). */
export function listSaved(db: Db, user: User) {
  return db
    .select({ event: events, savedEvent: savedEvents })
    .from(savedEvents)
    .innerJoin(events, eq(events.id, savedEvents.eventId))
    .where(
      and(
        eq(savedEvents.userId, user.id),
        sql`(${events.createdBy} IS NULL OR ${events.createdBy} <> ${user.id})`,
        user.isAdmin ? undefined : eq(events.showbillApproved, true),
      ),
    )
    .orderBy(events.date)
    .all();
}

export function listCreated(db: Db, user: User) {
  return db.select().from(events).where(eq(events.createdBy, user.id)).orderBy(events.date).all();
}

export function withDistance(list: Event[], homeZipCode: string | null | undefined): Located[] {
  const home = homeZipCode ? lookupZip(homeZipCode) : null;
  return list.map((event) => ({ event, distance: distanceFrom(home, event) }));
}

/** My Events folders. Past = ended before the rider's today, newest first; Saved and Created hold the rest. */
export function myEvents(db: Db, user: User, now = new Date()) {
  const today = todayFor(user.homeZipCode, now);
  const ended = (e: Event) => (e.endDate || e.date) < today;
  const saved = listSaved(db, user).map((r) => r.event);
  const created = listCreated(db, user);
  const past = [...saved, ...created].filter(ended).sort((a, b) => (b.endDate || b.date).localeCompare(a.endDate || a.date));
  return {
    saved: withDistance(saved.filter((e) => !ended(e)), user.homeZipCode),
    created: withDistance(created.filter((e) => !ended(e)), user.homeZipCode),
    past: withDistance(past, user.homeZipCode),
    savedIds: new Set(saved.map((e) => e.id)),
  };
}

// ---------------------------------------------------------------------------
// Create and update
// ---------------------------------------------------------------------------

function locate(zipCode: string) {
  const place = lookupZip(zipCode);
  if (!place) throw new HttpError(400, "We could not find that ZIP code.", { errors: { zipCode: ["We could not find that ZIP code."] } });
  return place;
}

/** A showbill must be a file this app stored for this user (or the event's current one). */
function checkShowbill(url: string | null | undefined, user: User, current?: string | null): string | null {
  if (!url) return null;
  const path = url.replace(/^https?:\/\/[^/]+/, "");
  if (current && path === current) return current;
  if (!findUpload(path, { kind: "showbill", ownerId: user.id })) {
    throw new HttpError(400, "The showbill must be a file uploaded here.");
  }
  return path;
}

function columns(input: EventInput | EventUpdateInput) {
  const c: Partial<NewEvent> = {};
  const keys = [
    "name", "location", "zipCode", "address", "arenaName", "arenaType", "groundType", "addedMoney", "date", "endDate",
    "contactName", "contactPhone", "contactEmail", "contactFacebook", "eventType", "description", "entryFee",
  ] as const;
  for (const key of keys) {
    if (input[key] !== undefined) (c as Record<string, unknown>)[key] = input[key];
  }
  return c;
}

export function createEventFor(db: Db, user: User, input: EventInput): Event {
  const place = locate(input.zipCode);
  const showbillUrl = checkShowbill(input.showbillUrl, user);
  return db
    .insert(events)
    .values({
      ...(columns(input) as NewEvent),
      endDate: input.endDate && input.endDate !== input.date ? input.endDate : null,
      latitude: place.latitude,
      longitude: place.longitude,
      showbillUrl,
      createdBy: user.id,
      showbillApproved: false,
    })
    .returning()
    .get();
}

/** The event if `user` may edit it: its creator or an admin. Hidden answers like missing. */
export function getEditableEvent(db: Db, user: User, id: string): Event {
  const event = getVisibleEvent(db, id, user);
  if (!event) throw new HttpError(404, "Event not found");
  if (!user.isAdmin && event.createdBy !== user.id) throw new HttpError(403, "Only the event's creator can edit it.");
  return event;
}

/**
 * A creator's edit sends the event back for approval; an admin's edit keeps
 * its state. showbillUrl: undefined keeps it, null removes it, a new upload
 * replaces it (the old file is deleted).
 */
export function updateEventFor(db: Db, user: User, id: string, input: EventUpdateInput): Event {
  const event = getEditableEvent(db, user, id);
  const change: Partial<NewEvent> = { ...columns(input), updatedAt: new Date() };
  if (input.zipCode && input.zipCode !== event.zipCode) {
    const place = locate(input.zipCode);
    change.latitude = place.latitude;
    change.longitude = place.longitude;
  }
  const date = change.date ?? event.date;
  const endDate = input.endDate === undefined ? event.endDate : input.endDate;
  if (endDate && endDate < date) throw new HttpError(400, "End date must be on or after the start date");
  change.endDate = endDate && endDate !== date ? endDate : null;
  let removed: string | null = null;
  if (input.showbillUrl !== undefined) {
    change.showbillUrl = checkShowbill(input.showbillUrl, user, event.showbillUrl);
    if (event.showbillUrl && change.showbillUrl !== event.showbillUrl) removed = event.showbillUrl;
  }
  if (!user.isAdmin || event.createdBy === user.id) {
    change.showbillApproved = false;
    change.showbillReviewedBy = null;
    change.showbillReviewedAt = null;
  }
  const updated = db.update(events).set(change).where(eq(events.id, id)).returning().get();
  if (removed) deleteUpload(removed);
  return updated;
}

/** Other approved events overlapping these dates within 75 miles (the Add Event warning). */
export function nearbyConflicts(db: Db, input: { zipCode: string; date: string; endDate?: string | null }, excludeId?: string) {
  const place = lookupZip(input.zipCode);
  if (!place) return [];
  return eventsNear(db, place, CONFLICT_RADIUS_MILES, { from: input.date, to: input.endDate || input.date }, 5).filter(
    (l) => l.event.id !== excludeId,
  );
}

// ---------------------------------------------------------------------------
// Approval (the rule and its notification; the admin screens call this)
// ---------------------------------------------------------------------------


// ---------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------

export function reportEvent(db: Db, user: User, input: { eventId: string; reason: (typeof EVENT_REPORT_REASONS)[number]; description?: string }) {
  const event = getVisibleEvent(db, input.eventId, user);
  if (!event) throw new HttpError(404, "Event not found");
  return db
    .insert(eventReports)
    .values({ reporterId: user.id, eventId: event.id, reason: input.reason, description: input.description ?? null })
    .returning()
    .get();
}

// ---------------------------------------------------------------------------
// Calendar feed of saved events (secret URL, revocable)
// ---------------------------------------------------------------------------

export function hasCalendarFeed(db: Db, userId: string) {
  return Boolean(db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).get());
}

/** A new secret feed token; any previous URL stops working. Only the hash is kept, so the URL is shown once. */
export function rotateCalendarFeed(db: Db, userId: string) {
  const { token, hash } = newToken();
  db.insert(calendarFeeds)
    .values({ userId, tokenHash: hash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash, createdAt: new Date() } })
    .run();
  return token;
}

export function revokeCalendarFeed(db: Db, userId: string) {
  db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).run();
}

export function feedOwner(db: Db, token: string): User | null {
  const row = db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
    .get();
  return row?.user.isActive ? row.user : null;
}
