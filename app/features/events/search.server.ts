import type { Event, User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { addDays } from "~/lib/dates";
import { distanceMiles, lookupCityState, lookupZip, type Point } from "~/lib/gazetteer.server";
import { HttpError } from "~/lib/http.server";
import { statement } from "~/lib/prepared.server";
import type { EventSearch } from "~/schemas/events";
import { EVENT_MESSAGES, MAX_EVENT_DAYS } from "~/schemas/events";
import { dayIn } from "./dates";
import { apiRows, type ApiRow, type CardRow, type EventRows } from "./event-rows.server";
import { indexedFrom } from "./search-index.server";
import { zoneOfZip } from "./zones.server";

/**
 * Finding approved events: upcoming near a ZIP, and search by place, radius,
 * dates and filters. The R*Tree (events_rtree), the date index
 * (events_approved_date_geo_idx) and the index of events of several days
 * (events_multiday_date_geo_idx) carry it; see eventsNear and soonest.
 */

/** Most cards one answer carries; the list is sorted soonest first, so these are the ones that matter. */
export const RESULT_LIMIT = 100;

/** The rider's calendar day, in the zone of their home ZIP's state. */
export function todayFor(zip: string | null | undefined, now = new Date()) {
  return dayIn(zoneOfZip(zip), now);
}

/** An event found, with its whole-mile distance; by default with the fields a card shows (event-rows.server.ts). */
export type Located<E = CardRow> = { event: E; distance: number | null };

const MILES_PER_DEGREE = 69.05;
/** The same Earth radius as the gazetteer's distanceMiles, so SQL and JavaScript agree on the edge. */
const EARTH_RADIUS_MILES = 3958.8;

/** The great-circle distance in miles between two points, as SQL (SQLite's math functions): the gazetteer's distanceMiles. */
export const haversineSql = (lat: string, lng: string, centerLat: string, centerLng: string) => `2 * ${EARTH_RADIUS_MILES} * asin(min(1, sqrt(
      power(sin(radians(${lat} - ${centerLat}) / 2), 2) +
      cos(radians(${centerLat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${centerLng}) / 2), 2))))`;

/** The bounding box of a circle, padded a little so float edges never drop an event on the line. */
export function circleBox(center: Point, radius: number) {
  const dLat = (radius / MILES_PER_DEGREE) * 1.01;
  const cos = Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180));
  const dLng = (radius / (MILES_PER_DEGREE * cos)) * 1.01;
  return { minLat: center.latitude - dLat, maxLat: center.latitude + dLat, minLng: center.longitude - dLng, maxLng: center.longitude + dLng };
}

export type Filters = {
  from: string;
  to?: string;
  arenaType?: string;
  groundType?: string;
  minAddedMoney?: number;
  eventType?: string;
  /** A page after this event (by date, then id), and the order of pages: date, then id. */
  after?: PageMark | null;
  paged?: boolean;
};

/** Where a page of results ended: the last event's first day and id. */
export type PageMark = { date: string; id: string };

/**
 * Which first days an event found may have: any that leaves it running on or after `from` (an
 * event lasts at most MAX_EVENT_DAYS, so this also bounds the first day and the date index can be
 * used), `from` or later, or before `from` while it still runs then.
 */
type Begins = "any" | "from" | "before";

const BEGINS: Record<Begins, string[]> = {
  any: ["e.date >= @earliest", "coalesce(e.end_date, e.date) >= @from"],
  from: ["e.date >= @from"],
  before: ["e.date >= @earliest", "e.date < @from", "e.end_date >= @from"],
};

function filterSql(f: Filters, begins: Begins = "any") {
  // A cancelled or postponed event stays where riders already have it (saved, calendars, its link), not in what they find.
  const where: string[] = ["e.showbill_approved = 1", ...BEGINS[begins], "e.status = 'SCHEDULED'"];
  if (f.to) where.push("e.date <= @to");
  if (f.arenaType) where.push("e.arena_type = @arenaType");
  if (f.groundType) where.push("e.ground_type = @groundType");
  if (f.minAddedMoney !== undefined) where.push("e.added_money >= @minAddedMoney");
  if (f.eventType) where.push("EXISTS (SELECT 1 FROM json_each(e.event_type) WHERE value = @eventType)");
  if (f.after) where.push("(e.date > @afterDate OR (e.date = @afterDate AND e.id > @afterId))");
  return where.join(" AND ");
}

/** Pages need one order that never changes between requests: date, then id (unique). */
const orderOf = (f: Filters, ties: string) => (f.paged ? "e.date, e.id" : ties);

function params(f: Filters) {
  const p: Record<string, string | number> = { from: f.from, earliest: addDays(f.from, -MAX_EVENT_DAYS) };
  for (const key of ["to", "arenaType", "groundType", "minAddedMoney", "eventType"] as const) {
    if (f[key] !== undefined) p[key] = f[key]!;
  }
  if (f.after) {
    p.afterDate = f.after.date;
    p.afterId = f.after.id;
  }
  return p;
}

const distanceFrom = (center: Point | null, e: Pick<Event, "latitude" | "longitude">) =>
  center && e.latitude != null && e.longitude != null ? Math.round(distanceMiles(center, { latitude: e.latitude, longitude: e.longitude })) : null;

/**
 * Above this many events in the R*Tree's box, walking the date index finds the soonest `limit`
 * faster than sorting the box's events. Sorting costs in proportion to the box's events; the walk
 * in proportion to the events it passes before `limit` matches, fewer the more the box holds. The
 * two meet near 100 x the square root of the limit: 1,000 for the search API's 100, 361 for
 * Discover's 13 (bench/README.md, "Event search in process": 100,000 events a year).
 */
const denseAbove = (limit: number) => Math.round(100 * Math.sqrt(limit));

/**
 * Approved, scheduled events within `radius` miles of `center`, soonest first, with whole-mile distances.
 *
 * A box with few events (the usual case): the R*Tree gives the events in the
 * bounding box, SQLite keeps those within the exact (haversine) distance,
 * sorts them by date and cuts at `limit`. A box with many (a city, or a wide
 * radius): the date index is walked from the first day (soonest), so the
 * work depends on how many results are wanted, not on how many events exist.
 * The tree holds only events that ended at most a week ago
 * (search-index.server.ts), so its count is of what is to come; a search
 * from before that walks the date index.
 */
export function eventsNear<R = ApiRow>(
  db: Db,
  center: Point,
  radius: number,
  filters: Filters,
  limit = RESULT_LIMIT,
  rows: EventRows<R> = apiRows as unknown as EventRows<R>,
): Located<R>[] {
  const b = circleBox(center, radius);
  // The haversine runs in SQLite (math functions), so only the rows that are shown reach JavaScript.
  const haversine = haversineSql("e.latitude", "e.longitude", "@lat", "@lng");
  const values = { ...params(filters), ...b, lat: center.latitude, lng: center.longitude, radius, limit, cap: denseAbove(limit) + 1 };
  const dense =
    filters.from < indexedFrom(new Date()) ||
    (
      statement(
        db,
        `SELECT count(*) AS n FROM (SELECT 1 FROM events_rtree r
         WHERE r.min_lat <= @maxLat AND r.max_lat >= @minLat AND r.min_lng <= @maxLng AND r.max_lng >= @minLng LIMIT +@cap)`,
      ).get(values) as { n: number }
    ).n > denseAbove(limit);
  const found = dense
    ? // The unary + on latitude/longitude keeps them out of the index constraints: after ANALYZE the
      // planner otherwise prefers a skip-scan on latitude, which reads the whole box and sorts it
      // instead of walking dates.
      soonest(db, `, ${haversine} AS distance`, `+e.latitude BETWEEN @minLat AND @maxLat AND +e.longitude BETWEEN @minLng AND @maxLng AND ${haversine} <= @radius`, filters, values, rows)
    : statement(
        db,
        // The R*Tree's id is the event's rowid (db/migrations/0002_events_rtree.sql): the box's events
        // are found by it directly rather than by their text id (the R*Tree's event_id, read from a
        // table of its own: 1.8 µs an entry), sorted, and only the shown ones read whole. The box
        // only proposes; the distance and filters are checked on the event row itself, so a rowid
        // that moved (a VACUUM) could leave an event out of the box, never put another in.
        `SELECT ${rows.columns}, d.distance FROM (
           SELECT e.rowid AS rid, ${haversine} AS distance FROM events_rtree r CROSS JOIN events e ON e.rowid = r.id
           WHERE r.min_lat <= @maxLat AND r.max_lat >= @minLat AND r.min_lng <= @maxLng AND r.max_lng >= @minLng
             AND ${filterSql(filters)} AND ${haversine} <= @radius
           ORDER BY ${orderOf(filters, "e.date, e.name")} LIMIT +@limit) d
         CROSS JOIN events e ON e.rowid = d.rid
         ORDER BY ${orderOf(filters, "e.date, e.name")}`,
      )
        .raw(true)
        .all(values) as unknown[][];
  // The distance is the last column.
  return found.map((row) => ({ event: rows.read(row), distance: Math.round(row[row.length - 1] as number) }));
}

/**
 * The soonest approved, scheduled events passing the filters and `where` (SQL on the event `e`),
 * as array rows of the card or API columns and `extra`, cut at `values.limit`: first those still
 * running on the first day (begun before it: events of several days, from their own index), then
 * those beginning on it or later, walking the date index and stopping at the limit. Neither walk
 * passes the one-day events that ended before the first day. Both come in date order, ties within
 * a day in index order (no sort of a whole day's events).
 */
function soonest<R>(db: Db, extra: string, where: string, filters: Filters, values: Record<string, unknown> & { limit: number }, rows: EventRows<R>): unknown[][] {
  const running = statement(
    db,
    `SELECT ${rows.columns}${extra} FROM events e INDEXED BY events_multiday_date_geo_idx
     WHERE ${where} AND ${filterSql(filters, "before")} ORDER BY ${orderOf(filters, "e.date")} LIMIT +@limit`,
  )
    .raw(true)
    .all(values) as unknown[][];
  if (running.length >= values.limit) return running;
  const later = statement(
    db,
    `SELECT ${rows.columns}${extra} FROM events e INDEXED BY events_approved_date_geo_idx
     WHERE ${where} AND ${filterSql(filters, "from")} ORDER BY ${orderOf(filters, "e.date")} LIMIT +@limit`,
  )
    .raw(true)
    .all({ ...values, limit: values.limit - running.length }) as unknown[][];
  return running.length ? running.concat(later) : later;
}

/** Approved, scheduled events in a date range anywhere (a date range alone is a valid search). */
function eventsInDates<R extends Pick<Event, "latitude" | "longitude">>(db: Db, center: Point | null, filters: Filters, limit: number, rows: EventRows<R>): Located<R>[] {
  return soonest(db, "", "1", filters, { ...params(filters), limit }, rows).map((row) => {
    const event = rows.read(row);
    return { event, distance: distanceFrom(center, event) };
  });
}

type ListOptions<R> = { now?: Date; limit?: number; rows?: EventRows<R> };

/** GET /api/events and Discover: approved, scheduled events ending today or later near the home ZIP. */
export function listUpcoming<R extends Pick<Event, "latitude" | "longitude"> = ApiRow>(
  db: Db,
  homeZipCode: string | null | undefined,
  radius: number,
  { now = new Date(), limit = RESULT_LIMIT, rows = apiRows as unknown as EventRows<R> }: ListOptions<R> = {},
): Located<R>[] {
  const from = todayFor(homeZipCode, now);
  const home = homeZipCode ? lookupZip(homeZipCode) : null;
  if (!home) return eventsInDates(db, null, { from }, limit, rows);
  return eventsNear(db, home, radius, { from }, limit, rows);
}

export function searchEvents<R extends Pick<Event, "latitude" | "longitude"> = ApiRow>(
  db: Db,
  input: EventSearch,
  viewer: Pick<User, "homeZipCode"> | null,
  { now = new Date(), rows = apiRows as unknown as EventRows<R>, page }: Omit<ListOptions<R>, "limit"> & { page?: { limit: number; after: PageMark | null } } = {},
): Located<R>[] {
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
    after: page?.after ?? null,
    paged: Boolean(page),
  };
  const limit = page?.limit ?? RESULT_LIMIT;
  // A reversed range would find nothing without a word; say why instead.
  if (filters.to && filters.to < filters.from) {
    throw new HttpError(400, input.startDate ? EVENT_MESSAGES.searchRange : EVENT_MESSAGES.searchEnded, { errors: { endDate: [input.startDate ? EVENT_MESSAGES.searchRange : EVENT_MESSAGES.searchEnded] } });
  }
  // A later page starts its walk at the cursor's day rather than walking every page before it
  // again: whatever begins on or after that day is still running on the first day searched, so
  // the same events pass.
  if (filters.after && filters.after.date > filters.from) filters.from = filters.after.date;
  if (center) return eventsNear(db, center, input.radius, filters, limit, rows);
  const home = homeZip ? lookupZip(homeZip) : null;
  return eventsInDates(db, home, filters, limit, rows);
}

const CURSOR = /^(\d{4}-\d{2}-\d{2})~([^\n]{1,64})$/;

/** The cursor of a page's next page: opaque to clients, the last event's first day and id. */
export const cursorAfter = (mark: PageMark) => Buffer.from(`${mark.date}~${mark.id}`).toString("base64url");

/** Reads a cursor given back by a client; 400 for anything this search did not give. */
export function readCursor(cursor: string): PageMark {
  const match = CURSOR.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || cursorAfter({ date: match[1]!, id: match[2]! }) !== cursor) throw new HttpError(400, EVENT_MESSAGES.cursor, { errors: { cursor: [EVENT_MESSAGES.cursor] } });
  return { date: match[1]!, id: match[2]! };
}

/**
 * One page of a search: `limit` events after the cursor's, by date then id, and the cursor of the
 * next page (null after the last). One event more than the page is read to know whether another follows.
 */
export function searchEventsPage(
  db: Db,
  input: EventSearch & { limit?: number; cursor?: string | null },
  viewer: Pick<User, "homeZipCode"> | null,
  { now = new Date() } = {},
): { found: Located<ApiRow>[]; nextCursor: string | null } {
  const limit = input.limit ?? RESULT_LIMIT;
  const after = input.cursor ? readCursor(input.cursor) : null;
  const found = searchEvents(db, input, viewer, { now, page: { limit: limit + 1, after } });
  if (found.length <= limit) return { found, nextCursor: null };
  const shown = found.slice(0, limit);
  const last = shown[shown.length - 1]!.event;
  return { found: shown, nextCursor: cursorAfter({ date: last.date, id: last.id }) };
}

/** Whole-mile distances from the home ZIP, for lists that are not searched by place. */
export function withDistance<E extends Pick<Event, "latitude" | "longitude">>(list: E[], homeZipCode: string | null | undefined): Located<E>[] {
  const home = homeZipCode ? lookupZip(homeZipCode) : null;
  return list.map((event) => ({ event, distance: distanceFrom(home, event) }));
}
