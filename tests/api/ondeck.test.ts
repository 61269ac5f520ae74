import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../app/lib/clock.server";
import { endStreams } from "../../app/lib/live.server";
import { notifications, onDeckSent, raceResults } from "../../db/schema";
import { createEvent, createHorse, createRider, signedInRider } from "../helpers/factories";
import { addRaceTimer, createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startPushService, trustPushService, type PushService } from "../helpers/push-service";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * "When do I run" over HTTP: the booth's offline batch of twenty times
 * tells each rider within their on-deck choice once (the rider by Web Push
 * through the test's push service, the guardian of a managed rider, never a
 * rider who chose off, never a run already past); the rider's own runs and
 * nobody else's; the public pace; the booth's gate calls.
 */

let app: TestServer;
let push: PushService;
beforeAll(async () => {
  app = await startTestServer({}, { jobs: true });
  push = await startPushService();
  trustPushService();
});
afterAll(async () => {
  await push.close();
  await app.close();
});
afterEach(() => setClock(null));

// Fort Worth runs on Chicago's clock; race night, the first day.
const RACE_NIGHT = new Date("2026-11-29T01:30:00.000Z");
let ids = 0;
const cid = () => `ondeck-${Date.now()}-${++ids}`;

type MyRuns = { runs: { entryId: string; runsAhead: number | null; estimatedAt: string | null; status: string; gateCalls: number; summary: string }[] };

async function race() {
  setClock(RACE_NIGHT);
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2026-11-28", zipCode: "76101" });
  const cls = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1, drawPublishedAt: new Date() });
  const rider = await signedInRider(app);
  const guardian = await signedInRider(app);
  const off = await signedInRider(app);
  const other = await signedInRider(app);
  const entries = [];
  for (let p = 1; p <= 30; p++) {
    const base = { drawPosition: p, dragsBefore: Math.floor((p - 1) / 5) };
    if (p === 23) entries.push(createRaceEntry(app.db, cls, { ...base, userId: off.user.id, riderName: "Off Rider", horseName: "Quiet" }));
    else if (p === 24) {
      const kid = createRider(app.db, guardian.user.id, "Katie");
      entries.push(createRaceEntry(app.db, cls, { ...base, userId: guardian.user.id, riderId: kid.id, riderName: "Katie", horseName: "Biscuit" }));
    } else if (p === 25) {
      const horse = createHorse(app.db, rider.user.id, { name: "Sugar" });
      entries.push(createRaceEntry(app.db, cls, { ...base, userId: rider.user.id, horseId: horse.id, riderName: "Rae", horseName: "Sugar" }));
    } else entries.push(createRaceEntry(app.db, cls, base));
  }
  return { producer, event, cls, rider, guardian, off, other, entries };
}

const time = (client: Client, eventId: string, entryId: string, takenAt: Date) =>
  client.json(`/api/events/${eventId}/times`, "POST", { entryId, outcome: "TIME", time: "16.100", penalties: 0, clientId: cid(), takenAt: takenAt.toISOString() });

const onDeckOf = (userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.subtype, "ondeck")))
    .all();

describe("on deck", () => {
  it("tells each rider once when the booth sends twenty times at once after being offline: a guardian too, never a rider who chose off", async () => {
    const { producer, event, entries, rider, guardian, off } = await race();
    const device = push.subscription();
    expect((await rider.client.json("/api/push-subscriptions", "POST", device)).status).toBe(201);
    const offRes = await off.client.json("/api/alert-preferences", "PUT", { onDeckRunsOut: null });
    expect(offRes.status).toBe(200);
    expect(((await offRes.json()) as { onDeckRunsOut: unknown }).onDeckRunsOut).toBeNull();
    expect(((await (await rider.client.get("/api/alert-preferences")).json()) as { onDeckRunsOut: unknown }).onDeckRunsOut).toBe(5);

    // Twenty runs taken a minute apart while the booth was offline, all sent at once.
    const start = RACE_NIGHT.getTime() - 30 * 60_000;
    const answers = await Promise.all(entries.slice(0, 20).map((e, i) => time(producer.client, event.id, e.id, new Date(start + i * 60_000))));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));

    // Rae (25th) is 4 runs out, Katie (24th) 3: each told once; the rider who chose off is not.
    const rae = onDeckOf(rider.user.id);
    expect(rae).toHaveLength(1);
    expect(rae[0]!.message).toMatch(/^On deck: Sugar, Open 4D, \d runs? out, about \d{1,2}:\d{2} (AM|PM)$/);
    const katie = onDeckOf(guardian.user.id);
    expect(katie).toHaveLength(1);
    expect(katie[0]!.message).toMatch(/^On deck: Katie on Biscuit, Open 4D, \d runs? out/);
    expect(onDeckOf(off.user.id)).toHaveLength(0);
    expect(app.db.select().from(onDeckSent).where(eq(onDeckSent.entryId, entries[24]!.id)).all()).toHaveLength(1);

    // The same batch sent again (the booth did not hear the answers), and the next run: still once.
    await Promise.all(entries.slice(20, 22).map((e, i) => time(producer.client, event.id, e.id, new Date(start + (20 + i) * 60_000))));
    expect(onDeckOf(rider.user.id)).toHaveLength(1);

    await app.runJobs();
    const delivered = push.to(device.endpoint);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ status: 201, payload: { title: "On deck: Sugar", body: rae[0]!.message, url: `/events/${event.id}/live` } });
  });

  it("never announces a run already past", async () => {
    const { producer, event, entries, rider } = await race();
    // Rae's run is timed first (she went early), then the rest arrive.
    expect((await time(producer.client, event.id, entries[24]!.id, new Date(RACE_NIGHT.getTime() - 60 * 60_000))).status).toBe(201);
    await Promise.all(entries.slice(0, 22).map((e, i) => time(producer.client, event.id, e.id, new Date(RACE_NIGHT.getTime() - (40 - i) * 60_000))));
    expect(onDeckOf(rider.user.id)).toHaveLength(0);
  });

  it("refuses an on-deck choice that is not 10, 5, 3 or off", async () => {
    const { rider } = await race();
    const res = await rider.client.json("/api/alert-preferences", "PUT", { onDeckRunsOut: 7 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/10, 5, 3 or null/);
  });
});

describe("my runs and the pace", () => {
  it("shows a rider their own place in line and estimate, and nobody else's", async () => {
    const { producer, event, entries, rider, other } = await race();
    const start = RACE_NIGHT.getTime() - 10 * 60_000;
    for (let i = 0; i < 6; i++) expect((await time(producer.client, event.id, entries[i]!.id, new Date(start + i * 60_000))).status).toBe(201);
    const mine = (await (await rider.client.get(`/api/events/${event.id}/my-runs`)).json()) as MyRuns;
    expect(mine.runs).toHaveLength(1);
    expect(mine.runs[0]).toMatchObject({ entryId: entries[24]!.id, runsAhead: 18, status: "WAITING", gateCalls: 0 });
    expect(mine.runs[0]!.summary).toMatch(/^18 runs out · about /);
    expect(new Date(mine.runs[0]!.estimatedAt!).getTime()).toBeGreaterThan(RACE_NIGHT.getTime());
    // Another rider sees only their own (none): never Rae's estimate.
    const theirs = (await (await other.client.get(`/api/events/${event.id}/my-runs`)).json()) as MyRuns;
    expect(theirs.runs).toEqual([]);
    expect((await app.client().get(`/api/events/${event.id}/my-runs`)).status).toBe(401);

    const pace = (await (await app.client().get(`/api/events/${event.id}/pace`)).json()) as { classes: { runsPerHour: number; runsLeft: number; estimatedEnd: string; behindMinutes: number | null }[] };
    expect(pace.classes[0]).toMatchObject({ runsLeft: 24, behindMinutes: null });
    // Six runs a minute apart with one drag (3 min counted out of the span): faster than 55 an hour.
    expect(pace.classes[0]!.runsPerHour).toBeGreaterThan(55);
    expect(JSON.stringify(pace)).not.toContain("Rae");
  });
});

describe("before race day", () => {
  it("shows the line without a clock time until a posted start gives one, then says how late the class runs", async () => {
    const { producer, event, cls, rider } = await race();
    // The day before: no posted start, no guess at the clock.
    setClock(new Date("2026-11-28T01:30:00.000Z"));
    let mine = (await (await rider.client.get(`/api/events/${event.id}/my-runs`)).json()) as MyRuns;
    expect(mine.runs[0]).toMatchObject({ runsAhead: 24, estimatedAt: null, summary: "24 runs out" });
    const bad = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}`, "PATCH", { postedStart: "7pm" });
    expect(bad.status).toBe(400);
    expect((await producer.client.json(`/api/events/${event.id}/classes/${cls.id}`, "PATCH", { postedStart: "18:00" })).status).toBe(200);
    mine = (await (await rider.client.get(`/api/events/${event.id}/my-runs`)).json()) as MyRuns;
    // 6:00 PM CST on the 28th is 00:00 UTC on the 29th; 24 runs at 55 an hour and 4 drags before Rae's.
    expect(new Date(mine.runs[0]!.estimatedAt!).getTime()).toBe(Date.parse("2026-11-29T00:00:00.000Z") + Math.round((24 * 3_600_000) / 55) + 4 * 3 * 60_000);
    // Race night, nothing run at 7:30 PM: an hour and a half behind the posted start.
    setClock(RACE_NIGHT);
    const pace = (await (await app.client().get(`/api/events/${event.id}/pace`)).json()) as { classes: { behindMinutes: number }[] };
    expect(pace.classes[0]!.behindMinutes).toBe(90);
  });
});

describe("gate calls", () => {
  it("calls the rider on the gate up to three times and tells their phone, then the timer decides", async () => {
    const { producer, event, entries, rider, other } = await race();
    for (let i = 0; i < 24; i++) await time(producer.client, event.id, entries[i]!.id, new Date(RACE_NIGHT.getTime() - (30 - i) * 60_000));
    const gate = entries[24]!.id;
    const timer = await signedInRider(app);
    addRaceTimer(app.db, event.id, timer.user.id);
    expect((await other.client.json(`/api/events/${event.id}/gate-calls`, "POST", { entryId: gate })).status).toBe(403);
    expect((await producer.client.json(`/api/events/${event.id}/gate-calls`, "POST", { entryId: entries[26]!.id })).status).toBe(409);
    expect((await producer.client.json(`/api/events/${event.id}/gate-calls`, "POST", {})).status).toBe(400);
    for (const n of [1, 2, 3]) {
      const res = await (n === 2 ? timer : producer).client.json(`/api/events/${event.id}/gate-calls`, "POST", { entryId: gate });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { gateCalls: number }).gateCalls).toBe(n);
    }
    const fourth = await producer.client.json(`/api/events/${event.id}/gate-calls`, "POST", { entryId: gate });
    expect(fourth.status).toBe(409);
    expect(((await fourth.json()) as { message: string }).message).toMatch(/the timer decides/);
    const told = app.db.select().from(notifications).where(and(eq(notifications.userId, rider.user.id), eq(notifications.subtype, "gate-call"))).all();
    expect(told.map((n) => n.message).sort()).toEqual(["Gate call 1 of 3: Sugar to the gate", "Gate call 2 of 3: Sugar to the gate", "Gate call 3 of 3: Sugar to the gate"]);
    const mine = (await (await rider.client.get(`/api/events/${event.id}/my-runs`)).json()) as MyRuns;
    expect(mine.runs[0]).toMatchObject({ status: "ON_THE_GATE", gateCalls: 3, runsAhead: 0 });
    // Nothing was scratched: the entry still waits for the timer.
    expect((await time(producer.client, event.id, gate, RACE_NIGHT)).status).toBe(201);
  });
});

describe("the announcer's view", () => {
  it("gives the producer the rider on the gate with the horse's registered name and foaling year, and how it ran here last time", async () => {
    const { producer, event, other } = await race();
    const earlier = createEvent(app.db, { createdBy: producer.user.id, date: "2026-06-06", zipCode: "76101", arenaName: event.arenaName });
    const horse = createHorse(app.db, other.user.id, { name: "Dash", registeredName: "Frenchmans Dash Away", yearFoaled: 2016 });
    const then = createRaceClass(app.db, earlier.id, { name: "Open 4D", divisions: 1 });
    const ran = createRaceEntry(app.db, then, { userId: other.user.id, horseId: horse.id, riderName: "Ola", horseName: "Dash" });
    app.db.insert(raceResults).values({ entryId: ran.id, classId: then.id, eventId: earlier.id, outcome: "TIME", timeMs: 15_321, totalMs: 15_321, division: 1, place: 2, publishedAt: new Date() }).run();
    const cls = createRaceClass(app.db, event.id, { name: "Youth", position: -1, divisions: 1, drawPublishedAt: new Date() });
    createRaceEntry(app.db, cls, { userId: other.user.id, horseId: horse.id, riderName: "Ola", horseName: "Dash", drawPosition: 1 });
    const page = await producer.client.get(`/events/${event.id}/announcer`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Frenchmans Dash Away");
    expect(html).toContain("foaled 2016");
    expect(html).toContain("Last time here: 2026-06-06, Open 4D: 15.321, 2nd in the 1D");
    expect((await other.client.get(`/events/${event.id}/announcer`)).status).toBe(403);
  });
});

describe("the arena stream", () => {
  it("sends the arena view without sign-in, with no rider's estimate in it", async () => {
    const { event } = await race();
    const res = await app.client().get(`/api/events/${event.id}/arena`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    let text = "";
    while (!/event: arena\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const view = JSON.parse(/data: (.*)\n/.exec(text.slice(text.indexOf("event: arena")))![1]!) as { ridingNow: { riderName: string }; runsLeft: number };
    expect(view.runsLeft).toBe(30);
    expect(view.ridingNow.riderName).toBeTruthy();
    expect(text).not.toContain("estimatedAt");
  });

  it("ends the stream when the server stops (as a restart does), and a new connection gets the change made meanwhile; nothing is kept for a closed screen", async () => {
    const { producer, event, entries } = await race();
    const open = async () => {
      const res = await app.client().get(`/api/events/${event.id}/arena`);
      const reader = res.body!.getReader();
      let text = "";
      while (!/event: arena\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
      return { reader, view: JSON.parse(/event: arena\ndata: (.*)\n/.exec(text)![1]!) as { runsLeft: number; lastRun: { result: string } | null } };
    };
    const first = await open();
    expect(first.view.runsLeft).toBe(30);
    endStreams();
    // The server ends the connection: the screen's EventSource reconnects by itself (retry: 3000).
    let done = false;
    while (!done) done = (await first.reader.read()).done;
    expect((await time(producer.client, event.id, entries[0]!.id, RACE_NIGHT)).status).toBe(201);
    const second = await open();
    expect(second.view).toMatchObject({ runsLeft: 29, lastRun: { result: "16.100" } });
    await second.reader.cancel();
    await expect.poll(() => (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for("cloverleaf.ondeck.arena")]?.has(event.id) ?? false).toBe(false);
  });
});
