import { createRequire } from "node:module";

/**
 * Offline US places from the `zipcodes` package: ZIP to city, city to ZIP,
 * city suggestions and distances, with no network call and no API key.
 */

export type Place = { zip: string; city: string; state: string; latitude: number; longitude: number };
export type CitySuggestion = { description: string; place_id: string };
export type Point = { latitude: number; longitude: number };

type City = { key: string; place: Place; zipCount: number };
type Index = {
  byZip: Map<string, Place>;
  byCity: Map<string, City>;
  /** Sorted by key, so a prefix is one contiguous range found by binary search. */
  cities: City[];
};

let index: Index | undefined;

const ABBREVIATIONS: Record<string, string> = { st: "saint", ft: "fort", mt: "mount" };

/**
 * "  Fort   Worth " and "fort worth" are one key; so are "St. Louis" and
 * "Saint Louis", "Winston-Salem" and the data's "Winston Salem", "Coeur
 * d'Alene" and "Coeur D Alene": people and the data both abbreviate and
 * punctuate, inconsistently. Spaces go last, so "DeKalb" meets "De Kalb"
 * and "Lee's Summit" meets "Lees Summit".
 */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.\-'‘’`]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\b(st|ft|mt)\b(?= )/g, (word) => ABBREVIATIONS[word]!)
    .replace(/[^a-z0-9]/g, "");
}

/** Names the rules below cannot rebuild: the data drops hyphens and apostrophes. */
const WRITTEN_AS: Record<string, string> = {
  "Winston Salem": "Winston-Salem",
  "Wilkes Barre": "Wilkes-Barre",
  "Sedro Woolley": "Sedro-Woolley",
  "Milton Freewater": "Milton-Freewater",
  "Lees Summit": "Lee's Summit",
  "Land O Lakes": "Land O' Lakes",
  Dekalb: "DeKalb",
};

/**
 * A city as people write it ("Coeur d'Alene", "O'Fallon", "McKinney"), not
 * as the postal data stores it ("Coeur D Alene", "O Fallon", "Mckinney").
 * This is the one place names are shaped: suggestions, event places, saved
 * searches and the alerts and mails that name them all read the index.
 */
export function writtenCity(city: string): string {
  return (WRITTEN_AS[city] ?? city)
    .replace(/ D (?=[A-Z])/g, " d'")
    .replace(/\bO (?=[A-Z][a-z])/g, "O'")
    .replace(/\bMc([a-z])/g, (_m, c: string) => `Mc${c.toUpperCase()}`);
}

const cityKey = (city: string, state: string) => `${normalize(city)}|${state.toUpperCase()}`;

/**
 * The package's data is 5 MB of JavaScript (about half a second to load), so
 * it is required on first use rather than when the server starts.
 */
function loadRecords() {
  const require = createRequire(import.meta.url);
  return (require("zipcodes") as typeof import("zipcodes")).codes;
}

function buildIndex(): Index {
  const byZip = new Map<string, Place>();
  const byCity = new Map<string, City>();
  for (const r of Object.values(loadRecords())) {
    if (r.country !== "US" || typeof r.latitude !== "number" || typeof r.longitude !== "number") continue;
    const place: Place = { zip: r.zip, city: writtenCity(r.city), state: r.state, latitude: r.latitude, longitude: r.longitude };
    byZip.set(place.zip, place);
    const key = cityKey(place.city, place.state);
    const city = byCity.get(key);
    // The lowest ZIP of a city is usually its main (downtown) post office.
    if (!city) byCity.set(key, { key, place, zipCount: 1 });
    else {
      city.zipCount += 1;
      if (place.zip < city.place.zip) city.place = place;
    }
  }
  const cities = [...byCity.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { byZip, byCity, cities };
}

function getIndex(): Index {
  index ??= buildIndex();
  return index;
}

const copy = (place: Place): Place => ({ ...place });

export function lookupZip(zip: string): Place | null {
  const code = String(zip ?? "").trim();
  if (!/^\d{5}$/.test(code)) return null;
  const place = getIndex().byZip.get(code);
  return place ? copy(place) : null;
}

const STATE_NAMES: Record<string, string> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO",
  connecticut: "CT", delaware: "DE", "district of columbia": "DC", florida: "FL", georgia: "GA",
  hawaii: "HI", idaho: "ID", illinois: "IL", indiana: "IN", iowa: "IA", kansas: "KS", kentucky: "KY",
  louisiana: "LA", maine: "ME", maryland: "MD", massachusetts: "MA", michigan: "MI", minnesota: "MN",
  mississippi: "MS", missouri: "MO", montana: "MT", nebraska: "NE", nevada: "NV", "new hampshire": "NH",
  "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND",
  ohio: "OH", oklahoma: "OK", oregon: "OR", pennsylvania: "PA", "puerto rico": "PR", "rhode island": "RI",
  "south carolina": "SC", "south dakota": "SD", tennessee: "TN", texas: "TX", utah: "UT", vermont: "VT",
  virginia: "VA", washington: "WA", "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
};

/** "TX", "tx" or "Texas" to "TX"; anything else to null. */
function stateCode(text: string): string | null {
  const t = text.toLowerCase().replace(/\./g, "").replace(/\s+/g, " ").trim();
  if (/^[a-z]{2}$/.test(t)) return t.toUpperCase();
  return STATE_NAMES[t] ?? null;
}

/**
 * Splits "Fort Worth, TX", "fort worth tx", "Fort Worth, Texas 76101" or a
 * full "12 Main St, Fort Worth, TX" into a city and a state code.
 */
export function parseCityState(text: string): { city: string; state: string } | null {
  const cleaned = text.replace(/\s+\d{5}(-\d{4})?\s*$/, "").trim();
  const parts = cleaned.split(",").map((p) => p.trim()).filter(Boolean);
  if (parts.length >= 2) {
    const state = stateCode(parts[parts.length - 1]!);
    return state ? { city: parts[parts.length - 2]!, state } : null;
  }
  const words = cleaned.split(/\s+/);
  if (words.length < 2) return null;
  const state = stateCode(words[words.length - 1]!);
  return state ? { city: words.slice(0, -1).join(" "), state } : null;
}

export function lookupCityState(text: string): Place | null {
  const parsed = parseCityState(String(text ?? ""));
  if (!parsed) return null;
  const city = getIndex().byCity.get(cityKey(parsed.city, parsed.state));
  return city ? copy(city.place) : null;
}

/** First position in the sorted cities whose key is not below `prefix`. */
function lowerBound(cities: City[], prefix: string): number {
  let lo = 0;
  let hi = cities.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cities[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const SUGGEST_MIN_CHARS = 3;

/**
 * Cities whose name starts with the query ("Fort W"), optionally narrowed by
 * a state after a comma ("Fort Worth, T"). An exact name comes first, then
 * bigger places (more ZIPs), then alphabetical.
 */
export function suggestCities(query: string, limit = 8): CitySuggestion[] {
  const [cityPart = "", statePart = ""] = String(query ?? "").split(",");
  // The minimum counts what was typed, before "Ft" grows into "fort".
  if (cityPart.trim().length < SUGGEST_MIN_CHARS || limit <= 0) return [];
  const prefix = normalize(cityPart);
  const statePrefix = statePart.trim().toUpperCase();
  const { cities } = getIndex();
  const matches: City[] = [];
  for (let i = lowerBound(cities, prefix); i < cities.length && cities[i]!.key.startsWith(prefix); i++) {
    if (cities[i]!.place.state.startsWith(statePrefix)) matches.push(cities[i]!);
  }
  const name = (c: City) => c.key.slice(0, c.key.indexOf("|"));
  matches.sort(
    (a, b) =>
      Number(name(b) === prefix) - Number(name(a) === prefix) ||
      b.zipCount - a.zipCount ||
      a.key.localeCompare(b.key),
  );
  // Keys are already unique per city and state, so no two suggestions repeat.
  return matches.slice(0, limit).map((c) => ({
    description: `${c.place.city}, ${c.place.state}`,
    place_id: c.place.zip,
  }));
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in miles. */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
