import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceEntries, raceResults, runLogs, seriesStandings, seriesTallies } from "../../db/schema";
import { createEvent, createHorse, signedInRider } from "../helpers/factories";
import { addRaceTimer, createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { approveInto } from "../helpers/season-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/** Exhibition runs: timed and shown, never placed or paid, not in the pot, not in the season. */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

let clientIds = 0;
const cid = () => `ex-${Date.now()}-${++clientIds}`;

type Entry = { id: string; exhibition: boolean; feeCents: number | null; message?: string };

async function enter(client: Client, eventId: string, body: Record<string, unknown>) {
  const res = await client.json(`/api/events/${eventId}/entries`, "POST", body);
  return { status: res.status, body: (await res.json()) as Entry };
}

async function time(client: Client, eventId: string, entryId: string, text: string) {
  const res = await client.json(`/api/events/${eventId}/times`, "POST", { clientId: cid(), entryId, outcome: "TIME", time: text, penalties: 0 });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The live stream's first view. */
async function liveView(eventId: string) {
  const res = await app.client().get(`/api/events/${eventId}/live`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!/event: live\ndata: .*\n\n/.test(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value);
  }
  await reader.cancel();
  type View = { lastRuns: { riderName: string; exhibition: boolean }[]; classes: { ran: number; entries: number; leaders: { places: { riderName: string }[] }[] }[] };
  return JSON.parse(/event: live\ndata: (.*)\n\n/.exec(text)![1]!) as View;
}

describe("exhibition runs", () => {
  it("are added by the producer (a walk-up) or a rider (their own horse) at the class's exhibition fee, and refused in a sidepot", async () => {
    const producer = await signedInRider(app);
    const rider = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id, date: "2030-03-06" });
    const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1, entryFeeCents: 5000, exhibitionFeeCents: 1500 });
    const walkUp = await enter(producer.client, event.id, { classId: cls.id, riderName: "Walk Up", horseName: "Practice", exhibition: true });
    expect(walkUp.status).toBe(201);
    expect(walkUp.body).toMatchObject({ exhibition: true, feeCents: 1500 });
    // A rider's horse may run for money and once more for practice: an exhibition counts against no limit.
    const horse = createHorse(app.db, rider.user.id, { name: "Sugar" });
    expect((await enter(rider.client, event.id, { classId: cls.id, horseId: horse.id })).body).toMatchObject({ exhibition: false, feeCents: 5000 });
    const own = await enter(rider.client, event.id, { classId: cls.id, horseId: horse.id, exhibition: true });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    // A rider may not add a walk-up exhibition; nor may anyone run one in a sidepot.
    expect((await enter(rider.client, event.id, { classId: cls.id, riderName: "Someone", horseName: "Else", exhibition: true })).status).toBe(403);
    const side = createRaceClass(app.db, event.id, { name: "Sidepot", divisions: 1, sidepotOf: cls.id });
    const refused = await enter(producer.client, event.id, { classId: side.id, riderName: "Walk Up", horseName: "Practice", exhibition: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A sidepot pays on its class's runs: add the exhibition run to that class");
    expect(app.db.select().from(raceEntries).where(eq(raceEntries.classId, side.id)).all()).toHaveLength(0);
    // "exhibition" must be a yes or no.
    expect((await enter(producer.client, event.id, { classId: cls.id, riderName: "A", horseName: "B", exhibition: "maybe" })).status).toBe(400);
  });

  it("is timed and shown on the live page marked Exhibition, never placed or paid, not in the pot; its rider's run log gets it as official", async () => {
    const producer = await signedInRider(app);
    const rider = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id, date: "2030-03-06" });
    // Two riders at $50, one place: the pot is $100 with or without the exhibition.
    const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1, entryFeeCents: 5000, drawPublishedAt: new Date(), payout: { divisionPercents: [100], table: [{ maxEntries: 25, percents: [100] }] } });
    const a = createRaceEntry(app.db, cls, { riderName: "Ann", horseName: "Ace" });
    const b = createRaceEntry(app.db, cls, { riderName: "Bea", horseName: "Bo" });
    const horse = createHorse(app.db, rider.user.id, { name: "Sugar" });
    const ex = await enter(rider.client, event.id, { classId: cls.id, horseId: horse.id, exhibition: true });
    expect(ex.status).toBe(201);
    await time(producer.client, event.id, a.id, "15.500");
    await time(producer.client, event.id, b.id, "15.900");
    // Publishing waits for nobody's exhibition run.
    const review = (await (await producer.client.get(`/api/events/${event.id}/classes/${cls.id}/results`)).json()) as { potCents: number; entryCount: number; unplaced: { entryId: string }[] };
    expect(review).toMatchObject({ potCents: 10000, entryCount: 2 });
    expect(review.unplaced.map((u) => u.entryId)).not.toContain(ex.body.id);
    // The fastest run of the night is the exhibition's.
    await time(producer.client, event.id, ex.body.id, "14.900");

    const live = await liveView(event.id);
    expect(live.lastRuns[0]).toMatchObject({ exhibition: true });
    expect(live.lastRuns.slice(1).every((r) => !r.exhibition)).toBe(true);
    expect(live.classes[0]).toMatchObject({ ran: 2, entries: 2 });
    expect(live.classes[0]!.leaders[0]!.places.map((p) => p.riderName)).toEqual(["Ann", "Bea"]);
    const page = await (await app.client().get(`/events/${event.id}/live`)).text();
    expect(page).toContain("Exhibition");

    const publish = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    expect(publish.status, await publish.clone().text()).toBe(200);
    const results = app.db.select().from(raceResults).where(eq(raceResults.classId, cls.id)).all();
    expect(Object.fromEntries(results.map((r) => [r.entryId, r.payoutCents]))).toEqual({ [a.id]: 10000, [b.id]: 0 });
    expect(results.find((r) => r.entryId === a.id)?.place).toBe(1);
    const [run] = app.db.select().from(runLogs).where(and(eq(runLogs.userId, rider.user.id), eq(runLogs.official, true))).all();
    expect(run).toMatchObject({ raceEntryId: ex.body.id, time: "14.900", placement: "Exhibition", moneyCents: 0, horseName: "Sugar" });
    const view = (await (await app.client().get(`/api/events/${event.id}/classes/${cls.id}/results`)).json()) as { potCents: number; divisions: { places: { entryId: string }[] }[] };
    expect(view.potCents).toBe(10000);
    expect(view.divisions.flatMap((d) => d.places.map((p) => p.entryId))).toEqual([a.id, b.id]);
  });

  it("is never sent to the season's standings", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const s = await admin.client.json("/api/series", "POST", { name: "TX05 2030", startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"] });
    const seriesId = ((await s.json()) as { series: { id: string } }).series.id;
    const producer = await signedInRider(app);
    const rider = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id, date: "2030-05-02" });
    approveInto(app.db, seriesId, event.id);
    const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
    const a = createRaceEntry(app.db, cls, { riderName: "Ann", horseName: "Ace" });
    const horse = createHorse(app.db, rider.user.id, { name: "Sugar" });
    const ex = await enter(rider.client, event.id, { classId: cls.id, horseId: horse.id, exhibition: true });
    await time(producer.client, event.id, a.id, "15.500");
    await time(producer.client, event.id, ex.body.id, "14.000");
    expect((await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {})).status).toBe(200);
    // One team's running totals: Ann's; the exhibition run counts for nobody.
    const tallies = app.db.select().from(seriesTallies).where(eq(seriesTallies.seriesId, seriesId)).all();
    expect(tallies).toHaveLength(1);
    const table = app.db.select().from(seriesStandings).where(eq(seriesStandings.seriesId, seriesId)).all();
    expect(table.map((r) => [r.riderName, r.place])).toEqual([["Ann", 1]]);
  });

  it("is added from the booth's form by the producer, and not by a named timer", async () => {
    const producer = await signedInRider(app);
    const timer = await signedInRider(app);
    const event = createEvent(app.db, { createdBy: producer.user.id });
    addRaceTimer(app.db, event.id, timer.user.id);
    const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
    const booth = await (await producer.client.get(`/events/${event.id}/booth`)).text();
    expect(booth).toContain("Add an exhibition run");
    expect(await (await timer.client.get(`/events/${event.id}/booth`)).text()).not.toContain("Add an exhibition run");
    const fields = { intent: "exhibition", classId: cls.id, riderName: "Practice Pat", horseName: "Pony" };
    const refused = await timer.client.form(`/events/${event.id}/booth`, fields);
    expect(refused.status).toBe(403);
    const res = await producer.client.form(`/events/${event.id}/booth`, { ...fields, back: "hub" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/events/${event.id}/race-day`);
    const rows = app.db.select().from(raceEntries).where(eq(raceEntries.classId, cls.id)).all();
    expect(rows).toMatchObject([{ riderName: "Practice Pat", horseName: "Pony", exhibition: true }]);
    // The hub shows the same form.
    expect(await (await producer.client.get(`/events/${event.id}/race-day`)).text()).toContain("Add an exhibition run");
  });
});
