import fc from "fast-check";
import { countingResults } from "~/features/season/standings";
import { isMemberOn, nextMemberNumber } from "~/features/members/rules";

const raceArb = fc.array(
  fc.record({ id: fc.nat(1000), division: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), place: fc.option(fc.integer({ min: 1, max: 15 }), { nil: null }), member: fc.boolean() }),
  { maxLength: 30 },
);

describe("points for members only", () => {
  it("counts every result when the series is open to all", () => {
    fc.assert(
      fc.property(raceArb, (race) => {
        expect(countingResults({ membersOnly: false, pointsBy: "PLACE_AMONG_MEMBERS" }, race)).toEqual(race);
      }),
    );
  });

  it("leaves non-members out, and keeps members' overall places when the series says so", () => {
    fc.assert(
      fc.property(raceArb, (race) => {
        expect(countingResults({ membersOnly: true, pointsBy: "OVERALL_PLACE" }, race)).toEqual(race.filter((r) => r.member));
      }),
    );
  });

  it("places members among members: one more than the members strictly ahead, never below their overall place", () => {
    fc.assert(
      fc.property(raceArb, (race) => {
        const counted = countingResults({ membersOnly: true, pointsBy: "PLACE_AMONG_MEMBERS" }, race);
        const members = race.filter((r) => r.member);
        expect(counted.map((r) => r.id)).toEqual(members.map((r) => r.id));
        counted.forEach((r, i) => {
          const original = members[i]!;
          if (original.division === null || original.place === null) {
            expect(r.place).toBe(original.place);
            return;
          }
          const ahead = members.filter((m) => m.division === original.division && m.place !== null && m.place < original.place!).length;
          expect(r.place).toBe(ahead + 1);
          expect(r.place).toBeLessThanOrEqual(original.place);
        });
      }),
    );
  });
});

describe("membership rules", () => {
  it("counts a race from the membership's start, or from the season's start when the series says so", () => {
    const spans = [{ from: "2030-01-01", to: "2030-12-31", startsOn: "2030-06-01" }];
    expect(isMemberOn(spans, "2030-05-02", "MEMBERSHIP_START")).toBe(false);
    expect(isMemberOn(spans, "2030-05-02", "SEASON_START")).toBe(true);
    expect(isMemberOn(spans, "2031-01-02", "SEASON_START")).toBe(false);
    expect(isMemberOn(undefined, "2030-05-02", "SEASON_START")).toBe(false);
  });

  it("gives the next number after the highest of the prefix, whatever else is taken", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(99_999)), fc.array(fc.string({ maxLength: 8 })), (numbers, others) => {
        const next = nextMemberNumber("CL-", [...numbers.map((n) => `CL-${n}`), ...others.filter((o) => !o.startsWith("CL-"))]);
        expect(next).toBe(`CL-${String(Math.max(0, ...numbers) + 1).padStart(4, "0")}`);
      }),
    );
  });
});

describe("a membership's first day", () => {
  const span = { from: "2030-01-01", to: "2030-12-31", startsOn: "2030-05-02" };
  it("counts a race on the very day the membership starts, not the day before", () => {
    expect(isMemberOn([span], "2030-05-02", "MEMBERSHIP_START")).toBe(true);
    expect(isMemberOn([span], "2030-05-01", "MEMBERSHIP_START")).toBe(false);
    expect(isMemberOn([span], "2030-05-01", "SEASON_START")).toBe(true);
  });
});
