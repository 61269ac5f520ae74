import { describe, expect, it } from "vitest";
import { closingSentence, formatClosing } from "~/features/raceday/when";

/** When entries close, said so a midnight is not read as the end of the wrong day. */
describe("formatClosing", () => {
  const zone = "America/Chicago";
  // Midnight starting Nov 28 in Chicago (CST, UTC-6): the end of Nov 27.
  const midnight = "2026-11-28T06:00:00.000Z";

  it("says the end of the day before a midnight close", () => {
    expect(formatClosing(midnight, zone, new Date("2026-11-20T12:00:00Z"))).toEqual({ text: "the end of Nov 27, 2026 (midnight CST)", midnight: true });
  });

  it("says midnight tonight on the day that ends", () => {
    // 9 PM on Nov 27 in Chicago.
    expect(formatClosing(midnight, zone, new Date("2026-11-28T03:00:00Z")).text).toBe("midnight tonight (CST)");
  });

  it("says any other time as the event's pages do", () => {
    expect(formatClosing("2026-11-28T15:00:00.000Z", zone, new Date("2026-11-20T12:00:00Z"))).toEqual({ text: "Nov 28, 2026, 9:00 AM CST", midnight: false });
  });

  it("reads the midnight in the event's own zone, not the server's", () => {
    // Midnight in Denver is 1 AM in Chicago: not a midnight there.
    expect(formatClosing("2026-11-28T07:00:00.000Z", "America/Denver", new Date("2026-11-20T12:00:00Z")).text).toBe("the end of Nov 27, 2026 (midnight MST)");
    expect(formatClosing("2026-11-28T07:00:00.000Z", zone, new Date("2026-11-20T12:00:00Z")).midnight).toBe(false);
  });

  it("makes the sentence for open and closed entries", () => {
    const before = new Date("2026-11-20T12:00:00Z");
    expect(closingSentence(true, midnight, zone, before)).toBe("Entries close at the end of Nov 27, 2026 (midnight CST)");
    expect(closingSentence(false, midnight, zone, before)).toBe("Entries closed at the end of Nov 27, 2026 (midnight CST)");
    expect(closingSentence(true, "2026-11-28T15:00:00.000Z", zone, before)).toBe("Entries close Nov 28, 2026, 9:00 AM CST");
  });
});
