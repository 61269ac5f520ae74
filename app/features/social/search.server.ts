import { and, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import zipcodes from "zipcodes";
import { users, type User } from "#db/schema";
import { distanceMiles, lookupZip } from "~/lib/gazetteer.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { startsWithPattern } from "~/lib/prepared.server";
import { viewerFollows } from "./follows.server";
import { presentListedUser } from "./presenters.server";

export const SEARCH_LIMIT = 50;

/** US ZIPs within `radius` miles of `zip`: a bounding-box cut, then the exact distance. */
function zipsWithin(zip: string, radius: number): string[] {
  const origin = lookupZip(zip);
  if (!origin) throw new HttpError(400, "ZIP code not found");
  const dLat = radius / 69;
  const dLng = radius / (69 * Math.cos((origin.latitude * Math.PI) / 180));
  const found: string[] = [];
  for (const c of Object.values(zipcodes.codes)) {
    if (c.country !== "US" || c.latitude == null || c.longitude == null) continue;
    if (Math.abs(c.latitude - origin.latitude) > dLat || Math.abs(c.longitude - origin.longitude) > dLng) continue;
    if (distanceMiles(origin, { latitude: c.latitude, longitude: c.longitude }) <= radius) found.push(c.zip);
  }
  return found;
}

const fields = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  homeZipCode: users.homeZipCode,
  privacyMode: users.privacyMode,
};

const listable = (viewer: User) => and(eq(users.isActive, true), ne(users.privacyMode, "SOLO"), ne(users.id, viewer.id));

export type PeopleSearch = { query?: string; zipCode?: string; radius?: number; viewAll?: boolean };

/**
 * Riders the viewer may find (docs/security.md): SOLO riders never;
 * INVITE_ONLY riders by first name only, shown by first name only, and in a
 * ZIP-radius search only to their followers; PUBLIC riders fully.
 */
export function searchPeople(db: Db, viewer: User, input: PeopleSearch) {
  const term = input.query?.trim().toLowerCase() ?? "";
  const conditions = [listable(viewer)];
  if (term) {
    const upper = `${term}\uffff`;
    const first = and(gte(sql`lower(${users.firstName})`, term), lt(sql`lower(${users.firstName})`, upper));
    const last = and(gte(sql`lower(${users.lastName})`, term), lt(sql`lower(${users.lastName})`, upper));
    // "%" and "_" typed in a name are characters of the name, not LIKE's wildcards.
    const full = sql`lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${startsWithPattern(term)} ESCAPE '\\'`;
    conditions.push(or(first, last, full)!);
  }
  let zips: string[] | null = null;
  if (input.zipCode && input.radius) {
    zips = zipsWithin(input.zipCode, input.radius);
    if (zips.length === 0) return [];
    conditions.push(inArray(users.homeZipCode, zips));
  }
  if (!term && !zips && !input.viewAll) {
    throw new HttpError(400, "Enter a name, or a ZIP code and a radius");
  }

  const candidates = db
    .select(fields)
    .from(users)
    .where(and(...conditions))
    .orderBy(users.firstName)
    .limit(SEARCH_LIMIT * 4)
    .all();
  const followed = viewerFollows(db, viewer, candidates.filter((c) => c.privacyMode === "INVITE_ONLY").map((c) => c.id));

  return candidates
    .filter((c) => {
      if (c.privacyMode === "PUBLIC" || followed.has(c.id)) return true;
      // An invite-only stranger: found by first name only, never by place or "view all".
      return Boolean(term) && !zips && c.firstName.toLowerCase().startsWith(term);
    })
    .slice(0, SEARCH_LIMIT)
    .map((c) => presentListedUser(c, c.privacyMode === "PUBLIC" || followed.has(c.id)));
}
