import { describe, expect, it } from "vitest";
import { dayIn, zoneForState } from "../../app/features/events/dates";
import { toIcs } from "../../app/features/events/ics";
import { safeRedirect } from "../../app/features/events/redirect";
import { eventCreateSchema, eventSearchSchema, eventUpdateSchema } from "../../app/schemas/events";

describe("the rider's calendar day", () => {
  it("is still the same day at 11 pm in California while it is tomorrow in UTC", () => {
    const lateEvening = new Date("2030-03-07T07:00:00Z"); // 11 pm PST on March 6
    expect(dayIn(zoneForState("CA"), lateEvening)).toBe("2030-03-06");
    expect(dayIn(zoneForState("NY"), lateEvening)).toBe("2030-03-07");
    expect(zoneForState(undefined)).toBe("America/New_York");
  });
});

describe("toIcs", () => {
  it("writes all-day events with an exclusive end, escaping and folding text", () => {
    const ics = toIcs([{ id: "e1", name: "Fall Futurity, Day 1; Go", date: "2030-12-31", endDate: null, description: "A".repeat(120), location: "Fort Worth, TX" }], { now: new Date("2030-01-01T00:00:00Z") });
    expect(ics).toContain("DTSTART;VALUE=DATE:20301231\r\n");
    expect(ics).toContain("DTEND;VALUE=DATE:20310101\r\n");
    expect(ics).toContain("SUMMARY:Fall Futurity\\, Day 1\\; Go");
    expect(ics.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/share/event/1", "/share/event/1"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/\\evil", "/"],
    [null, "/"],
  ])("%s -> %s", (input, out) => expect(safeRedirect(input)).toBe(out));
});

describe("event schemas", () => {
  const base = { name: "A", location: "Fort Worth, TX", zipCode: "76101", date: "2030-01-01", eventType: ["rodeo"], confirmTerms: true };
  it("drops unknown event types and refuses an end before the start", () => {
    expect(eventUpdateSchema.parse({ eventType: ["rodeo", "bogus"] }).eventType).toEqual(["rodeo"]);
    const bad = eventCreateSchema.safeParse({ ...base, endDate: "2029-12-31" });
    expect(bad.success).toBe(false);
  });
  it("turns a bare website into https and refuses javascript: links", () => {
    expect(eventCreateSchema.parse({ ...base, contactFacebook: "example.org/barrels" }).contactFacebook).toBe("https://example.org/barrels");
    expect(eventCreateSchema.safeParse({ ...base, contactFacebook: "javascript:alert(1)" }).success).toBe(false);
  });
  it("defaults the search radius to 50 and allows a date range alone", () => {
    expect(eventSearchSchema.parse({ startDate: "2030-01-01" }).radius).toBe(50);
    expect(eventSearchSchema.safeParse({ cityState: "  ab " }).success).toBe(false);
  });
});
