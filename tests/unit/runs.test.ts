import { describe, expect, it } from "vitest";
import { canViewRun, canViewSharedRun } from "~/features/runs/policies.server";
import { computeTrends } from "~/features/runs/trends";
import { parseRunTime, PLACEMENTS, runLogSchema, timeSortValue, TIME_MESSAGE } from "~/schemas/runs";
import { PLACEMENT_MAX } from "~/schemas/constants";
import { formatRunTime } from "~/schemas/run-basics";

type Mode = "SOLO" | "INVITE_ONLY" | "PUBLIC";
const owner = (privacyMode: Mode, isActive = true) => ({ id: "owner", privacyMode, isActive });
const run = (privacy: "PUBLIC" | "PRIVATE") => ({ privacy, userId: "owner" });
const OWNER = { id: "owner" };
const STRANGER = { id: "stranger" };
const FOLLOWER = { id: "follower" };
const PENDING = { id: "pending" }; // asked to follow, not approved: no follows row
const ADMIN = { id: "admin", isAdmin: true };

describe("canViewRun (docs/security.md)", () => {
  // viewer, follows?, owner mode, run privacy, owner active, expected
  const table: [string, { id: string } | null, boolean, Mode, "PUBLIC" | "PRIVATE", boolean, boolean][] = [
    ["owner, SOLO, private", OWNER, false, "SOLO", "PRIVATE", true, true],
    ["owner, PUBLIC, private", OWNER, false, "PUBLIC", "PRIVATE", true, true],
    ["owner, INVITE_ONLY, public", OWNER, false, "INVITE_ONLY", "PUBLIC", true, true],
    ["stranger, PUBLIC owner, public run", STRANGER, false, "PUBLIC", "PUBLIC", true, true],
    ["stranger, PUBLIC owner, private run", STRANGER, false, "PUBLIC", "PRIVATE", true, false],
    ["stranger, INVITE_ONLY owner, public run", STRANGER, false, "INVITE_ONLY", "PUBLIC", true, false],
    ["stranger, SOLO owner, public run", STRANGER, false, "SOLO", "PUBLIC", true, false],
    ["follower, INVITE_ONLY owner, public run", FOLLOWER, true, "INVITE_ONLY", "PUBLIC", true, true],
    ["follower, INVITE_ONLY owner, private run", FOLLOWER, true, "INVITE_ONLY", "PRIVATE", true, false],
    ["follower, SOLO owner, public run", FOLLOWER, true, "SOLO", "PUBLIC", true, false],
    ["follower, PUBLIC owner, public run", FOLLOWER, true, "PUBLIC", "PUBLIC", true, true],
    ["pending requester, INVITE_ONLY owner, public run", PENDING, false, "INVITE_ONLY", "PUBLIC", true, false],
    ["admin, PUBLIC owner, private run", ADMIN, false, "PUBLIC", "PRIVATE", true, false],
    ["admin, INVITE_ONLY owner, public run", ADMIN, false, "INVITE_ONLY", "PUBLIC", true, false],
    ["admin, PUBLIC owner, public run", ADMIN, false, "PUBLIC", "PUBLIC", true, true],
    ["visitor, PUBLIC owner, public run", null, false, "PUBLIC", "PUBLIC", true, true],
    ["visitor claiming a follow, INVITE_ONLY owner", null, true, "INVITE_ONLY", "PUBLIC", true, false],
    ["stranger, banned PUBLIC owner, public run", STRANGER, false, "PUBLIC", "PUBLIC", false, false],
    ["follower, banned INVITE_ONLY owner, public run", FOLLOWER, true, "INVITE_ONLY", "PUBLIC", false, false],
  ];
  it.each(table)("%s", (_label, viewer, follows, mode, privacy, active, expected) => {
    expect(canViewRun(viewer, run(privacy), owner(mode, active), { follows })).toBe(expected);
  });

  it("never lets a run pass as another owner's", () => {
    expect(canViewRun(OWNER, { privacy: "PRIVATE", userId: "someone-else" }, owner("PUBLIC"), { follows: false })).toBe(false);
  });
});

describe("canViewSharedRun (a link the owner shared)", () => {
  it.each([
    [STRANGER, "INVITE_ONLY", "PUBLIC", true],
    [null, "PUBLIC", "PUBLIC", true],
    [null, "PUBLIC", "PRIVATE", false],
    [STRANGER, "SOLO", "PUBLIC", false],
    [OWNER, "SOLO", "PRIVATE", true],
  ] as const)("viewer %o, owner %s, run %s → %s", (viewer, mode, privacy, expected) => {
    expect(canViewSharedRun(viewer, run(privacy), owner(mode))).toBe(expected);
  });
});

describe("parseRunTime", () => {
  it.each([
    ["15.482", "15.482"],
    [" 15.48s ", "15.48"],
    ["15.48 sec", "15.48"],
    ["15,482", "15.482"],
    ["0:15.482", "15.482"],
    ["1:02.5", "62.5"],
    ["16", "16"],
    ["15.400", "15.4"],
    ["NT", "NT"],
    [" nt ", "NT"],
    ["no time", "NT"],
  ])("reads %j as %j", (input, expected) => {
    expect(parseRunTime(input)).toBe(expected);
  });

  it.each(["fast", "15.4.2", "-15", "0", "15.4821", "abc15", "1:75", "600", ""])("refuses %j", (input) => {
    expect(parseRunTime(input)).toBeNull();
  });

  it("gives the form a clear message", () => {
    const result = runLogSchema.safeParse({ arenaName: "Cowtown", time: "quick" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TIME_MESSAGE);
  });
});

describe("runLogSchema", () => {
  it("requires an arena name with its message", () => {
    for (const body of [{}, { arenaName: "   " }]) {
      expect(runLogSchema.safeParse(body).error?.issues[0]?.message).toBe("Arena name is required");
    }
  });

  it("treats 'none' as absent, defaults to outdoor and PRIVATE, dedupes tags", () => {
    const value = runLogSchema.parse({ arenaName: "Cowtown", eventId: "none", riderId: "none", tags: ["clean-run", "clean-run"], time: 15.4 });
    expect(value).toMatchObject({ arenaName: "Cowtown", arenaType: "outdoor", privacy: "PRIVATE", tags: ["clean-run"], time: "15.4" });
    expect(value.eventId).toBeUndefined();
    expect(value.riderId).toBeUndefined();
  });

  it("refuses ratings outside 1-5, unknown placements and tags", () => {
    expect(runLogSchema.safeParse({ arenaName: "A", rating: 6 }).success).toBe(false);
    expect(runLogSchema.safeParse({ arenaName: "A", rating: 0 }).success).toBe(false);
    expect(runLogSchema.safeParse({ arenaName: "A", placement: "5D 1st" }).success).toBe(false);
    expect(runLogSchema.safeParse({ arenaName: "A", tags: ["fast"] }).success).toBe(false);
    expect(runLogSchema.safeParse({ arenaName: "A", videoUrl: "javascript:alert(1)" }).success).toBe(false);
  });

  it("lists plain placings, then every division's places, 1D 3rd included, each within the column", () => {
    expect(PLACEMENTS).toHaveLength(6 + 4 * 5 + 1);
    expect(PLACEMENTS.slice(0, 6)).toEqual(["1st", "2nd", "3rd", "4th", "5th", "Placed"]);
    expect(PLACEMENTS).toContain("1D Placed");
    expect(PLACEMENTS.slice(6, 11)).toEqual(["1D 1st", "1D 2nd", "1D 3rd", "1D 4th", "1D Placed"]);
    expect(PLACEMENTS).toContain("4D 3rd");
    expect(PLACEMENTS.at(-1)).toBe("EXPO");
    expect(PLACEMENTS.every((p) => p.length <= PLACEMENT_MAX)).toBe(true);
  });
});

describe("timeSortValue (Fastest sort)", () => {
  it("takes the numeric part, a missing time counting as 999", () => {
    expect(timeSortValue("15.482")).toBe(15.482);
    expect(timeSortValue("15.9s")).toBe(15.9);
    expect(timeSortValue(null)).toBe(999);
    expect(timeSortValue("")).toBe(999);
    expect(timeSortValue("NT")).toBe(999);
  });
});

describe("formatRunTime", () => {
  it("reads seconds with their unit, NT as it is, and a missing time as a dash", () => {
    expect(formatRunTime("15.482")).toBe("15.482s");
    expect(formatRunTime("NT")).toBe("NT");
    expect(formatRunTime(null)).toBe("—");
  });
});

describe("computeTrends", () => {
  const day = (n: number) => new Date(Date.UTC(2025, 0, n));
  const runs = [
    { arenaName: "Cowtown", time: "16.0", tags: ["clean-run"], placement: null, runAt: day(1) },
    { arenaName: "Cowtown", time: "15.5", tags: ["clean-run", "placed-cashed"], placement: null, runAt: day(2) },
    { arenaName: "Will Rogers", time: "15.2", tags: [], placement: "2D 1st", runAt: day(3) },
    { arenaName: "Will Rogers", time: null, tags: ["missed-time"], placement: null, runAt: day(4) },
    { arenaName: "cowtown", time: "15.8", tags: ["hit-barrel"], placement: null, runAt: day(5) },
    { arenaName: "Lazy E", time: "17.0", tags: ["clean-run"], placement: null, runAt: day(6) },
    { arenaName: "Lazy E", time: "15.9", tags: [], placement: null, runAt: day(7) },
  ];

  it("finds the personal best overall and per arena", () => {
    const t = computeTrends(runs);
    expect(t.personalBest).toEqual({ time: 15.2, arenaName: "Will Rogers", date: day(3).toISOString() });
    expect(t.bestByArena).toEqual([
      { arenaName: "Will Rogers", time: 15.2, runs: 1 },
      { arenaName: "Cowtown", time: 15.5, runs: 3 },
      { arenaName: "Lazy E", time: 15.9, runs: 2 },
    ]);
  });

  it("averages the last 5 timed runs and rates clean runs and placings", () => {
    const t = computeTrends([...runs].reverse());
    // last 5 timed: 15.5, 15.2, 15.8, 17.0, 15.9
    expect(t.averageLast5).toBe(15.88);
    expect(t.cleanRunRate).toBe(43); // 3 of 7
    expect(t.placements).toBe(2);
    expect(t.runCount).toBe(7);
    expect(t.timedCount).toBe(6);
    expect(t.points.map((p) => p.time)).toEqual([16, 15.5, 15.2, 15.8, 17, 15.9]);
  });

  it("keeps the chart to the last 50 timed runs and the arena list to the fastest 10, counting all", () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      arenaName: `Arena ${i % 30}`,
      time: String(14 + (i % 30) / 10),
      tags: [],
      placement: null,
      runAt: day(i),
    }));
    const t = computeTrends(many);
    expect(t.points).toHaveLength(50);
    expect(t.points.at(-1)!.date).toBe(day(119).toISOString());
    expect(t.bestByArena.map((a) => a.arenaName)).toEqual(Array.from({ length: 10 }, (_, i) => `Arena ${i}`));
    expect(t.arenaCount).toBe(30);
    expect(t.timedCount).toBe(120);
  });

  it("gives best and average time by ground, indoor/outdoor and weather, with the timed runs each rests on", () => {
    const t = computeTrends([
      { arenaName: "A", arenaType: "indoor" as const, groundCondition: "Deep", weather: "Hot", time: "15.4", tags: [], placement: null, runAt: day(1) },
      { arenaName: "A", arenaType: "indoor" as const, groundCondition: " deep", weather: null, time: "15.8", tags: [], placement: null, runAt: day(2) },
      { arenaName: "B", arenaType: "outdoor" as const, groundCondition: "Packed", weather: "Hot", time: "16.1", tags: [], placement: null, runAt: day(3) },
      // No time: counts in no figure.
      { arenaName: "B", arenaType: "outdoor" as const, groundCondition: "Packed", weather: "Windy", time: null, tags: [], placement: null, runAt: day(4) },
    ]);
    expect(t.conditions.ground).toEqual([
      { label: "Deep", best: 15.4, average: 15.6, runs: 2 },
      { label: "Packed", best: 16.1, average: 16.1, runs: 1 },
    ]);
    expect(t.conditions.arenaType).toEqual([
      { label: "Indoor", best: 15.4, average: 15.6, runs: 2 },
      { label: "Outdoor", best: 16.1, average: 16.1, runs: 1 },
    ]);
    expect(t.conditions.weather).toEqual([{ label: "Hot", best: 15.4, average: 15.75, runs: 2 }]);
  });

  it("answers empty trends for no runs", () => {
    expect(computeTrends([])).toMatchObject({ runCount: 0, personalBest: null, averageLast5: null, cleanRunRate: null, placements: 0, points: [] });
  });
});
