import { describe, expect, it } from "vitest";
import { distanceMiles, lookupCityState, lookupZip, parseCityState, suggestCities } from "../../app/lib/gazetteer.server";

describe("lookupZip", () => {
  it("finds a real ZIP with its city, state and coordinates", () => {
    const place = lookupZip("76101");
    expect(place).toMatchObject({ zip: "76101", city: "Fort Worth", state: "TX" });
    expect(place!.latitude).toBeCloseTo(32.77, 1);
    expect(place!.longitude).toBeCloseTo(-97.29, 1);
  });

  it("keeps leading zeros and tolerates spaces", () => {
    expect(lookupZip(" 02108 ")).toMatchObject({ city: "Boston", state: "MA" });
  });

  it.each(["", "7610", "761011", "abcde", "00000", "K0H"])("answers null for %j", (zip) => {
    expect(lookupZip(zip)).toBeNull();
  });

  it("hands out copies, so a caller cannot corrupt the index", () => {
    lookupZip("76101")!.city = "Changed";
    expect(lookupZip("76101")!.city).toBe("Fort Worth");
  });
});

describe("lookupCityState", () => {
  it("finds a city's representative ZIP, whatever the case and spacing", () => {
    const expected = { zip: "76101", city: "Fort Worth", state: "TX" };
    expect(lookupCityState("Fort Worth, TX")).toMatchObject(expected);
    expect(lookupCityState("  fort   WORTH ,tx ")).toMatchObject(expected);
    expect(lookupCityState("Fort Worth TX")).toMatchObject(expected);
    expect(lookupCityState("Fort Worth, Texas 76102")).toMatchObject(expected);
  });

  it("reads the city and state out of a full address and expands St. and Ft", () => {
    expect(lookupCityState("2400 NE 23rd St, Oklahoma City, OK")).toMatchObject({ city: "Oklahoma City", state: "OK" });
    expect(lookupCityState("St. Louis, MO")).toMatchObject({ city: "Saint Louis", state: "MO" });
  });

  it.each([
    ["Winston-Salem, NC", "Winston-Salem"],
    ["Wilkes-Barre, PA", "Wilkes-Barre"],
    ["Coeur d'Alene, ID", "Coeur d'Alene"],
    ["Coeur d\u2019Alene, ID", "Coeur d'Alene"],
    ["O'Fallon, MO", "O'Fallon"],
    ["Lee's Summit, MO", "Lee's Summit"],
    ["winston salem nc", "Winston-Salem"],
    ["Coeur D Alene, ID", "Coeur d'Alene"],
    ["McKinney, TX", "McKinney"],
  ])("finds %j whatever its hyphens and apostrophes, and names it as people write it", (text, city) => {
    expect(lookupCityState(text)).toMatchObject({ city });
  });

  it("reads the state of a place it does not know", () => {
    expect(parseCityState("Rocking R Ranch, Salina, KS")).toEqual({ city: "Salina", state: "KS" });
    expect(parseCityState("Somewhere, New Mexico")).toEqual({ city: "Somewhere", state: "NM" });
    expect(parseCityState("Salina")).toBeNull();
  });

  it.each(["", "Fort Worth", "Fort Worth, ZZ", "Nowhereville, TX", "TX"])("answers null for %j", (text) => {
    expect(lookupCityState(text)).toBeNull();
  });
});

describe("suggestCities", () => {
  it("suggests cities by the start of their name, in the SPEC's shape", () => {
    const suggestions = suggestCities("Fort W");
    expect(suggestions[0]).toEqual({ description: "Fort Worth, TX", place_id: "76101" });
    expect(suggestions.length).toBeLessThanOrEqual(8);
    for (const s of suggestions) expect(s.description).toMatch(/^Fort W.*, [A-Z]{2}$/);
  });

  it("suggests hyphenated and apostrophe names as typed either way, written as people write them", () => {
    expect(suggestCities("Winston-Sa").map((s) => s.description)).toContain("Winston-Salem, NC");
    expect(suggestCities("Winston Sa").map((s) => s.description)).toContain("Winston-Salem, NC");
    expect(suggestCities("Coeur d'Al").map((s) => s.description)).toContain("Coeur d'Alene, ID");
    expect(suggestCities("Coeur D Al").map((s) => s.description)).toContain("Coeur d'Alene, ID");
  });

  it("puts an exact name first, then larger places, with no repeats", () => {
    const names = suggestCities("dallas", 20).map((s) => s.description);
    expect(names[0]).toBe("Dallas, TX");
    expect(new Set(names).size).toBe(names.length);
    const san = suggestCities("San", 8).map((s) => s.description);
    expect(san).toContain("San Antonio, TX");
  });

  it("narrows by a state typed after a comma, and honours the limit", () => {
    expect(suggestCities("Fort Worth, T")).toEqual([{ description: "Fort Worth, TX", place_id: "76101" }]);
    expect(suggestCities("Spring", 3)).toHaveLength(3);
  });

  it("answers nothing under 3 characters or for an unknown name", () => {
    expect(suggestCities("")).toEqual([]);
    expect(suggestCities("Fo")).toEqual([]);
    expect(suggestCities("  F ")).toEqual([]);
    expect(suggestCities("Xqzv")).toEqual([]);
  });
});

describe("distanceMiles", () => {
  it("measures Fort Worth to Dallas at about 30 miles", () => {
    const d = distanceMiles(lookupCityState("Fort Worth, TX")!, lookupCityState("Dallas, TX")!);
    expect(d).toBeGreaterThan(25);
    expect(d).toBeLessThan(35);
  });

  it("is zero for one point and symmetric", () => {
    const okc = lookupZip("73101")!;
    const denver = lookupZip("80201")!;
    expect(distanceMiles(okc, okc)).toBe(0);
    expect(distanceMiles(okc, denver)).toBeCloseTo(distanceMiles(denver, okc), 6);
    // Oklahoma City to Denver is roughly 500 miles as the crow flies.
    expect(distanceMiles(okc, denver)).toBeGreaterThan(450);
    expect(distanceMiles(okc, denver)).toBeLessThan(560);
  });
});
