import { describe, expect, it } from "vitest";
import { describeRoad, type RoadEntry } from "../../app/features/season/standings.server";

const ordinal = (n: number) => `${n}${["th", "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10 < 4 ? n % 10 : 0]}`;
const road = (over: Partial<RoadEntry>): RoadEntry => ({
  division: 1,
  place: 2,
  points: 30,
  racesEntered: 4,
  racesNeeded: 0,
  cutPoints: 30,
  pointsFromCut: 0,
  qualified: true,
  seriesId: "s",
  seriesName: "TX05",
  className: "Open 4D",
  riderName: "Ann",
  horseName: "Ace",
  horseId: null,
  qualifyTop: 3,
  qualifyMinRaces: 4,
  ...over,
});

describe("a rider's road to the finals in words", () => {
  it("says a tie at 2nd with the team at the cut as a tie inside the top, not as level with 3rd", () => {
    expect(describeRoad(road({ place: 2 }), ordinal)).toBe("2nd in the 1D, 30 points; tied on points with the team at 3rd, inside the top 3");
  });

  it("says a team at the cut itself is level with it", () => {
    expect(describeRoad(road({ place: 3 }), ordinal)).toBe("3rd in the 1D, 30 points; level with 3rd");
  });

  it("counts races and points in the singular and plural", () => {
    expect(describeRoad(road({ place: 4, points: 1, racesNeeded: 1, pointsFromCut: -1, qualified: false }), ordinal)).toBe("4th in the 1D, 1 point; 1 more race to qualify; 1 point behind 3rd");
  });
});
