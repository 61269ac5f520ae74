import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, raceClasses, raceHistory, raceResults, type User } from "../../db/schema";
import { createEvent, createHorse, createUser, signedInRider } from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { publishResults } from "../helpers/season-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Race day's write path, one way: each write publishes again, in its own
 * transaction, what reads the class it changed (a sidepot waiting whenever
 * its parent waits), and the season's one step after a publish runs on
 * every path.
 */

let app: TestServer;
let seriesMade = 0;
beforeAll(async () => {
  app = await startTestServer({}, { jobs: true });
});
afterAll(() => app.close());

let clientIds = 0;
const cid = () => `path-${Date.now()}-${++clientIds}`;

async function time(client: Client, eventId: string, entryId: string, outcome: string, text: string | null = null) {
  const res = await client.json(`/api/events/${eventId}/times`, "POST", { clientId: cid(), entryId, outcome, time: text, penalties: 0 });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const publish = async (client: Client, eventId: string, classId: string) => {
  const res = await client.json(`/api/events/${eventId}/classes/${classId}/results/publish`, "POST", {});
  return { status: res.status, body: (await res.json()) as { message?: string } };
};

/** Money per rider in the class's published results. */
const paid = (classId: string) =>
  Object.fromEntries(
    app.db
      .select()
      .from(raceResults)
      .where(eq(raceResults.classId, classId))
      .all()
      .map((r) => [r.entryId, r.payoutCents]),
  );
const version = (classId: string) => app.db.select().from(raceClasses).where(eq(raceClasses.id, classId)).get()!.resultsVersion;

describe("a sidepot while its parent class waits for a rerun", () => {
  it("keeps the sidepot's published results until the rerun's time comes in, then pays on the new run", async () => {
    const producer = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id });
    // $50 each, two riders: the open pays $60/$40; the sidepot ($50 each, one place) pays $100.
    const open = createRaceClass(app.db, event.id, { name: "Open", divisions: 1, entryFeeCents: 5000 });
    const side = createRaceClass(app.db, event.id, { name: "Open Sidepot", divisions: 1, entryFeeCents: 5000, sidepotOf: open.id, payout: { divisionPercents: [100], table: [{ maxEntries: 25, percents: [100] }] } });
    const a = createRaceEntry(app.db, open, { riderName: "Ann", horseName: "Ace" });
    const b = createRaceEntry(app.db, open, { riderName: "Bea", horseName: "Bo" });
    const sa = createRaceEntry(app.db, side, { riderName: "Ann", horseName: "Ace" });
    const sb = createRaceEntry(app.db, side, { riderName: "Bea", horseName: "Bo" });
    const annTime = await time(producer.client, event.id, a.id, "TIME", "15.000");
    await time(producer.client, event.id, b.id, "TIME", "15.500");
    expect((await publish(producer.client, event.id, open.id)).status).toBe(200);
    expect((await publish(producer.client, event.id, side.id)).status).toBe(200);
    expect(paid(open.id)).toEqual({ [a.id]: 6000, [b.id]: 4000 });
    expect(paid(side.id)).toEqual({ [sa.id]: 10000, [sb.id]: 0 });

    // Ann's time is voided for a rerun: the open waits, and so does its sidepot (not paying Bea on Ann's "NT").
    const rerun = await producer.client.json(`/api/events/${event.id}/times/${annTime}/rerun`, "POST", { reason: "Timer eye missed" });
    expect(rerun.status).toBe(200);
    expect(paid(open.id)).toEqual({ [a.id]: 6000, [b.id]: 4000 });
    expect(paid(side.id)).toEqual({ [sa.id]: 10000, [sb.id]: 0 });
    expect(version(side.id)).toBe(1);
    // The producer cannot publish the sidepot by hand while its class waits either.
    const early = await publish(producer.client, event.id, side.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("1 entry has not run yet in the class this sidepot pays on (Ann): time them, or mark them NT or scratched at the booth");

    // The rerun is slower: both classes are published again, at once, on the new run.
    await time(producer.client, event.id, a.id, "TIME", "16.000");
    expect(paid(open.id)).toEqual({ [a.id]: 4000, [b.id]: 6000 });
    expect(paid(side.id)).toEqual({ [sa.id]: 0, [sb.id]: 10000 });
    expect(version(side.id)).toBe(2);
  });
});

describe("one write, its history and the republish together", () => {
  it("leaves nothing written when a write is refused after its checks began (no history, no republish)", async () => {
    const producer = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id });
    const cls = createRaceClass(app.db, event.id, { divisions: 1 });
    const entry = createRaceEntry(app.db, cls, { riderName: "Pat Jones", horseName: "Dash" });
    await time(producer.client, event.id, entry.id, "TIME", "15.482");
    expect((await publish(producer.client, event.id, cls.id)).status).toBe(200);
    const before = app.db.select().from(raceHistory).where(eq(raceHistory.eventId, event.id)).all().length;
    const second = await producer.client.json(`/api/events/${event.id}/times`, "POST", { clientId: cid(), entryId: entry.id, outcome: "NT", penalties: 0 });
    expect(second.status).toBe(409);
    expect(app.db.select().from(raceHistory).where(eq(raceHistory.eventId, event.id)).all()).toHaveLength(before);
    expect(version(cls.id)).toBe(1);
  });
});

describe("the season's one step after a publish", () => {
  async function newSeries(admin: { client: Client }) {
    const res = await admin.client.json("/api/series", "POST", { name: `TX05 2030 No. ${++seriesMade}`, startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"] });
    expect(res.status).toBe(201);
    return ((await res.json()) as { series: { id: string } }).series;
  }
  const standingAlerts = (userId: string) =>
    app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.subtype, "standing")))
      .all();

  it("tells the riders when an admin's own request counts an event's published results at once, as an admin's approval does", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const s = await newSeries(admin);
    const event = createEvent(app.db, { createdBy: admin.user.id, date: "2030-05-02" });
    const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
    const rider: User = createUser(app.db, { firstName: "Dee" });
    const horse = createHorse(app.db, rider.id, { name: "Dot" });
    const entry = createRaceEntry(app.db, cls, { userId: rider.id, horseId: horse.id, riderName: "Dee Rider", horseName: "Dot" });
    publishResults(app.db, cls, [{ entry, place: 1, moneyCents: 10000 }]);
    expect(standingAlerts(rider.id)).toHaveLength(0);
    const res = await admin.client.json(`/api/series/${s.id}/events`, "POST", { eventId: event.id });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    expect(await res.json()).toMatchObject({ status: "APPROVED" });
    // The alerts go by a job run after the commit (app/features/season/notify.server.ts).
    await app.runJobs();
    const alerts = standingAlerts(rider.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toBe("Your place changed. Dot: 1st in the 1D, 10 points.");
  });
});

describe("publishing's summary", () => {
  it("counts riders told, not alerts: a rider with two horses is one rider", async () => {
    const producer = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id });
    const cls = createRaceClass(app.db, event.id, { divisions: 1 });
    const pat = createUser(app.db, { firstName: "Pat" });
    const ids = [];
    for (const name of ["Dash", "Dot"]) {
      const horse = createHorse(app.db, pat.id, { name });
      ids.push(createRaceEntry(app.db, cls, { userId: pat.id, horseId: horse.id, riderName: "Pat Jones", horseName: name }).id);
    }
    const lee = createUser(app.db, { firstName: "Lee" });
    const bay = createHorse(app.db, lee.id, { name: "Bay" });
    ids.push(createRaceEntry(app.db, cls, { userId: lee.id, horseId: bay.id, riderName: "Lee Cole", horseName: "Bay" }).id);
    for (const [i, id] of ids.entries()) await time(producer.client, event.id, id, "TIME", `15.${i}00`);
    const res = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    expect(await res.json()).toMatchObject({ notified: 3, ridersTold: 2 });
  });
});

describe("the embeddable standings' rule line", () => {
  it("says 'at least 1 race', not '1 races'", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    for (const [min, words] of [
      [1, "at least 1 race)"],
      [3, "at least 3 races)"],
    ] as const) {
      const res = await admin.client.json("/api/series", "POST", { name: `Rule ${min}`, startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"], qualifyMinRaces: min });
      const id = ((await res.json()) as { series: { id: string } }).series.id;
      const html = await (await app.client().get(`/embed/series/${id}?class=Open%204D`)).text();
      expect(html).toContain(words);
    }
  });
});
