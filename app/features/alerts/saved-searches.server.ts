import { UNKNOWN_ZIP } from "~/schemas/constants";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { savedSearches, type SavedSearch, type User } from "#db/schema";
import { circleBox, todayFor } from "~/features/events/search.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { lookupCityState, lookupZip, type Place } from "~/lib/gazetteer.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce } from "~/lib/prepared.server";
import { EVENT_MESSAGES } from "~/schemas/events";
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
  type SavedSearchInput,
  type SavedSearchUpdate,
} from "~/schemas/saved-searches";

/**
 * A rider's saved searches ("Alert me"): at most MAX_SAVED_SEARCHES each.
 * The place is resolved when saved, as Discover's search resolves it (a ZIP
 * code first, else "City, ST"), and stored with the box around the circle,
 * which the R*Tree saved_searches_rtree indexes (kept by triggers) so that
 * matching an approved event reads only the searches that may hold it
 * (matching.server.ts).
 */

/** What a rider and the API see of a saved search: never the box or another rider's id. */
function presentSavedSearch(s: SavedSearch) {
  return {
    id: s.id,
    name: s.name,
    zipCode: s.zipCode,
    cityState: s.cityState,
    radius: s.radius,
    startDate: s.startDate,
    endDate: s.endDate,
    arenaType: s.arenaType,
    groundType: s.groundType,
    minAddedMoney: s.minAddedMoney,
    eventType: s.eventType,
    email: s.email,
    paused: s.paused,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
export type SavedSearchView = ReturnType<typeof presentSavedSearch>;

const savedSearchesOf = preparedOnce((db) =>
  db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, sql.placeholder("userId")))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
    .prepare(),
);

export function listSavedSearches(db: Db, userId: string): SavedSearchView[] {
  return savedSearchesOf(db).all({ userId }).map(presentSavedSearch);
}

/** The place of a ZIP code or "City, ST", as the event search finds it; 400 with the search's words when unknown. */
function resolvePlace(input: { zipCode?: string | null; cityState?: string | null }): { zipCode: string | null; cityState: string | null; place: Place } {
  if (input.zipCode) {
    const place = lookupZip(input.zipCode);
    if (!place) throw new HttpError(400, UNKNOWN_ZIP, { errors: { zipCode: [UNKNOWN_ZIP] } });
    return { zipCode: input.zipCode, cityState: null, place };
  }
  const place = input.cityState ? lookupCityState(input.cityState) : null;
  if (!place) {
    const message = 'We could not find that place. Try a ZIP code or "City, ST".';
    throw new HttpError(400, message, { errors: { cityState: [message] } });
  }
  // Stored as the gazetteer names it, so Settings shows "Fort Worth, TX" for "fort worth tx".
  return { zipCode: null, cityState: `${place.city}, ${place.state}`, place };
}

/** An end date already past would never match: say so (the rider's day, as Discover's search counts it). */
function checkNotEnded(user: Pick<User, "homeZipCode">, endDate: string | null | undefined) {
  if (endDate && endDate < todayFor(user.homeZipCode, now())) {
    throw new HttpError(400, SAVED_SEARCH_MESSAGES.ended, { errors: { endDate: [SAVED_SEARCH_MESSAGES.ended] } });
  }
}

/** The circle's columns: center and the box the R*Tree indexes. */
function circle(place: Place, radius: number) {
  return { latitude: place.latitude, longitude: place.longitude, radius, ...circleBox(place, radius) };
}

export function createSavedSearch(db: Db, user: Pick<User, "id" | "homeZipCode">, input: SavedSearchInput): SavedSearchView {
  checkNotEnded(user, input.endDate);
  const { zipCode, cityState, place } = resolvePlace(input);
  const row = {
    userId: user.id,
    name: input.name,
    zipCode,
    cityState,
    ...circle(place, input.radius),
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    arenaType: input.arenaType ?? null,
    groundType: input.groundType ?? null,
    minAddedMoney: input.minAddedMoney ?? null,
    eventType: input.eventType ?? null,
    email: input.email,
  };
  // Counted and inserted under the write lock (transactions begin IMMEDIATE): two saves at once cannot pass the limit.
  const saved = db.transaction((tx) => {
    const n = tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, user.id)).get()?.n ?? 0;
    if (n >= MAX_SAVED_SEARCHES) return null;
    return tx.insert(savedSearches).values(row).returning().get();
  });
  if (!saved) throw new HttpError(409, SAVED_SEARCH_MESSAGES.limit, { code: "saved_search_limit" });
  return presentSavedSearch(saved);
}

/** One of the rider's own searches; another rider's answers like a missing one (404). */
function ownSearch(db: Db, userId: string, id: number) {
  const row = Number.isSafeInteger(id) && id > 0
    ? db.select().from(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).get()
    : undefined;
  if (!row) throw new HttpError(404, SAVED_SEARCH_MESSAGES.notFound);
  return row;
}

export function updateSavedSearch(db: Db, user: Pick<User, "id" | "homeZipCode">, id: number, input: SavedSearchUpdate): SavedSearchView {
  const current = ownSearch(db, user.id, id);
  const change: Partial<typeof savedSearches.$inferInsert> = {};
  for (const key of ["name", "startDate", "endDate", "arenaType", "groundType", "minAddedMoney", "eventType", "email", "paused"] as const) {
    if (input[key] !== undefined) (change as Record<string, unknown>)[key] = input[key];
  }
  const startDate = change.startDate !== undefined ? change.startDate : current.startDate;
  const endDate = change.endDate !== undefined ? change.endDate : current.endDate;
  if (startDate && endDate && endDate < startDate) {
    throw new HttpError(400, EVENT_MESSAGES.searchRange, { errors: { endDate: [EVENT_MESSAGES.searchRange] } });
  }
  checkNotEnded(user, change.endDate);
  const moved = input.zipCode || input.cityState;
  if (moved || input.radius !== undefined) {
    const where = moved
      ? resolvePlace(input)
      : { zipCode: current.zipCode, cityState: current.cityState, place: { latitude: current.latitude, longitude: current.longitude } as Place };
    Object.assign(change, { zipCode: where.zipCode, cityState: where.cityState }, circle(where.place, input.radius ?? current.radius));
  }
  const row = db
    .update(savedSearches)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(savedSearches.id, current.id), eq(savedSearches.userId, user.id)))
    .returning()
    .get();
  if (!row) throw new HttpError(404, SAVED_SEARCH_MESSAGES.notFound);
  return presentSavedSearch(row);
}

export function deleteSavedSearch(db: Db, user: Pick<User, "id">, id: number) {
  const row = Number.isSafeInteger(id) && id > 0
    ? db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
        .returning({ id: savedSearches.id })
        .get()
    : undefined;
  if (!row) throw new HttpError(404, SAVED_SEARCH_MESSAGES.notFound);
}
