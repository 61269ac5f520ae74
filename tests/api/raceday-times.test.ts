import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "../../app/lib/clock.server";
import { raceHistory, raceTimes, runLogs } from "../../db/schema";
import { createEvent, createHorse, createUser, signedInRider } from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * When a time was taken: the booth's device clock (`takenAt`) becomes the
 * run's time when plausible, the arrival time otherwise (and the history
 * says why); a second time for one run is refused with the time it has.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());
afterEach(() => setClock(null));

// Fort Worth (ZIP 76101) runs on Chicago's clock: 7:05:21 PM CST is 01:05:21 UTC the next day.
const RACE_NIGHT = new Date("2026-11-29T01:30:00.000Z");
const FIRST_DAY = "2026-11-28";

let clientIds = 0;
const cid = () => `taken-${Date.now()}-${++clientIds}`;

type Time = { id: string; entryId: string; outcome: string; time: string | null; recordedAt: string; receivedAt: string; message?: string; existing?: Time };

async function post(client: Client, eventId: string, body: Record<string, unknown>) {
  const res = await client.json(`/api/events/${eventId}/times`, "POST", { clientId: cid(), penalties: 0, ...body });
  return { status: res.status, body: (await res.json()) as Time };
}

async function race(date = FIRST_DAY) {
  setClock(RACE_NIGHT);
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date, zipCode: "76101", arenaName: "Cowtown Coliseum" });
  const cls = createRaceClass(app.db, event.id, { divisions: 1, drawPublishedAt: new Date() });
  return { producer, event, cls };
}

const deviceNotUsed = (eventId: string) =>
  app.db
    .select()
    .from(raceHistory)
    .where(and(eq(raceHistory.eventId, eventId), eq(raceHistory.action, "device-time-not-used")))
    .all();

/** The first view the live stream sends. */
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
  return JSON.parse(/event: live\ndata: (.*)\n\n/.exec(text)![1]!) as { lastRuns: { riderName: string }[] };
}

describe("when a time was taken", () => {
  it("keeps the device's time as when the rider ran, and when the server received it beside it", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    const takenAt = new Date(RACE_NIGHT.getTime() - 20 * 60_000).toISOString();
    const res = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482", takenAt });
    expect(res.status).toBe(201);
    expect(res.body.recordedAt).toBe(takenAt);
    expect(new Date(res.body.receivedAt).getTime()).toBeGreaterThanOrEqual(RACE_NIGHT.getTime());
    expect(new Date(res.body.receivedAt).getTime()).toBeLessThan(RACE_NIGHT.getTime() + 60_000);
    // A zone offset reads as the same instant; five minutes ahead of the server's clock is still believed.
    const second = createRaceEntry(app.db, cls);
    const ahead = new Date(RACE_NIGHT.getTime() + 4 * 60_000);
    const offset = await post(producer.client, event.id, { entryId: second.id, outcome: "NT", takenAt: "2026-11-28T19:34:00-06:00" });
    expect(offset.body.recordedAt).toBe(ahead.toISOString());
    expect(deviceNotUsed(event.id)).toHaveLength(0);
  });

  it("keeps the arrival time when the device's clock is more than 5 minutes ahead or before the day before the first day, and says why in the history", async () => {
    const { producer, event, cls } = await race();
    const cases = [
      [new Date(RACE_NIGHT.getTime() + 6 * 60_000).toISOString(), /more than 5 minutes after the server's/],
      // The day before the first day starts at midnight in Fort Worth: 06:00 UTC on the 27th.
      ["2026-11-27T05:59:59.000Z", /before the day before the event's first day/],
      ["2020-01-01T00:00:00Z", /before the day before the event's first day/],
    ] as const;
    for (const [takenAt, why] of cases) {
      const entry = createRaceEntry(app.db, cls);
      const res = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "16.010", takenAt });
      expect(res.status, takenAt).toBe(201);
      expect(res.body.recordedAt).toBe(res.body.receivedAt);
      const [row] = deviceNotUsed(event.id).filter((h) => h.entryId === entry.id);
      expect(row?.reason).toMatch(why);
      expect(row?.reason).toMatch(/the time it arrived was kept/);
      expect(row?.detail).toBe("16.010");
    }
    // The first moment of the day before is believed.
    const edge = createRaceEntry(app.db, cls);
    const res = await post(producer.client, event.id, { entryId: edge.id, outcome: "NT", takenAt: "2026-11-27T06:00:00.000Z" });
    expect(res.body.recordedAt).toBe("2026-11-27T06:00:00.000Z");
    expect(deviceNotUsed(event.id)).toHaveLength(3);
  });

  it("refuses a takenAt that is not an ISO 8601 date and time, storing nothing", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    // An offset past ±23:59 is ISO 8601's shape but no instant: refused, not stored as no date.
    for (const takenAt of ["yesterday", "2026-11-28", "2026-11-28T19:05:21", 1732820721000, "2026-11-28T19:05:21+99:99", "2026-11-28T19:05:21-24:00", "2026-02-30T19:05:21Z"]) {
      const res = await post(producer.client, event.id, { entryId: entry.id, outcome: "NT", takenAt });
      expect(res.status, String(takenAt)).toBe(400);
      expect(res.body.message).toMatch(/takenAt must be a date and time in ISO 8601/);
    }
    expect(app.db.select().from(raceTimes).where(eq(raceTimes.entryId, entry.id)).all()).toHaveLength(0);
  });

  it("orders the live page's last runs and dates the official run by when the rider ran, not when the time arrived", async () => {
    const { producer, event, cls } = await race();
    const rider = createUser(app.db, { firstName: "Pat" });
    const dash = createHorse(app.db, rider.id, { name: "Dash" });
    const first = createRaceEntry(app.db, cls, { riderName: "Pat Jones", horseName: "Dash", userId: rider.id, horseId: dash.id });
    const second = createRaceEntry(app.db, cls, { riderName: "Second Rider" });
    // The second run arrives first (the booth that took the first was offline), then the first with its device time.
    expect((await post(producer.client, event.id, { entryId: second.id, outcome: "TIME", time: "15.900" })).status).toBe(201);
    const ranAt = new Date(RACE_NIGHT.getTime() - 3 * 60_000);
    setClock(new Date(RACE_NIGHT.getTime() + 60_000));
    expect((await post(producer.client, event.id, { entryId: first.id, outcome: "TIME", time: "15.482", takenAt: ranAt.toISOString() })).status).toBe(201);
    const live = await liveView(event.id);
    expect(live.lastRuns.map((r) => r.riderName)).toEqual(["Second Rider", "Pat Jones"]);
    const publish = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    expect(publish.status).toBe(200);
    const [run] = app.db.select().from(runLogs).where(and(eq(runLogs.userId, rider.id), eq(runLogs.official, true))).all();
    expect(run?.runAt.toISOString()).toBe(ranAt.toISOString());
  });

  it("refuses a second time for one run (two timers) with 409 naming the time it has, and answers that time", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls, { riderName: "Pat Jones", horseName: "Dash" });
    const takenAt = "2026-11-29T01:05:21.000Z";
    const first = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482", takenAt });
    expect(first.status).toBe(201);
    const second = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.476", takenAt: "2026-11-29T01:05:22.000Z" });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("Pat Jones on Dash already has a time: 15.482 taken at 7:05:21 PM. Correct it, or void it for a rerun");
    expect(second.body.existing).toMatchObject({ id: first.body.id, time: "15.482", outcome: "TIME", recordedAt: takenAt, receivedAt: first.body.receivedAt });
    expect(app.db.select().from(raceTimes).where(eq(raceTimes.entryId, entry.id)).all()).toHaveLength(1);
  });

  it("takes takenAt from the booth's form too", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    const takenAt = new Date(RACE_NIGHT.getTime() - 60_000).toISOString();
    const res = await producer.client.form(`/events/${event.id}/booth`, { intent: "time", classId: cls.id, entryId: entry.id, outcome: "TIME", time: "15.1", clientId: cid(), takenAt });
    expect(res.status).toBe(302);
    const [stored] = app.db.select().from(raceTimes).where(eq(raceTimes.entryId, entry.id)).all();
    expect(stored?.recordedAt.toISOString()).toBe(takenAt);
  });

  it("goes back to the booth's class by its id only: a long text posted as the class is left out of the address", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    const res = await producer.client.form(`/events/${event.id}/booth`, { intent: "time", classId: "x".repeat(20_000), entryId: entry.id, outcome: "TIME", time: "15.2", clientId: cid() });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/events/${event.id}/booth`);
    const back = await producer.client.form(`/events/${event.id}/booth`, { intent: "time", classId: cls.id, entryId: createRaceEntry(app.db, cls).id, outcome: "TIME", time: "15.3", clientId: cid() });
    expect(back.headers.get("location")).toBe(`/events/${event.id}/booth?class=${cls.id}`);
  });
});
