import { describe, expect, it } from "vitest";
import { calendarUrl, eventTypeBadge, formatDateRange } from "~/features/events/format";

describe("formatDateRange", () => {
  it.each([
    ["2026-03-03", null, "Mar 3, 2026"],
    ["2026-03-03", "2026-03-03", "Mar 3, 2026"],
    ["2026-03-03", "2026-03-05", "Mar 3 – 5, 2026"],
    ["2026-03-30", "2026-04-02", "Mar 30 – Apr 2, 2026"],
    ["2026-12-30", "2027-01-02", "Dec 30, 2026 – Jan 2, 2027"],
  ])("%s to %s reads %s", (start, end, text) => expect(formatDateRange(start, end)).toBe(text));
});

describe("eventTypeBadge", () => {
  it("shows the first type, spaced and upper-cased, BARREL RACING by default", () => {
    expect(eventTypeBadge(["youth_rodeo", "rodeo"])).toBe("YOUTH RODEO");
    expect(eventTypeBadge([])).toBe("BARREL RACING");
    expect(eventTypeBadge(null)).toBe("BARREL RACING");
  });
});

describe("calendarUrl", () => {
  it("uses the start date as the end when there is none (exclusive end day)", () => {
    const url = new URL(calendarUrl({ name: "Barrels", date: "2026-12-31", location: "Ada, OK", arenaName: "Pontotoc Arena" }));
    expect(url.searchParams.get("dates")).toBe("20261231/20270101");
    expect(url.searchParams.get("text")).toBe("Barrels");
    expect(url.searchParams.get("location")).toBe("Pontotoc Arena, Ada, OK");
  });
});
