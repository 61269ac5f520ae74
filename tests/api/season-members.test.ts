import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { events, membershipYears, type User } from "../../db/schema";
import { markMembership, requestMembership } from "../../app/features/members/members.server";
import { setClock } from "../../app/lib/clock.server";
import { createEvent, createHorse, createUser, signedInRider } from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { approveInto, publishResults } from "../helpers/season-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * A members-only series: a non-member's run is placed and paid as always
 * but earns no points; places move up among members when the series says
 * so; a membership paid later brings the points back when the series counts
 * from the season's start.
 */
let app: TestServer;
let seriesMade = 0;
let admin: { user: User; client: Client };
let yearId: string;
beforeAll(async () => {
  app = await startTestServer();
  admin = await signedInRider(app, { isAdmin: true });
  yearId = app.db.insert(membershipYears).values({ name: "2030", startDate: "2030-01-01", endDate: "2030-12-31", kinds: [{ kind: "OPEN", duesCents: 5000, minAge: null, maxAge: null }] }).returning().get().id;
});
afterEach(() => setClock(null));
afterAll(() => app.close());

type Standing = { place: number; riderName: string; points: number };

async function newSeries(body: Record<string, unknown>) {
  const res = await admin.client.json("/api/series", "POST", { name: `Members 2030 No. ${++seriesMade}`, startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"], membersOnly: true, ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { series: { id: string } }).series;
}

async function table(seriesId: string) {
  const res = await app.client().get(`/api/series/${seriesId}/standings`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { standings: Standing[] }).standings.map((r) => `${r.place} ${r.riderName} ${r.points}`);
}

/** A rider with an account and a horse; `member` pays their dues on the day given (the app's clock). */
function rider(name: string) {
  const user = createUser(app.db, { firstName: name, lastName: "R" });
  const horse = createHorse(app.db, user.id, { name: `${name}'s horse` });
  return {
    user,
    enter: (cls: { id: string; eventId: string }) => createRaceEntry(app.db, cls, { userId: user.id, horseId: horse.id, riderName: name, horseName: horse.name }),
    pay(day: string) {
      setClock(new Date(`${day}T12:00:00Z`));
      const { membership } = requestMembership(app.db, user, { yearId, kind: "OPEN" });
      markMembership(app.db, membership.id, { paid: true, paidMethod: "CASH" });
      setClock(null);
      return membership.id;
    },
  };
}

function race(seriesId: string, date = "2030-05-02") {
  const event = createEvent(app.db, { createdBy: createUser(app.db).id, date });
  const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
  approveInto(app.db, seriesId, event.id);
  return { event, cls };
}

describe("members-only series", () => {
  it("gives a non-member's race no points, and moves members up by their place among members", async () => {
    const s = await newSeries({ pointsBy: "PLACE_AMONG_MEMBERS", pointsFrom: "SEASON_START" });
    const [ann, bea, cal] = [rider("Ann"), rider("Bea"), rider("Cal")];
    ann.pay("2030-02-01");
    cal.pay("2030-02-01");
    const r = race(s.id);
    publishResults(app.db, r.cls, [
      { entry: bea.enter(r.cls), place: 1, moneyCents: 30_000 },
      { entry: ann.enter(r.cls), place: 2 },
      { entry: cal.enter(r.cls), place: 3 },
    ]);
    // Bea (not a member) won the race and its money, but earns no points: Ann is 1st among members.
    expect(await table(s.id)).toEqual(["1 Ann 10", "2 Cal 9"]);
  });

  it("gives a walk-up (no account) who places no points and no line in the standings", async () => {
    const s = await newSeries({ pointsBy: "PLACE_AMONG_MEMBERS", pointsFrom: "SEASON_START" });
    const ann = rider("Ann");
    ann.pay("2030-02-01");
    const r = race(s.id);
    publishResults(app.db, r.cls, [
      { entry: createRaceEntry(app.db, r.cls, { riderName: "Walk Up Wendy", horseName: "Borrowed" }), place: 1, moneyCents: 30_000 },
      { entry: ann.enter(r.cls), place: 2 },
    ]);
    expect(await table(s.id)).toEqual(["1 Ann 10"]);
  });

  it("keeps the overall place's points when the series says so", async () => {
    const s = await newSeries({ pointsBy: "OVERALL_PLACE", pointsFrom: "SEASON_START" });
    const [ann, bea] = [rider("Ann"), rider("Bea")];
    ann.pay("2030-02-01");
    const r = race(s.id);
    publishResults(app.db, r.cls, [
      { entry: bea.enter(r.cls), place: 1 },
      { entry: ann.enter(r.cls), place: 2 },
    ]);
    expect(await table(s.id)).toEqual(["1 Ann 9"]);
  });

  it("brings a late payment's points back when points count from the season's start", async () => {
    const s = await newSeries({ pointsFrom: "SEASON_START" });
    const [ann, bea] = [rider("Ann"), rider("Bea")];
    ann.pay("2030-02-01");
    const r = race(s.id, "2030-05-02");
    publishResults(app.db, r.cls, [
      { entry: bea.enter(r.cls), place: 1 },
      { entry: ann.enter(r.cls), place: 2 },
    ]);
    expect(await table(s.id)).toEqual(["1 Ann 10"]);
    // Bea pays in August: her May win counts now, and Ann's place goes back to 2nd.
    bea.pay("2030-08-01");
    expect(await table(s.id)).toEqual(["1 Bea 10", "2 Ann 9"]);
  });

  it("counts a late payment from its own day when points count from the membership's start", async () => {
    const s = await newSeries({ pointsFrom: "MEMBERSHIP_START" });
    const [ann, bea] = [rider("Ann"), rider("Bea")];
    ann.pay("2030-02-01");
    const may = race(s.id, "2030-05-02");
    publishResults(app.db, may.cls, [
      { entry: bea.enter(may.cls), place: 1 },
      { entry: ann.enter(may.cls), place: 2 },
    ]);
    bea.pay("2030-08-01");
    // May was before Bea's membership started: only Ann earns there.
    expect(await table(s.id)).toEqual(["1 Ann 10"]);
    const sept = race(s.id, "2030-09-05");
    publishResults(app.db, sept.cls, [
      { entry: bea.enter(sept.cls), place: 1 },
      { entry: ann.enter(sept.cls), place: 2 },
    ]);
    expect(await table(s.id)).toEqual(["1 Ann 19", "2 Bea 10"]);
  });

  it("takes a membership set back to unpaid out of the standings", async () => {
    const s = await newSeries({ pointsFrom: "SEASON_START" });
    const ann = rider("Ann");
    const id = ann.pay("2030-02-01");
    const r = race(s.id);
    publishResults(app.db, r.cls, [{ entry: ann.enter(r.cls), place: 1 }]);
    expect(await table(s.id)).toEqual(["1 Ann 10"]);
    markMembership(app.db, id, { paid: false });
    expect(await table(s.id)).toEqual([]);
  });
});

describe("results removed after publishing", () => {
  it("recomputes the standings when a counted event is deleted", async () => {
    const s = await newSeries({ membersOnly: false });
    const keep = race(s.id);
    const gone = race(s.id, "2030-06-01");
    publishResults(app.db, keep.cls, [{ entry: createRaceEntry(app.db, keep.cls, { riderName: "Ann", horseName: "A" }), place: 2 }]);
    publishResults(app.db, gone.cls, [{ entry: createRaceEntry(app.db, gone.cls, { riderName: "Bea", horseName: "B" }), place: 1 }]);
    expect(await table(s.id)).toEqual(["1 Bea 10", "2 Ann 9"]);
    app.db.delete(events).where(eq(events.id, gone.event.id)).run();
    expect(await table(s.id)).toEqual(["1 Ann 9"]);
  });

  it("answers 404 with a message for a division the series' races do not have", async () => {
    const s = await newSeries({ membersOnly: false });
    const r = race(s.id);
    publishResults(app.db, r.cls, [{ entry: createRaceEntry(app.db, r.cls, { riderName: "Ann", horseName: "A" }), place: 1 }]);
    const res = await app.client().get(`/api/series/${s.id}/standings?division=5`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("No 5D in Open 4D: its races have one division");
  });

  it("reports an invalid season start once, not also as an end before the start", async () => {
    const res = await admin.client.json("/api/series", "POST", { name: "Bad", startDate: "2030-02-30", endDate: "2030-01-01", classNames: ["Open 4D"] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe("Season start must be a date (YYYY-MM-DD)");
    expect(Object.values(body.errors).flat()).toEqual(["Season start must be a date (YYYY-MM-DD)"]);
  });
});
