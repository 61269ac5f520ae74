import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, raceClasses, raceEntries, raceHistory, racePayoutOverrides, raceResults, runLogs, type User } from "../../db/schema";
import { createEvent, createHorse, createUser, signedInRider } from "../helpers/factories";
import { addRaceTimer, createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { approveInto, publishResults } from "../helpers/season-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Rules the race-day and season suites did not hold to, each found by
 * breaking it on purpose: corrections after publishing reach the rider,
 * a named timer times and does nothing else, a published class's money
 * stays as it was paid, and who counts as having raced a season.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

let clientIds = 0;
const cid = () => `rules-${Date.now()}-${++clientIds}`;

async function time(client: Client, eventId: string, entryId: string, text: string) {
  const res = await client.json(`/api/events/${eventId}/times`, "POST", { clientId: cid(), entryId, outcome: "TIME", time: text, penalties: 0 });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A published 1D class ($50 each, 60/40): Kaylee on Sugar (with an account) wins $60, Ann is second. */
async function publishedRace() {
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id });
  const cls = createRaceClass(app.db, event.id, { name: "Open 1D", divisions: 1, entryFeeCents: 5000 });
  const kaylee = createUser(app.db, { firstName: "Kaylee" });
  const sugar = createHorse(app.db, kaylee.id, { name: "Sugar" });
  const mine = createRaceEntry(app.db, cls, { riderName: "Kaylee Rider", horseName: "Sugar", userId: kaylee.id, horseId: sugar.id });
  const other = createRaceEntry(app.db, cls, { riderName: "Ann", horseName: "Ace" });
  await time(producer.client, event.id, mine.id, "15.100");
  await time(producer.client, event.id, other.id, "15.600");
  const res = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
  expect(res.status).toBe(200);
  return { producer, event, cls, kaylee, mine, other };
}

const resultAlerts = (user: User) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.subtype, "result")))
    .all();
const officialRun = (user: User) => app.db.select().from(runLogs).where(and(eq(runLogs.userId, user.id), eq(runLogs.official, true))).get();

describe("an override after publishing", () => {
  it("updates the rider's official run and sends one Corrected alert naming the new amount; a second, different one sends another; a removal another", async () => {
    const { producer, event, cls, kaylee, mine } = await publishedRace();
    expect(officialRun(kaylee)?.moneyCents).toBe(6000);
    expect(resultAlerts(kaylee)).toHaveLength(1);
    const url = `/api/events/${event.id}/classes/${cls.id}/overrides/${mine.id}`;

    expect((await producer.client.json(url, "PUT", { amountCents: 6144, reason: "Added money from the sponsor" })).status).toBe(200);
    expect(officialRun(kaylee)?.moneyCents).toBe(6144);
    let alerts = resultAlerts(kaylee);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toMatchObject({ title: `Corrected: ${cls.name}`, message: "Corrected. Sugar: 15.100, 1st, $61.44" });
    // The same amount again is no correction: nothing is sent.
    expect((await producer.client.json(url, "PUT", { amountCents: 6144, reason: "Said twice" })).status).toBe(200);
    expect(resultAlerts(kaylee)).toHaveLength(2);

    expect((await producer.client.json(url, "PUT", { amountCents: 7000, reason: "Second sponsor" })).status).toBe(200);
    alerts = resultAlerts(kaylee);
    expect(alerts).toHaveLength(3);
    expect(alerts[2]!.message).toBe("Corrected. Sugar: 15.100, 1st, $70.00");
    expect(officialRun(kaylee)?.moneyCents).toBe(7000);

    expect((await producer.client.json(url, "DELETE", { reason: "Sponsor withdrew" })).status).toBe(200);
    alerts = resultAlerts(kaylee);
    expect(alerts).toHaveLength(4);
    expect(alerts[3]!.message).toBe("Corrected. Sugar: 15.100, 1st, $60.00");
    expect(officialRun(kaylee)?.moneyCents).toBe(6000);
  });
});

describe("a named timer", () => {
  it("is refused (403, nothing written) on every call only the producer may make", async () => {
    const { event, cls, mine, other } = await publishedRace();
    const timer = await signedInRider(app);
    addRaceTimer(app.db, event.id, timer.user.id);
    // A class still open, for the calls a published one would refuse for its own reasons.
    const open = createRaceClass(app.db, event.id, { name: "Youth", divisions: 1 });
    const walkUp = createRaceEntry(app.db, open, { riderName: "Walk Up", horseName: "Bay" });
    const riderEntry = createRaceEntry(app.db, open, { riderName: "Someone Else", horseName: "Roan", userId: createUser(app.db).id });
    const snapshot = () => ({
      classes: app.db.select().from(raceClasses).where(eq(raceClasses.eventId, event.id)).all(),
      entries: app.db.select().from(raceEntries).where(eq(raceEntries.eventId, event.id)).all(),
      overrides: app.db.select().from(racePayoutOverrides).where(eq(racePayoutOverrides.classId, cls.id)).all(),
      results: app.db.select().from(raceResults).where(eq(raceResults.classId, cls.id)).all(),
      history: app.db.select().from(raceHistory).where(eq(raceHistory.eventId, event.id)).all().length,
    });
    const before = snapshot();
    const calls: [string, string, unknown][] = [
      ["PUT", `/api/events/${event.id}/classes/${cls.id}/overrides/${mine.id}`, { amountCents: 1, reason: "Mine now" }],
      ["DELETE", `/api/events/${event.id}/classes/${cls.id}/overrides/${other.id}`, { reason: "Gone" }],
      ["POST", `/api/events/${event.id}/classes/${cls.id}/results/publish`, {}],
      ["POST", `/api/events/${event.id}/classes/${open.id}/draw`, { publish: true }],
      ["PATCH", `/api/events/${event.id}/classes/${open.id}`, { name: "Renamed" }],
      ["PATCH", `/api/events/${event.id}/classes/${open.id}`, { entryFeeCents: 1 }],
      ["DELETE", `/api/events/${event.id}/classes/${open.id}`, undefined],
      ["POST", `/api/events/${event.id}/classes`, { name: "Timer's class", entryFeeCents: 100 }],
      ["PATCH", `/api/events/${event.id}/entries/${walkUp.id}`, { paid: true }],
      ["PATCH", `/api/events/${event.id}/entries/${walkUp.id}`, { scratched: true }],
      ["PATCH", `/api/events/${event.id}/entries/${riderEntry.id}`, { scratched: true }],
      ["DELETE", `/api/events/${event.id}/entries/${riderEntry.id}`, undefined],
      ["POST", `/api/events/${event.id}/timers`, { email: timer.user.email }],
    ];
    for (const [method, url, body] of calls) {
      const res = await timer.client.json(url, method, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}: ${await res.clone().text()}`).toBe(403);
    }
    expect(snapshot()).toEqual(before);
  });
});

describe("a published class's money", () => {
  it.each([
    ["entry fee", { entryFeeCents: 6000 }],
    ["added money", { addedMoneyCents: 10000 }],
    ["producer's share", { producerSharePercent: 10 }],
    ["divisions", { divisions: 2 }],
    ["splits", { splitSeconds: [1] }],
    ["payout table", { payout: { divisionPercents: [100], table: [{ maxEntries: 25, percents: [100] }] } }],
    ["sidepot", { sidepotOf: "__other__" }],
  ])("refuses a change of the %s with 409 and leaves the class as it was paid", async (_rule, patch) => {
    const { producer, event, cls } = await publishedRace();
    const other = createRaceClass(app.db, event.id, { name: "Another", divisions: 1 });
    const body = "sidepotOf" in patch ? { sidepotOf: other.id } : patch;
    const before = app.db.select().from(raceClasses).where(eq(raceClasses.id, cls.id)).get();
    const res = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}`, "PATCH", body);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe("Results are published: the class's money rules and the class itself can no longer change");
    expect(app.db.select().from(raceClasses).where(eq(raceClasses.id, cls.id)).get()).toEqual(before);
  });
});

describe("the season: who raced", () => {
  it("does not count a scratched entry as a race entered, and a team one race short stays unqualified", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const made = await admin.client.json("/api/series", "POST", { name: "TX05 2030", startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"], qualifyMinRaces: 2, qualifyTop: 15 });
    expect(made.status).toBe(201);
    const seriesId = ((await made.json()) as { series: { id: string } }).series.id;
    const dee = createUser(app.db, { firstName: "Dee" });
    const dot = createHorse(app.db, dee.id, { name: "Dot" });
    const race = (date: string) => {
      const event = createEvent(app.db, { createdBy: admin.user.id, date });
      approveInto(app.db, seriesId, event.id);
      const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
      return { cls, entry: createRaceEntry(app.db, cls, { userId: dee.id, horseId: dot.id, riderName: "Dee Rider", horseName: "Dot" }) };
    };
    const standing = async () => {
      const res = await app.client().get(`/api/series/${seriesId}/standings`);
      const rows = ((await res.json()) as { standings: { riderName: string; racesEntered: number; qualified: boolean }[] }).standings;
      return rows.find((r) => r.riderName === "Dee Rider");
    };
    const first = race("2030-04-01");
    publishResults(app.db, first.cls, [{ entry: first.entry, place: 1, totalMs: 15000 }]);
    const second = race("2030-04-08");
    publishResults(app.db, second.cls, [{ entry: second.entry, outcome: "SCRATCH" }]);
    // Two events entered, one raced: one race short of the two it takes.
    expect(await standing()).toMatchObject({ racesEntered: 1, qualified: false });
    const third = race("2030-04-15");
    publishResults(app.db, third.cls, [{ entry: third.entry, outcome: "NT" }]);
    expect(await standing()).toMatchObject({ racesEntered: 2, qualified: true });
  });
});
