import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDollarsText } from "../../app/features/raceday/time";
import { parseDollars, parseSeconds } from "../../app/schemas/raceday";

describe("dollars typed into a form", () => {
  it("reads dollars and cents exactly, never through a float", () => {
    expect(parseDollars("50")).toBe(5000);
    expect(parseDollars("50.00")).toBe(5000);
    expect(parseDollars("50.5")).toBe(5050);
    expect(parseDollars("0.29")).toBe(29);
    expect(parseDollars("$1,250.05")).toBe(125005);
    for (const bad of ["", "-5", "5.001", "1,25", "fifty", "1e3", "5.", ".5", "12 34"]) expect(parseDollars(bad), bad).toBeNull();
  });

  it("gives back every amount of cents it printed", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => parseDollars(centsToDollarsText(cents)) === cents));
  });

  it("reads splits in thousandths", () => {
    expect(parseSeconds("0.5")).toBe(500);
    expect(parseSeconds("1")).toBe(1000);
    expect(parseSeconds("1.25")).toBe(1250);
    expect(parseSeconds("0.0005")).toBeNull();
  });
});
