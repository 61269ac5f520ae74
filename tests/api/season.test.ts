import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDigestItems, jobs, notifications, series, seriesEvents, type User } from "../../db/schema";
import { createEvent, createFollow, createHorse, createUser, signedInRider, signIn } from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { approveInto, publishResults } from "../helpers/season-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

let app: TestServer;
let admin: { user: User; client: Client };
beforeAll(async () => {
  app = await startTestServer({}, { jobs: true });
  admin = await signedInRider(app, { isAdmin: true });
});
afterAll(() => app.close());

type Standing = { place: number; riderName: string; horseName: string; userId: string | null; points: number; racesCounted: number; racesEntered: number; wins: number; moneyCents: number; qualified: boolean };

let seriesMade = 0;
/** A series in 2030 (each with a name of its own: two series never share one). */
async function newSeries(body: Record<string, unknown> = {}) {
  const res = await admin.client.json("/api/series", "POST", { name: `TX05 2030 No. ${++seriesMade}`, startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"], ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { series: { id: string; name: string } }).series;
}

/** An event in the season with one class, approved into the series. */
function race(seriesId: string | null, { date = "2030-05-02", className = "Open 4D", divisions = 2 } = {}) {
  const producer = createUser(app.db);
  const event = createEvent(app.db, { createdBy: producer.id, date });
  const cls = createRaceClass(app.db, event.id, { name: className, divisions });
  if (seriesId) approveInto(app.db, seriesId, event.id);
  return { producer, event, cls };
}

/** A rider with an account and a horse, entered in the class. */
function riderOf(user: User, horseName = "Sugar") {
  const horse = createHorse(app.db, user.id, { name: horseName });
  return (cls: { id: string; eventId: string }) => createRaceEntry(app.db, cls, { userId: user.id, horseId: horse.id, riderName: `${user.firstName} ${user.lastName}`, horseName });
}

async function standings(seriesId: string, query = "") {
  const res = await app.client().get(`/api/series/${seriesId}/standings${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { className: string; divisions: number[]; division: number; standings: Standing[] };
}

const table = (rows: Standing[]) => rows.map((r) => `${r.place} ${r.riderName}/${r.horseName} ${r.points}`);
/** A rider's standings alerts, once the job that sends them after a publish has run. */
const standingAlerts = async (userId: string) => {
  await app.runJobs();
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.subtype, "standing")))
    .all();
};

describe("series: create, read, change, delete", () => {
  it("lets an admin create a series with defaults (1st 10 ... 10th 1, all races, wins then money then time, 4 races and top 15)", async () => {
    const s = await newSeries({ name: "TX05 2030" });
    const res = await app.client().get(`/api/series/${s.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { series: Record<string, unknown>; events: unknown[] };
    expect(body.series).toMatchObject({
      name: "TX05 2030",
      classNames: ["Open 4D"],
      pointsTable: { mode: "PLACE", places: [[10, 9, 8, 7, 6, 5, 4, 3, 2, 1]] },
      bestOf: null,
      tieBreakers: ["WINS", "MONEY", "FASTEST"],
      qualifyMinRaces: 4,
      qualifyTop: 15,
    });
    const list = (await (await app.client().get("/api/series")).json()) as { series: { id: string }[] };
    expect(list.series.map((x) => x.id)).toContain(s.id);
    // Public answers name no administrator.
    expect(list.series.every((x) => !("createdBy" in x))).toBe(true);
    const one = (await (await app.client().get(`/api/series/${s.id}`)).json()) as { series: Record<string, unknown> };
    expect(one.series).not.toHaveProperty("createdBy");
  });

  it("refuses bad input with the rule in words, and stores nothing", async () => {
    const base = { name: "Bad", startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"] };
    for (const [body, message] of [
      [{ ...base, name: " " }, "Series name is required"],
      [{ ...base, startDate: "2030-02-30" }, "Season start must be a date (YYYY-MM-DD)"],
      [{ ...base, endDate: "2029-12-31" }, "Season end must be on or after its start"],
      [{ ...base, classNames: [] }, "Name at least one class that counts, such as Open 4D"],
      [{ ...base, pointsTable: { mode: "PLACE", places: [[5, 9]] } }, "A later place cannot earn more points than an earlier one"],
      [{ ...base, pointsTable: { mode: "MONEY", centsPerPoint: 0 } }, "Money per point must be a whole number of cents from 1 to 1,000,000"],
      [{ ...base, bestOf: 0 }, "Best races counted must be a whole number from 1 to 100, or empty for all"],
      [{ ...base, tieBreakers: ["WINS", "WINS", "MONEY"] }, "Tie-breakers must list most wins, money won and fastest time, each once"],
      [{ ...base, qualifyMinRaces: -1 }, "Races to qualify must be a whole number from 0 to 100"],
      [{ ...base, qualifyTop: 0 }, "Finalists per division must be a whole number from 1 to 500"],
    ] as const) {
      const res = await admin.client.json("/api/series", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const list = (await (await app.client().get("/api/series")).json()) as { series: { name: string }[] };
    expect(list.series.some((s) => s.name === "Bad")).toBe(false);
  });

  it("is the admins' alone: riders get 403, visitors 401, and the series stays as it was", async () => {
    const s = await newSeries();
    const rider = await signedInRider(app);
    expect((await rider.client.json("/api/series", "POST", { name: "Mine", startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"] })).status).toBe(403);
    expect((await rider.client.json(`/api/series/${s.id}`, "PATCH", { name: "Mine" })).status).toBe(403);
    expect((await rider.client.json(`/api/series/${s.id}`, "DELETE")).status).toBe(403);
    expect((await app.client().json(`/api/series/${s.id}`, "PATCH", { name: "Mine" })).status).toBe(401);
    expect(((await (await app.client().get(`/api/series/${s.id}`)).json()) as { series: { name: string } }).series.name).toBe(s.name);
  });

  it("refuses a second series of the same name (without case or spaces), on the API and on the admin's form, beside Name", async () => {
    const first = await newSeries({ name: "Red Dirt Derby 2030" });
    const message = 'A series named "red dirt derby 2030" already exists: give this one another name';
    const twin = await admin.client.json("/api/series", "POST", { name: "  red dirt derby 2030 ", startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"] });
    expect(twin.status).toBe(409);
    expect(await twin.json()).toMatchObject({ message, errors: { name: [message] } });

    const other = await newSeries({ name: "Red Dirt Derby Finals" });
    const renamed = await admin.client.json(`/api/series/${other.id}`, "PATCH", { name: "RED DIRT DERBY 2030" });
    expect(renamed.status).toBe(409);
    expect(((await (await app.client().get(`/api/series/${other.id}`)).json()) as { series: { name: string } }).series.name).toBe("Red Dirt Derby Finals");
    // Its own name, saved again, is no clash.
    expect((await admin.client.json(`/api/series/${first.id}`, "PATCH", { name: "Red Dirt Derby 2030" })).status).toBe(200);

    const form = await admin.client.form("/admin/series", {
      name: "Red Dirt Derby 2030",
      startDate: "2030-01-01",
      endDate: "2030-12-31",
      classNames: "Open 4D",
      pointsMode: "PLACE",
      places: "10 9 8",
      qualifyMinRaces: "4",
      qualifyTop: "15",
      tieBreaker1: "WINS",
      tieBreaker2: "MONEY",
      tieBreaker3: "FASTEST",
    });
    expect(form.status).toBe(409);
    const page = await form.text();
    expect(page).toMatch(/id="name-error"[^>]*><li>A series named &quot;Red Dirt Derby 2030&quot; already exists: give this one another name/);
    expect(page).toContain('value="Red Dirt Derby 2030"');
    expect(app.db.select().from(series).where(eq(series.name, "Red Dirt Derby 2030")).all()).toHaveLength(1);
  });

  it("changes and deletes; a missing series is a 404 with a message", async () => {
    const s = await newSeries();
    const patch = await admin.client.json(`/api/series/${s.id}`, "PATCH", { name: "TX05 Finals 2030", bestOf: 5 });
    expect(patch.status).toBe(200);
    expect(((await patch.json()) as { series: { name: string; bestOf: number } }).series).toMatchObject({ name: "TX05 Finals 2030", bestOf: 5 });
    expect((await admin.client.json(`/api/series/${s.id}`, "PATCH", { bestOf: null })).status).toBe(200);
    expect((await admin.client.json(`/api/series/${s.id}`, "PATCH", { endDate: "2029-01-01" })).status).toBe(400);
    expect((await admin.client.json(`/api/series/${s.id}`, "DELETE")).status).toBe(200);
    const gone = await app.client().get(`/api/series/${s.id}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe("Series not found");
  });
});

describe("events joining a series", () => {
  it("takes a join request from the event's producer only, inside the season, and shows it to admins while pending", async () => {
    const s = await newSeries();
    const producer = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id, date: "2030-06-01" });
    const stranger = await signedInRider(app);
    const refused = await stranger.client.json(`/api/series/${s.id}/events`, "POST", { eventId: event.id });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("Only the event's producer can ask for it to count");
    expect((await app.client().json(`/api/series/${s.id}/events`, "POST", { eventId: event.id })).status).toBe(401);
    expect(((await (await producer.client.json(`/api/series/${s.id}/events`, "POST", {})).json()) as { message: string }).message).toBe("Choose an event");

    const outside = createEvent(app.db, { createdBy: producer.user.id, date: "2031-02-01" });
    const late = await producer.client.json(`/api/series/${s.id}/events`, "POST", { eventId: outside.id });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { message: string }).message).toBe(`This event is not in the ${s.name} season (2030-01-01 to 2030-12-31)`);

    const asked = await producer.client.json(`/api/series/${s.id}/events`, "POST", { eventId: event.id });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toMatchObject({ status: "PENDING" });
    const again = await producer.client.json(`/api/series/${s.id}/events`, "POST", { eventId: event.id });
    expect(await again.json()).toMatchObject({ status: "PENDING", message: "Already asked: waiting for the association's answer" });

    const seenByPublic = (await (await app.client().get(`/api/series/${s.id}`)).json()) as { events: { eventId: string }[] };
    expect(seenByPublic.events).toEqual([]);
    const seenByAdmin = (await (await admin.client.get(`/api/series/${s.id}`)).json()) as { events: { eventId: string; status: string }[] };
    expect(seenByAdmin.events).toEqual([expect.objectContaining({ eventId: event.id, status: "PENDING" })]);
    // Only an admin answers.
    expect((await producer.client.json(`/api/series/${s.id}/events/${event.id}`, "PATCH", { approved: true })).status).toBe(403);
    expect((await admin.client.json(`/api/series/${s.id}/events/${event.id}`, "PATCH", { approved: "yes" })).status).toBe(400);
  });

  it("counts the event's published results at once when approved, and removes them when refused", async () => {
    const s = await newSeries();
    const { producer, event, cls } = race(null);
    const a = createRaceEntry(app.db, cls, { riderName: "Ann", horseName: "Ace" });
    const b = createRaceEntry(app.db, cls, { riderName: "Bea", horseName: "Bo" });
    publishResults(app.db, cls, [
      { entry: a, place: 1, moneyCents: 30000 },
      { entry: b, place: 2, moneyCents: 20000 },
    ]);
    const producerClient = app.client();
    await signIn(producerClient, producer.email);
    await producerClient.json(`/api/series/${s.id}/events`, "POST", { eventId: event.id });
    expect((await standings(s.id)).standings).toEqual([]);

    const yes = await admin.client.json(`/api/series/${s.id}/events/${event.id}`, "PATCH", { approved: true });
    expect(yes.status).toBe(200);
    expect(table((await standings(s.id)).standings)).toEqual(["1 Ann/Ace 10", "2 Bea/Bo 9"]);
    expect((await standings(s.id)).standings[0]).toMatchObject({ moneyCents: 30000, racesCounted: 1, wins: 1 });

    const no = await admin.client.json(`/api/series/${s.id}/events/${event.id}`, "PATCH", { approved: false });
    expect(await no.json()).toMatchObject({ status: "REJECTED" });
    expect((await standings(s.id)).standings).toEqual([]);
    // Asking again after a refusal asks anew.
    expect(await (await producerClient.json(`/api/series/${s.id}/events`, "POST", { eventId: event.id })).json()).toMatchObject({ status: "PENDING" });
    expect(app.db.select().from(seriesEvents).where(eq(seriesEvents.eventId, event.id)).get()?.status).toBe("PENDING");
  });

  it("answers 404 for an event that never asked", async () => {
    const s = await newSeries();
    const event = createEvent(app.db, { date: "2030-06-01" });
    const res = await admin.client.json(`/api/series/${s.id}/events/${event.id}`, "PATCH", { approved: true });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("This event has not asked to join the series");
  });
});

describe("standings", () => {
  it("counts classes by name without case or extra spaces, and no other class", async () => {
    const s = await newSeries({ classNames: ["Open 4D", "Youth 3D"] });
    const one = race(s.id, { className: "open  4d" });
    const other = race(s.id, { className: "Open 4D Sidepot" });
    const a = createRaceEntry(app.db, one.cls, { riderName: "Ann", horseName: "Ace" });
    const b = createRaceEntry(app.db, other.cls, { riderName: "Bea", horseName: "Bo" });
    publishResults(app.db, one.cls, [{ entry: a, place: 1 }]);
    publishResults(app.db, other.cls, [{ entry: b, place: 1 }]);
    const view = await standings(s.id, "?class=OPEN%204D");
    expect(view.className).toBe("Open 4D");
    expect(table(view.standings)).toEqual(["1 Ann/Ace 10"]);
    expect((await standings(s.id, "?class=Youth%203D")).standings).toEqual([]);
    const missing = await app.client().get(`/api/series/${s.id}/standings?class=Poles`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('This series does not count a class named "Poles"');
    expect((await app.client().get(`/api/series/${s.id}/standings?division=9`)).status).toBe(400);
  });

  it("counts only races inside the season's dates, and follows a change of dates", async () => {
    const s = await newSeries({ startDate: "2030-03-01", endDate: "2030-09-30" });
    const inside = race(s.id, { date: "2030-03-01" });
    const outside = race(s.id, { date: "2030-10-01" });
    const a = createRaceEntry(app.db, inside.cls, { riderName: "Ann", horseName: "Ace" });
    const b = createRaceEntry(app.db, outside.cls, { riderName: "Bea", horseName: "Bo" });
    publishResults(app.db, inside.cls, [{ entry: a, place: 1 }]);
    publishResults(app.db, outside.cls, [{ entry: b, place: 1 }]);
    expect(table((await standings(s.id)).standings)).toEqual(["1 Ann/Ace 10"]);
    await admin.client.json(`/api/series/${s.id}`, "PATCH", { endDate: "2030-10-31" });
    expect(table((await standings(s.id)).standings)).toEqual(["1 Ann/Ace 10", "1 Bea/Bo 10"]);
    await admin.client.json(`/api/series/${s.id}`, "PATCH", { startDate: "2030-03-02" });
    expect(table((await standings(s.id)).standings)).toEqual(["1 Bea/Bo 10"]);
  });

  it("uses the points table per division, and points by money won when chosen", async () => {
    const s = await newSeries({ pointsTable: { mode: "PLACE", places: [[20, 15, 10], [12, 8]] } });
    const r = race(s.id, { divisions: 3 });
    const e = ["Ann", "Bea", "Cal", "Dee", "Eli"].map((name) => createRaceEntry(app.db, r.cls, { riderName: name, horseName: `${name}'s horse` }));
    publishResults(app.db, r.cls, [
      { entry: e[0]!, division: 1, place: 1, moneyCents: 40000 },
      { entry: e[1]!, division: 1, place: 2, moneyCents: 25050 },
      { entry: e[2]!, division: 2, place: 1, moneyCents: 15000 },
      { entry: e[3]!, division: 3, place: 2, moneyCents: 0 },
      { entry: e[4]!, outcome: "NT" },
    ]);
    expect(table((await standings(s.id, "?division=1")).standings)).toEqual(["1 Ann/Ann's horse 20", "2 Bea/Bea's horse 15"]);
    expect(table((await standings(s.id, "?division=2")).standings)).toEqual(["1 Cal/Cal's horse 12"]);
    // A division without a row of its own uses the last row.
    expect(table((await standings(s.id, "?division=3")).standings)).toEqual(["1 Dee/Dee's horse 8"]);
    expect((await standings(s.id)).divisions).toEqual([1, 2, 3]);

    await admin.client.json(`/api/series/${s.id}`, "PATCH", { pointsTable: { mode: "MONEY", centsPerPoint: 100 } });
    // $250.50 is 250 points: part of a dollar earns nothing; no money, no standing.
    expect(table((await standings(s.id, "?division=1")).standings)).toEqual(["1 Ann/Ann's horse 400", "2 Bea/Bea's horse 250"]);
    expect((await standings(s.id, "?division=3")).standings).toEqual([]);
  });

  it("counts each team's best N races when the series says so", async () => {
    const s = await newSeries();
    const ann = createUser(app.db, { firstName: "Ann", lastName: "Ames" });
    const annEnters = riderOf(ann, "Ace");
    const places = [[1, 2], [5, 1], [5, 1]]; // Ann: 10, 6, 6 = 22; Bea: 9, 10, 10 = 29
    for (const [annPlace, beaPlace] of places) {
      const r = race(s.id);
      publishResults(app.db, r.cls, [
        { entry: annEnters(r.cls), place: annPlace },
        { entry: createRaceEntry(app.db, r.cls, { riderName: "Bea", horseName: "Bo" }), place: beaPlace },
      ]);
    }
    const all = (await standings(s.id)).standings;
    expect(table(all)).toEqual(["1 Bea/Bo 29", "2 Ann Ames/Ace 22"]);
    expect(all[1]).toMatchObject({ racesCounted: 3, racesEntered: 3 });
    await admin.client.json(`/api/series/${s.id}`, "PATCH", { bestOf: 1 });
    const best = (await standings(s.id)).standings;
    // Best 1: Ann 10, Bea 10, and Bea's two wins break the tie.
    expect(table(best)).toEqual(["1 Bea/Bo 10", "2 Ann Ames/Ace 10"]);
    expect(best[1]).toMatchObject({ racesCounted: 1, racesEntered: 3 });
  });

  it("breaks ties by the series' tie-breakers in its order, and shares the place when all are equal", async () => {
    const s = await newSeries({ tieBreakers: ["MONEY", "WINS", "FASTEST"] });
    // Ann: 1st (10) + 3rd (8) = 18, one win, $100. Bea: 2nd (9) + 2nd (9) = 18, no win, $300.
    const r1 = race(s.id);
    const r2 = race(s.id);
    const walk = (cls: { id: string; eventId: string }, name: string) => createRaceEntry(app.db, cls, { riderName: name, horseName: `${name}'s horse` });
    publishResults(app.db, r1.cls, [
      { entry: walk(r1.cls, "Ann"), place: 1, moneyCents: 5000, totalMs: 15100 },
      { entry: walk(r1.cls, "Bea"), place: 2, moneyCents: 15000, totalMs: 15200 },
      { entry: walk(r1.cls, "Cal"), place: 3, moneyCents: 0, totalMs: 15300 },
    ]);
    publishResults(app.db, r2.cls, [
      { entry: walk(r2.cls, "Cal"), place: 1, moneyCents: 0, totalMs: 15050 },
      { entry: walk(r2.cls, "Bea"), place: 2, moneyCents: 15000, totalMs: 15200 },
      { entry: walk(r2.cls, "Ann"), place: 3, moneyCents: 5000, totalMs: 15400 },
    ]);
    // Money first: Bea ahead of Ann; Cal 8 + 10 = 18 with a win, no money, fastest.
    expect(table((await standings(s.id)).standings)).toEqual(["1 Bea/Bea's horse 18", "2 Ann/Ann's horse 18", "3 Cal/Cal's horse 18"]);
    await admin.client.json(`/api/series/${s.id}`, "PATCH", { tieBreakers: ["FASTEST", "WINS", "MONEY"] });
    expect(table((await standings(s.id)).standings)).toEqual(["1 Cal/Cal's horse 18", "2 Ann/Ann's horse 18", "3 Bea/Bea's horse 18"]);
    await admin.client.json(`/api/series/${s.id}`, "PATCH", { tieBreakers: ["WINS", "FASTEST", "MONEY"] });
    expect(table((await standings(s.id)).standings)).toEqual(["1 Cal/Cal's horse 18", "2 Ann/Ann's horse 18", "3 Bea/Bea's horse 18"]);
  });

  it("marks qualified the top N of each division that ran the minimum of races", async () => {
    const s = await newSeries({ qualifyMinRaces: 2, qualifyTop: 2 });
    const walk = (cls: { id: string; eventId: string }, name: string) => createRaceEntry(app.db, cls, { riderName: name, horseName: `${name}'s horse` });
    const r1 = race(s.id);
    const r2 = race(s.id);
    publishResults(app.db, r1.cls, [
      { entry: walk(r1.cls, "Ann"), place: 1 },
      { entry: walk(r1.cls, "Bea"), place: 2 },
      { entry: walk(r1.cls, "Cal"), place: 3 },
    ]);
    // Bea's NT still counts as a race entered.
    publishResults(app.db, r2.cls, [
      { entry: walk(r2.cls, "Cal"), place: 1 },
      { entry: walk(r2.cls, "Bea"), outcome: "NT" },
      { entry: walk(r2.cls, "Dee"), place: 2 },
    ]);
    const rows = (await standings(s.id)).standings;
    expect(rows.map((r) => `${r.place} ${r.riderName} ${r.points} ${r.racesEntered} ${r.qualified ? "Q" : "-"}`)).toEqual([
      "1 Cal 18 2 Q",
      "2 Ann 10 1 -",
      "3 Bea 9 2 -",
      "3 Dee 9 1 -",
    ]);
  });

  it("gives the CSV of one class and division, formulas defused", async () => {
    const s = await newSeries();
    const r = race(s.id);
    publishResults(app.db, r.cls, [
      { entry: createRaceEntry(app.db, r.cls, { riderName: "=HYPERLINK(1)", horseName: "Ace, Jr" }), place: 1, moneyCents: 18550 },
    ]);
    const res = await app.client().get(`/api/series/${s.id}/standings.csv?class=Open%204D&division=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${s.name} Open 4D 1D standings.csv"`);
    expect(await res.text()).toBe("Place,Rider,Horse,Points,Races counted,Races entered,Wins,Money won,Qualified\r\n1,'=HYPERLINK(1),\"Ace, Jr\",10,1,1,1,185.50,no\r\n");
  });
});

describe("corrections and notifications", () => {
  it("moves a rider across the cut line on a correction and tells them exactly once", async () => {
    const s = await newSeries({ qualifyMinRaces: 1, qualifyTop: 2 });
    const kaylee = createUser(app.db, { firstName: "Kaylee", lastName: "Rider" });
    const enter = riderOf(kaylee, "Sugar");
    const r = race(s.id);
    const mine = enter(r.cls);
    const ann = createRaceEntry(app.db, r.cls, { riderName: "Ann", horseName: "Ace" });
    const bea = createRaceEntry(app.db, r.cls, { riderName: "Bea", horseName: "Bo" });
    publishResults(app.db, r.cls, [
      { entry: ann, place: 1 },
      { entry: bea, place: 2 },
      { entry: mine, place: 3 },
    ]);
    expect(await standingAlerts(kaylee.id)).toHaveLength(1);
    let rows = (await standings(s.id)).standings;
    expect(rows.find((x) => x.userId === kaylee.id)).toMatchObject({ place: 3, qualified: false });

    // The booth corrects a time: Kaylee was 2nd, Bea 3rd.
    const { notified } = publishResults(app.db, r.cls, [
      { entry: ann, place: 1 },
      { entry: mine, place: 2 },
      { entry: bea, place: 3 },
    ]);
    expect(notified).toBe(true);
    rows = (await standings(s.id)).standings;
    expect(rows.find((x) => x.userId === kaylee.id)).toMatchObject({ place: 2, qualified: true });
    const alerts = await standingAlerts(kaylee.id);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toMatchObject({ title: `${s.name}: Open 4D standings`, message: "Your place changed. Sugar: 2nd in the 1D (was 3rd), 9 points." });
    expect((alerts[1]!.metadata as { url: string }).url).toBe(`/series/${s.id}?class=Open+4D&division=1`);
    // Publishing the same results again changes no place and says nothing.
    publishResults(app.db, r.cls, [
      { entry: ann, place: 1 },
      { entry: mine, place: 2 },
      { entry: bea, place: 3 },
    ]);
    expect(await standingAlerts(kaylee.id)).toHaveLength(2);
  });

  it("sends a rider one alert per publish and series class, whatever divisions and horses moved", async () => {
    const s = await newSeries();
    const kaylee = createUser(app.db);
    const sugar = riderOf(kaylee, "Sugar");
    const dash = riderOf(kaylee, "Dash");
    const r = race(s.id);
    const [a, b] = [sugar(r.cls), dash(r.cls)];
    publishResults(app.db, r.cls, [
      { entry: a, division: 1, place: 1 },
      { entry: b, division: 2, place: 1 },
    ]);
    const alerts = await standingAlerts(kaylee.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain("Sugar: 1st in the 1D, 10 points");
    expect(alerts[0]!.message).toContain("Dash: 1st in the 2D, 10 points");
  });

  it("tells a rider moved by others' results at most once a day, by the daily digest", async () => {
    const s = await newSeries();
    const dee = createUser(app.db, { firstName: "Dee" });
    const enter = riderOf(dee, "Dot");
    const r1 = race(s.id);
    publishResults(app.db, r1.cls, [{ entry: enter(r1.cls), place: 2 }]);
    expect(await standingAlerts(dee.id)).toHaveLength(1);
    // Two later races where only others run pass Dee twice.
    for (const name of ["Ann", "Bea"]) {
      const r = race(s.id);
      publishResults(app.db, r.cls, [{ entry: createRaceEntry(app.db, r.cls, { riderName: name, horseName: `${name}'s horse` }), place: 1 }]);
    }
    const rows = (await standings(s.id)).standings;
    expect(rows.find((x) => x.riderName.startsWith("Dee"))?.place).toBe(3);
    const alerts = await standingAlerts(dee.id);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.message).toBe("Your place changed. Dot: 2nd in the 1D (was 1st), 9 points.");
    const digest = app.db.select().from(alertDigestItems).where(and(eq(alertDigestItems.userId, dee.id), eq(alertDigestItems.kind, "standing"))).all();
    expect(digest).toHaveLength(1);
    // The rider's own result went by email at once (the default); the others' moves never do.
    const instant = app.db.select().from(jobs).where(like(jobs.key, `email:alert:standing:${dee.id}:%`)).all();
    expect(instant.map((j) => j.key)).toEqual([expect.stringMatching(/:standing:[^:]+:[^:]+:v1$/)]);
  });

  it("updates the standings and tells the rider through the booth's real publish", async () => {
    const s = await newSeries();
    const producer = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id, date: "2030-07-04" });
    const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1, splitMs: [500] });
    await producer.client.json(`/api/series/${s.id}/events`, "POST", { eventId: event.id });
    await admin.client.json(`/api/series/${s.id}/events/${event.id}`, "PATCH", { approved: true });
    const kaylee = createUser(app.db);
    const mine = riderOf(kaylee, "Sugar")(cls);
    const other = createRaceEntry(app.db, cls, { riderName: "Ann", horseName: "Ace" });
    let n = 0;
    for (const [entry, time] of [
      [mine, "15.300"],
      [other, "15.100"],
    ] as const) {
      const res = await producer.client.json(`/api/events/${event.id}/times`, "POST", { clientId: `season-${Date.now()}-${++n}`, entryId: entry.id, outcome: "TIME", time, penalties: 0 });
      expect(res.status).toBe(201);
    }
    const pub = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    expect(pub.status, await pub.clone().text()).toBe(200);
    expect(table((await standings(s.id)).standings)).toEqual(["1 Ann/Ace 10", `2 ${kaylee.firstName} ${kaylee.lastName}/Sugar 9`]);
    expect(await standingAlerts(kaylee.id)).toHaveLength(1);
  });
});

describe("privacy", () => {
  it("names a Private rider as entered, without their account, and hides their road from others", async () => {
    const s = await newSeries();
    const solo = await signedInRider(app, { firstName: "Sam", lastName: "Solo", privacyMode: "SOLO" });
    const open = createUser(app.db, { privacyMode: "PUBLIC" });
    const r = race(s.id);
    publishResults(app.db, r.cls, [
      { entry: riderOf(solo.user, "Dash")(r.cls), place: 1 },
      { entry: riderOf(open, "Ace")(r.cls), place: 2 },
    ]);
    const rows = (await standings(s.id)).standings;
    expect(rows[0]).toMatchObject({ riderName: "Sam Solo", horseName: "Dash", userId: null });
    expect(rows[1]!.userId).toBe(open.id);
    const csv = await (await app.client().get(`/api/series/${s.id}/standings.csv`)).text();
    expect(csv).not.toContain(solo.user.email);

    const stranger = await signedInRider(app);
    for (const client of [app.client(), stranger.client]) {
      const res = await client.get(`/api/users/${solo.user.id}/qualification`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe("Rider not found");
    }
    const own = await solo.client.get(`/api/users/${solo.user.id}/qualification`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { qualification: unknown[] }).qualification).toEqual([expect.objectContaining({ seriesId: s.id, className: "Open 4D", place: 1, points: 10, horseName: "Dash" })]);
    expect((await app.client().get(`/api/users/${open.id}/qualification`)).status).toBe(200);
  });

  it("shows an invite-only rider's road to followers only", async () => {
    const s = await newSeries();
    const rider = createUser(app.db, { privacyMode: "INVITE_ONLY" });
    const r = race(s.id);
    publishResults(app.db, r.cls, [{ entry: riderOf(rider, "Ace")(r.cls), place: 1 }]);
    const follower = await signedInRider(app);
    expect((await follower.client.get(`/api/users/${rider.id}/qualification`)).status).toBe(404);
    createFollow(app.db, follower.user.id, rider.id);
    expect((await follower.client.get(`/api/users/${rider.id}/qualification`)).status).toBe(200);
  });

  it("lets other sites frame the embeddable standings alone, and links no Private rider's profile", async () => {
    const s = await newSeries();
    const solo = createUser(app.db, { firstName: "Sam", lastName: "Solo", privacyMode: "SOLO" });
    const open = createUser(app.db, { privacyMode: "PUBLIC" });
    const r = race(s.id);
    publishResults(app.db, r.cls, [
      { entry: riderOf(solo, "Dash")(r.cls), place: 1 },
      { entry: riderOf(open, "Ace")(r.cls), place: 2 },
    ]);
    const embed = await app.client().get(`/embed/series/${s.id}?class=Open%204D&division=1`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    const html = await embed.text();
    expect(html).toContain("Sam Solo");
    expect(html).not.toContain("<script");
    const page = await app.client().get(`/series/${s.id}`);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const body = await page.text();
    expect(body).toContain("Sam Solo");
    expect(body).not.toContain(`/profile/${solo.id}`);
    expect(body).toContain(`/profile/${open.id}`);
    // Anything but the embed's own path stays unframeable.
    expect((await app.client().get(`/embed/series/${s.id}/x`)).headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
