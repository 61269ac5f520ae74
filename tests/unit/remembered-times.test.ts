import { describe, expect, it } from "vitest";
import { formatRunAt } from "~/lib/dates";
import { dateToWallClock } from "~/lib/zoned-time";

// Both keep the texts they made lately: a text kept must never stand in for another zone or minute.
describe("times remembered between calls", () => {
  it("gives each zone and each minute its own wall-clock time", () => {
    const at = new Date("2026-11-26T17:59:30Z");
    expect(dateToWallClock(at, "America/Chicago")).toBe("2026-11-26T11:59");
    expect(dateToWallClock(at, "America/Denver")).toBe("2026-11-26T10:59");
    expect(dateToWallClock(new Date("2026-11-26T17:59:59.999Z"), "America/Chicago")).toBe("2026-11-26T11:59");
    expect(dateToWallClock(new Date("2026-11-26T18:00:00Z"), "America/Chicago")).toBe("2026-11-26T12:00");
    expect(dateToWallClock(at, "America/Chicago")).toBe("2026-11-26T11:59");
  });

  it("formats the same instant for each zone, and each instant apart", () => {
    const run = "2026-07-04T02:30:00Z";
    expect(formatRunAt(run, "America/New_York")).toBe("Fri, Jul 3, 2026, 10:30 PM");
    expect(formatRunAt(run, "America/Los_Angeles")).toBe("Fri, Jul 3, 2026, 7:30 PM");
    expect(formatRunAt(new Date(run), "America/New_York")).toBe("Fri, Jul 3, 2026, 10:30 PM");
    expect(formatRunAt(Date.parse(run) + 60_000, "America/New_York")).toBe("Fri, Jul 3, 2026, 10:31 PM");
    for (let i = 0; i < 5000; i++) formatRunAt(Date.parse(run) + i * 60_000, "America/Chicago");
    expect(formatRunAt(run, "America/New_York")).toBe("Fri, Jul 3, 2026, 10:30 PM");
  });
});
