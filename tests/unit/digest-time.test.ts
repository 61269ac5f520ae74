import { describe, expect, it } from "vitest";
import { nextDigest } from "~/features/alerts/digest-time";

describe("the daily digest's time", () => {
  it("is 7:00 on the rider's clock, today if still ahead, else tomorrow", () => {
    // Chicago is UTC-6 in winter, UTC-5 in summer.
    expect(nextDigest("America/Chicago", new Date("2026-12-01T12:59:00Z"))).toEqual({ day: "2026-12-01", dueAt: new Date("2026-12-01T13:00:00Z") });
    expect(nextDigest("America/Chicago", new Date("2026-12-01T13:00:00Z"))).toEqual({ day: "2026-12-02", dueAt: new Date("2026-12-02T13:00:00Z") });
    expect(nextDigest("America/Chicago", new Date("2026-07-01T05:00:00Z"))).toEqual({ day: "2026-07-01", dueAt: new Date("2026-07-01T12:00:00Z") });
    // 11 pm in Los Angeles is already the next day in UTC; the digest is still that morning's local 7:00.
    expect(nextDigest("America/Los_Angeles", new Date("2026-12-02T07:00:00Z"))).toEqual({ day: "2026-12-02", dueAt: new Date("2026-12-02T15:00:00Z") });
  });

  it("keeps 7:00 across daylight-saving changes", () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(nextDigest("America/New_York", new Date("2026-03-07T13:00:00Z")).dueAt).toEqual(new Date("2026-03-08T11:00:00Z"));
    expect(nextDigest("America/New_York", new Date("2026-10-31T12:00:00Z")).dueAt).toEqual(new Date("2026-11-01T12:00:00Z"));
    expect(nextDigest("Pacific/Honolulu", new Date("2026-06-01T00:00:00Z")).dueAt).toEqual(new Date("2026-06-01T17:00:00Z"));
  });
});
