import { describe, expect, it } from "vitest";
import { formatLocalTime } from "~/features/events/format";
import { momentsOf } from "~/features/events/reminders.server";
import { entriesCloseAfterEnd } from "~/schemas/events";
import { zonedInstant } from "~/lib/zoned-time";

describe("zonedInstant", () => {
  it.each([
    ["2030-07-01T20:00", "America/Denver", "2030-07-02T02:00:00.000Z"],
    ["2030-01-01T00:00", "Pacific/Honolulu", "2030-01-01T10:00:00.000Z"],
    ["2030-03-10T05:00", "America/Chicago", "2030-03-10T10:00:00.000Z"], // just after the spring change
    ["2030-03-10T01:59", "America/Chicago", "2030-03-10T07:59:00.000Z"], // just before it
    ["2030-03-10T02:30", "America/Chicago", "2030-03-10T08:30:00.000Z"], // skipped: the hour after
    ["2030-11-03T01:30", "America/Chicago", "2030-11-03T06:30:00.000Z"], // twice: the first
    ["2030-11-03T03:00", "America/Chicago", "2030-11-03T09:00:00.000Z"],
    ["2030-07-01T20:00", "America/Phoenix", "2030-07-02T03:00:00.000Z"], // no summer time
  ])("%s in %s is %s", (local, zone, iso) => expect(zonedInstant(local, zone).toISOString()).toBe(iso));
});

describe("formatLocalTime", () => {
  it.each([
    ["2031-03-15T20:00", "Mar 15, 2031, 8:00 PM"],
    ["2031-03-15T00:05", "Mar 15, 2031, 12:05 AM"],
    ["2031-12-01T12:30", "Dec 1, 2031, 12:30 PM"],
  ])("%s reads %s", (local, text) => expect(formatLocalTime(local)).toBe(text));
});

describe("entries close", () => {
  it("may be at the latest the end of the event's last day, in its local time", () => {
    expect(entriesCloseAfterEnd("2031-06-14T23:59", "2031-06-14", null)).toBe(false);
    expect(entriesCloseAfterEnd("2031-06-15T00:00", "2031-06-14", null)).toBe(true);
    expect(entriesCloseAfterEnd("2031-06-15T18:00", "2031-06-14", "2031-06-15")).toBe(false);
    expect(entriesCloseAfterEnd(null, "2031-06-14", null)).toBe(false);
  });
});

describe("reminder moments", () => {
  it("are 48 hours before entries close and 9:00 the day before in the event's zone, each meaning nothing after its moment", () => {
    const moments = momentsOf({ id: "e", date: "2031-01-02", zipCode: "80202", entriesCloseAt: new Date("2030-12-30T03:00:00Z") });
    expect(moments.map((m) => ({ ...m, dueAt: m.dueAt.toISOString(), deadline: m.deadline.toISOString() }))).toEqual([
      { what: "entries-close", when: String(Date.parse("2030-12-30T03:00:00Z")), dueAt: "2030-12-28T03:00:00.000Z", deadline: "2030-12-30T03:00:00.000Z" },
      // Denver in winter: UTC-7; the day before crosses the new year.
      { what: "day-before", when: "2031-01-02", dueAt: "2031-01-01T16:00:00.000Z", deadline: "2031-01-02T07:00:00.000Z" },
    ]);
    expect(momentsOf({ id: "e", date: "2031-01-02", zipCode: "80202", entriesCloseAt: null }).map((m) => m.what)).toEqual(["day-before"]);
  });
});
