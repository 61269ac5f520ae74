import { describe, expect, it } from "vitest";
import { daysBetween, isDay, PAPER_MESSAGES, paperSchema, paperStatus } from "../../app/schemas/papers";

describe("paper dates", () => {
  it.each([
    ["2026-11-24", true],
    ["2028-02-29", true],
    ["2027-02-29", false],
    ["2026-13-01", false],
    ["2026-1-01", false],
    ["11/24/2026", false],
    ["", false],
  ])("%s is a day: %s", (value, expected) => {
    expect(isDay(value)).toBe(expected);
  });

  it("counts whole days across month ends and daylight saving changes", () => {
    expect(daysBetween("2026-11-24", "2026-12-24")).toBe(30);
    expect(daysBetween("2027-03-01", "2027-03-21")).toBe(20);
    expect(daysBetween("2027-03-21", "2027-03-20")).toBe(-1);
  });

  it.each([
    [null, "current"],
    ["2026-12-25", "current"],
    ["2026-12-24", "expiring"],
    ["2026-11-24", "expiring"],
    ["2026-11-23", "expired"],
  ] as const)("a paper expiring %s is %s on 2026-11-24", (expiresOn, status) => {
    expect(paperStatus(expiresOn, "2026-11-24")).toBe(status);
  });
});

describe("the paper schema", () => {
  const issue = (input: Record<string, unknown>) => paperSchema.safeParse(input).error?.issues[0]?.message;
  it("takes a registration without dates, and a Coggins with its expiry", () => {
    expect(paperSchema.parse({ kind: "registration", issuedOn: "", expiresOn: "" })).toEqual({ kind: "registration", issuedOn: undefined, expiresOn: undefined });
    expect(paperSchema.parse({ kind: "coggins", expiresOn: " 2027-06-01 " })).toMatchObject({ expiresOn: "2027-06-01" });
  });
  it("says why a paper's fields are refused", () => {
    expect(issue({ kind: "passport" })).toBe(PAPER_MESSAGES.kind);
    expect(issue({ kind: "coggins" })).toBe(PAPER_MESSAGES.expiresRequired);
    expect(issue({ kind: "other", issuedOn: "2027-01-02", expiresOn: "2027-01-01" })).toBe(PAPER_MESSAGES.expiresAfterIssued);
    expect(issue({ kind: "other", expiresOn: "2027-02-30" })).toBe(PAPER_MESSAGES.date);
  });
});
