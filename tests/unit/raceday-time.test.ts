import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, formatRaceTime, MAX_RACE_TIME_MS, ordinal, parseRaceTime, PENALTY_MS, placingLabel } from "~/features/raceday/time";

describe("parseRaceTime", () => {
  it.each([
    ["15.482", 15482],
    ["15.48", 15480],
    ["15.4", 15400],
    ["15", 15000],
    [" 15.482 ", 15482],
    ["15,482", 15482],
    ["0.001", 1],
    ["999.999", 999999],
    ["007.5", 7500],
  ])("reads %j as %i thousandths", (text, ms) => {
    expect(parseRaceTime(text)).toBe(ms);
  });

  it.each(["", " ", "-15.482", "+15.482", "15.4821", "1000", "1000.000", "0", "0.000", "15.", ".482", "15.48s", "abc", "15:48", "1e3", "15.4.8", "NaN", "Infinity"])(
    "refuses %j",
    (text) => {
      expect(parseRaceTime(text)).toBeNull();
    },
  );

  it("refuses what is not text", () => {
    expect(parseRaceTime(15482 as unknown as string)).toBeNull();
    expect(parseRaceTime(null as unknown as string)).toBeNull();
  });

  it("reads back every time it formats", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_RACE_TIME_MS }), (ms) => {
        expect(parseRaceTime(formatRaceTime(ms))).toBe(ms);
      }),
    );
  });
});

describe("formatRaceTime", () => {
  it.each([
    [15482, "15.482"],
    [15480, "15.480"],
    [15000, "15.000"],
    [7, "0.007"],
    [999999, "999.999"],
    [15482 + 2 * PENALTY_MS, "25.482"],
  ])("shows %i as %j", (ms, text) => {
    expect(formatRaceTime(ms)).toBe(text);
  });
});

describe("formatCents", () => {
  it.each([
    [18500, "$185.00"],
    [-5, "-$0.05"],
    [0, "$0.00"],
    [7, "$0.07"],
    [123456, "$1,234.56"],
    [100000000, "$1,000,000.00"],
    [-123456, "-$1,234.56"],
  ])("shows %i cents as %j", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it("shows every amount so that its digits read back as the cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.replace(/[$,.]/g, ""))).toBe(cents);
      }),
    );
  });
});

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
  ])("calls %i %j", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it("labels a placing as riders say it", () => {
    expect(placingLabel(2, 3)).toBe("2D 3rd");
    expect(placingLabel(1, 1)).toBe("1D 1st");
  });
});
