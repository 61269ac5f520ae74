import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, notifications, raceClasses, raceEntries, raceHistory, raceResults, raceTimes, runLogs } from "../../db/schema";
import { createEvent, createHorse, createUser, signedInRider, signIn } from "../helpers/factories";
import { addRaceTimer, createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

let clientIds = 0;
const cid = () => `booth-${Date.now()}-${++clientIds}`;

/** A producer with an approved event, a 2D class (pot 60/40, two places 60/40) and a client signed in as them. */
async function race(classOverrides: Parameters<typeof createRaceClass>[2] = {}) {
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, arenaName: "Cowtown Coliseum" });
  const cls = createRaceClass(app.db, event.id, classOverrides);
  return { producer, event, cls };
}

type Time = { id: string; clientId: string; entryId: string; outcome: string; time: string | null; penalties: number; total: string | null; voided: boolean };

async function post(client: Client, eventId: string, body: Record<string, unknown>) {
  const res = await client.json(`/api/events/${eventId}/times`, "POST", { clientId: cid(), penalties: 0, ...body });
  return { status: res.status, body: (await res.json()) as Time & { message?: string } };
}

const timesOf = (entryId: string) => app.db.select().from(raceTimes).where(eq(raceTimes.entryId, entryId)).all();
const historyOf = (eventId: string) => app.db.select().from(raceHistory).where(eq(raceHistory.eventId, eventId)).all();
const resultAlerts = (userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.subtype, "result")))
    .all();
const officialRuns = (userId: string) => app.db.select().from(runLogs).where(and(eq(runLogs.userId, userId), eq(runLogs.official, true))).all();

describe("POST /api/events/{id}/times", () => {
  it("records a time once per clientId: the same clientId again answers the first record and stores nothing", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    const clientId = cid();
    const first = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482", penalties: 1, clientId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ entryId: entry.id, outcome: "TIME", time: "15.482", penalties: 1, total: "20.482", voided: false, clientId });
    const again = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "14.000", clientId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.time).toBe("15.482");
    expect(timesOf(entry.id)).toHaveLength(1);
  });

  it("reads the time as the timer shows it and refuses what is not a time, with a message and nothing stored", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    for (const [body, message] of [
      [{ entryId: entry.id, outcome: "TIME", time: "fast" }, "Enter the time as the timer shows it, such as 15.482"],
      [{ entryId: entry.id, outcome: "TIME", time: "15.4821" }, "Enter the time as the timer shows it, such as 15.482"],
      [{ entryId: entry.id, outcome: "TIME" }, "Enter the time as the timer shows it, such as 15.482"],
      [{ entryId: entry.id, outcome: "TIME", time: "15.482", penalties: 6 }, "Knocked barrels must be a whole number from 0 to 5"],
      [{ entryId: entry.id, outcome: "FAST", time: "15.482" }, "outcome must be TIME, NT or SCRATCH"],
      [{ entryId: entry.id, outcome: "TIME", time: "15.482", clientId: "" }, "clientId is required"],
    ] as const) {
      const res = await post(producer.client, event.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const missing = await post(producer.client, event.id, { entryId: "no-such-entry", outcome: "NT" });
    expect(missing.status).toBe(404);
    expect(timesOf(entry.id)).toHaveLength(0);
    // "15.48" is 15.480; NT and scratches carry no time or barrels.
    expect((await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.48" })).body.time).toBe("15.480");
    const nt = createRaceEntry(app.db, cls);
    expect((await post(producer.client, event.id, { entryId: nt.id, outcome: "NT", time: "15.482", penalties: 2 })).body).toMatchObject({ outcome: "NT", time: null, penalties: 0 });
  });

  it("refuses a second time for an entry that has one (409): that is a correction or a rerun", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    expect((await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482" })).status).toBe(201);
    const second = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "16.000" });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already has a time/);
    expect(timesOf(entry.id)).toHaveLength(1);
  });

  it("refuses a time for a sidepot, which pays on the runs of its class", async () => {
    const { producer, event, cls } = await race();
    const side = createRaceClass(app.db, event.id, { name: "Open Sidepot", sidepotOf: cls.id, divisions: 1 });
    const entry = createRaceEntry(app.db, side);
    const res = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/sidepot/);
  });

  it("takes times from the producer, an admin and the timers they named; refuses other riders (403) and visitors (401)", async () => {
    const { producer, event, cls } = await race();
    const timer = await signedInRider(app);
    const admin = await signedInRider(app, { isAdmin: true });
    const stranger = await signedInRider(app);
    addRaceTimer(app.db, event.id, timer.user.id);
    for (const who of [producer, timer, admin]) {
      const entry = createRaceEntry(app.db, cls);
      expect((await post(who.client, event.id, { entryId: entry.id, outcome: "NT" })).status).toBe(201);
    }
    const entry = createRaceEntry(app.db, cls);
    const refused = await post(stranger.client, event.id, { entryId: entry.id, outcome: "NT" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the event's producer and its timers can do that");
    expect((await post(app.client(), event.id, { entryId: entry.id, outcome: "NT" })).status).toBe(401);
    // A timer of one event is nobody at another.
    const other = await race();
    const otherEntry = createRaceEntry(app.db, other.cls);
    expect((await post(timer.client, other.event.id, { entryId: otherEntry.id, outcome: "NT" })).status).toBe(403);
    // An event waiting for approval is not there for anyone but its producer.
    const pending = createEvent(app.db, { createdBy: producer.user.id, showbillApproved: false });
    expect((await post(stranger.client, pending.id, { entryId: entry.id, outcome: "NT" })).status).toBe(404);
    expect(timesOf(entry.id)).toHaveLength(0);
  });
});

describe("corrections, undo and reruns", () => {
  it("corrects a time with a reason kept in the history (who, when, before and after); no reason, no change", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    const { body: time } = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482" });
    const noReason = await producer.client.json(`/api/events/${event.id}/times/${time.id}`, "PATCH", { time: "15.428" });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { message: string }).message).toBe("Give a reason for the change");
    const res = await producer.client.json(`/api/events/${event.id}/times/${time.id}`, "PATCH", { time: "15.428", penalties: 1, reason: "Timer misread" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: time.id, time: "15.428", penalties: 1, total: "20.428" });
    const [row] = historyOf(event.id).filter((h) => h.action === "time-corrected");
    expect(row).toMatchObject({ entryId: entry.id, actorId: producer.user.id, reason: "Timer misread", detail: "15.482 -> 15.428 + 1 barrel" });
    expect(row!.createdAt).toBeInstanceOf(Date);
    // The same correction again (a resend) writes nothing more.
    await producer.client.json(`/api/events/${event.id}/times/${time.id}`, "PATCH", { time: "15.428", penalties: 1, reason: "Timer misread" });
    expect(historyOf(event.id).filter((h) => h.action === "time-corrected")).toHaveLength(1);
  });

  it("finds a time by the clientId the booth gave it, for a booth that took it offline", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    const clientId = cid();
    await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482", clientId });
    const res = await producer.client.json(`/api/events/${event.id}/times/${clientId}`, "PATCH", { outcome: "NT", reason: "Off pattern" });
    expect(await res.json()).toMatchObject({ outcome: "NT", time: null });
  });

  it("undo voids the last time and the rider is back on the gate; undoing again changes nothing", async () => {
    const { producer, event, cls } = await race();
    const first = createRaceEntry(app.db, cls, { riderName: "Gate Rider" });
    createRaceEntry(app.db, cls, { riderName: "Second Rider" });
    const { body: time } = await post(producer.client, event.id, { entryId: first.id, outcome: "TIME", time: "15.482" });
    expect(await onTheGate(producer.client, event.id, cls.id, ["Gate Rider", "Second Rider"])).toBe("Second Rider");
    const undo = await producer.client.fetch(`/api/events/${event.id}/times/${time.id}`, { method: "DELETE" });
    expect(undo.status).toBe(200);
    expect(await undo.json()).toMatchObject({ voided: true, voidReason: "undo" });
    expect(await onTheGate(producer.client, event.id, cls.id, ["Gate Rider", "Second Rider"])).toBe("Gate Rider");
    const again = await producer.client.fetch(`/api/events/${event.id}/times/${time.id}`, { method: "DELETE" });
    expect(again.status).toBe(200);
    expect(historyOf(event.id).filter((h) => h.action === "time-undone")).toHaveLength(1);
  });

  it("a rerun voids the time with its reason and the rider runs again", async () => {
    const { producer, event, cls } = await race();
    const entry = createRaceEntry(app.db, cls);
    const { body: time } = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482" });
    const noReason = await producer.client.json(`/api/events/${event.id}/times/${time.id}/rerun`, "POST", {});
    expect(noReason.status).toBe(400);
    const res = await producer.client.json(`/api/events/${event.id}/times/${time.id}/rerun`, "POST", { reason: "Eye failed" });
    expect(await res.json()).toMatchObject({ voided: true, voidReason: "rerun" });
    expect(historyOf(event.id).find((h) => h.action === "rerun")).toMatchObject({ reason: "Eye failed", entryId: entry.id });
    const rerun = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.111" });
    expect(rerun.status).toBe(201);
    expect(app.db.select().from(raceTimes).where(and(eq(raceTimes.entryId, entry.id), isNull(raceTimes.voidedAt))).all().map((t) => t.timeMs)).toEqual([15111]);
  });

  it("refuses corrections, undo and reruns from a rider who is not a timer", async () => {
    const { producer, event, cls } = await race();
    const stranger = await signedInRider(app);
    const entry = createRaceEntry(app.db, cls);
    const { body: time } = await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482" });
    expect((await stranger.client.json(`/api/events/${event.id}/times/${time.id}`, "PATCH", { time: "1.000", reason: "x" })).status).toBe(403);
    expect((await stranger.client.fetch(`/api/events/${event.id}/times/${time.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await stranger.client.json(`/api/events/${event.id}/times/${time.id}/rerun`, "POST", { reason: "x" })).status).toBe(403);
    expect(timesOf(entry.id)).toMatchObject([{ timeMs: 15482, voidedAt: null }]);
  });
});

/** Who the booth's page shows on the gate (its server HTML: what a booth without JavaScript shows). */
async function onTheGate(client: Client, eventId: string, classId: string, names: string[]) {
  const html = await (await client.get(`/events/${eventId}/booth?class=${classId}`)).text();
  const gate = html.slice(html.indexOf('id="gate-heading"'), html.indexOf(">Next<"));
  return names.find((name) => gate.includes(name));
}

describe("results", () => {
  /** Six riders in a 2D class with a 0.5 s split; two of them with accounts. */
  async function ranClass() {
    const r = await race({ entryFeeCents: 10_000, addedMoneyCents: 0, producerSharePercent: 0, divisions: 2, splitMs: [500] });
    const kaylee = createUser(app.db, { firstName: "Kaylee" });
    const sugar = createHorse(app.db, kaylee.id, { name: "Sugar" });
    const solo = createUser(app.db, { firstName: "Sam", privacyMode: "SOLO" });
    const dash = createHorse(app.db, solo.id, { name: "Dash" });
    const e = {
      a: createRaceEntry(app.db, r.cls, { riderName: "Ann", horseName: "Ace" }),
      b: createRaceEntry(app.db, r.cls, { riderName: "Kaylee Rider", horseName: "Sugar", userId: kaylee.id, horseId: sugar.id }),
      c: createRaceEntry(app.db, r.cls, { riderName: "Cody", horseName: "Cash" }),
      d: createRaceEntry(app.db, r.cls, { riderName: "Sam Solo", horseName: "Dash", userId: solo.id, horseId: dash.id }),
      e: createRaceEntry(app.db, r.cls, { riderName: "Eve", horseName: "Echo" }),
      f: createRaceEntry(app.db, r.cls, { riderName: "Finn", horseName: "Flash" }),
    };
    const times: [keyof typeof e, string, string | null, number][] = [
      ["a", "TIME", "15.100", 0],
      ["b", "TIME", "15.300", 0],
      ["c", "TIME", "15.700", 0],
      ["d", "TIME", "15.900", 0],
      ["e", "NT", null, 0],
      ["f", "SCRATCH", null, 0],
    ];
    const ids: Record<string, string> = {};
    for (const [k, outcome, time, penalties] of times) {
      const res = await post(r.producer.client, r.event.id, { entryId: e[k].id, outcome, time, penalties });
      expect(res.status).toBe(201);
      ids[k] = res.body.id;
    }
    return { ...r, kaylee, solo, e, ids };
  }

  type Results = {
    potCents: number;
    published: boolean;
    review: boolean;
    divisions: { division: number; potCents: number; places: { entryId: string; riderName: string; horseName: string; time: string; place: number; payoutCents: number; computedCents?: number; overrideReason?: string | null }[] }[];
    unplaced: { entryId: string; outcome: string }[];
  };
  const resultsOf = async (client: Client, eventId: string, classId: string) => {
    const res = await client.get(`/api/events/${eventId}/classes/${classId}/results`);
    return { status: res.status, body: (await res.json()) as Results & { message?: string } };
  };

  it("computes the producer's review: pot, divisions by the split, places and money; NT and scratches place nowhere", async () => {
    const { producer, event, cls, e } = await ranClass();
    const { status, body } = await resultsOf(producer.client, event.id, cls.id);
    expect(status).toBe(200);
    // Five entries at $100 (a scratch pays nothing), no share kept: a $500 pot, 60/40 between the divisions, two places 60/40 in each.
    expect(body).toMatchObject({ potCents: 50_000, review: true, published: false });
    expect(body.divisions.map((d) => [d.division, d.potCents])).toEqual([
      [1, 30_000],
      [2, 20_000],
    ]);
    const [d1, d2] = body.divisions;
    expect(d1!.places.map((p) => [p.riderName, p.horseName, p.time, p.place, p.payoutCents])).toEqual([
      ["Ann", "Ace", "15.100", 1, 18_000],
      ["Kaylee Rider", "Sugar", "15.300", 2, 12_000],
    ]);
    expect(d2!.places.map((p) => [p.entryId, p.time, p.place, p.payoutCents])).toEqual([
      [e.c.id, "15.700", 1, 12_000],
      [e.d.id, "15.900", 2, 8_000],
    ]);
    expect(body.unplaced.map((u) => [u.entryId, u.outcome])).toEqual([
      [e.e.id, "NT"],
      [e.f.id, "SCRATCH"],
    ]);
  });

  it("shows the results to others only once published (404 before)", async () => {
    const { event, cls } = await ranClass();
    const visitor = await resultsOf(app.client(), event.id, cls.id);
    expect(visitor.status).toBe(404);
    expect(visitor.body.message).toBe("Results not published yet");
    expect((await app.client().get(`/api/events/${event.id}/classes/${cls.id}/results.csv`)).status).toBe(404);
  });

  it("lets the producer override one placing's money with a reason (kept in the history); riders cannot", async () => {
    const { producer, event, cls, e } = await ranClass();
    const url = `/api/events/${event.id}/classes/${cls.id}/overrides/${e.b.id}`;
    const noReason = await producer.client.json(url, "PUT", { amountCents: 15_000 });
    expect(noReason.status).toBe(400);
    const stranger = await signedInRider(app);
    expect((await stranger.client.json(url, "PUT", { amountCents: 15_000, reason: "Mine" })).status).toBe(403);
    expect((await producer.client.json(url, "PUT", { amountCents: 15_000, reason: "Agreed at the office" })).status).toBe(200);
    // An NT placed nowhere: money set on it would be paid to nobody.
    const onNt = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/overrides/${e.e.id}`, "PUT", { amountCents: 5_000, reason: "Kind" });
    expect(onNt.status).toBe(409);
    expect(((await onNt.json()) as { message: string }).message).toMatch(/no time that places/);
    const { body } = await resultsOf(producer.client, event.id, cls.id);
    expect(body.divisions[0]!.places[1]).toMatchObject({ entryId: e.b.id, payoutCents: 15_000, computedCents: 12_000, overrideReason: "Agreed at the office" });
    expect(historyOf(event.id).find((h) => h.action === "payout-override")).toMatchObject({ entryId: e.b.id, reason: "Agreed at the office", actorId: producer.user.id });
    const removed = await producer.client.json(url, "DELETE", { reason: "Back to the table" });
    expect(removed.status).toBe(200);
    expect((await resultsOf(producer.client, event.id, cls.id)).body.divisions[0]!.places[1]!.payoutCents).toBe(12_000);
  });

  it("refuses to publish while entries have not run", async () => {
    const { producer, event, cls } = await race();
    createRaceEntry(app.db, cls, { riderName: "Late Larry" });
    const res = await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/1 entry has not run yet \(Late Larry\)/);
  });

  it("publishes once: one official run and one alert per rider with an account who ran; publishing again writes nothing twice", async () => {
    const { producer, event, cls, kaylee, solo } = await ranClass();
    const stranger = await signedInRider(app);
    const publishUrl = `/api/events/${event.id}/classes/${cls.id}/results/publish`;
    expect((await stranger.client.json(publishUrl, "POST", {})).status).toBe(403);
    const res = await producer.client.json(publishUrl, "POST", {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 1, results: 6, runLogs: { created: 2, updated: 0, removed: 0 }, notified: 2 });

    const [run] = officialRuns(kaylee.id);
    expect(officialRuns(kaylee.id)).toHaveLength(1);
    expect(run).toMatchObject({ horseName: "Sugar", eventId: event.id, arenaName: "Cowtown Coliseum", time: "15.300", penalties: 0, placement: "1D 2nd", moneyCents: 12_000, privacy: "PRIVATE", official: true });
    expect(run!.runAt.getTime()).toBe(timesOf(run!.raceEntryId!)[0]!.recordedAt.getTime());
    expect(officialRuns(solo.id)).toMatchObject([{ placement: "2D 2nd", moneyCents: 8_000, privacy: "PRIVATE" }]);
    const [alert] = resultAlerts(kaylee.id);
    expect(resultAlerts(kaylee.id)).toHaveLength(1);
    expect(alert).toMatchObject({ title: `Results: ${cls.name}`, message: "Sugar: 15.300, 1D 2nd, $120.00" });
    // The rider chose how alerts reach them: email right away by default.
    expect(app.db.select().from(jobs).where(eq(jobs.kind, "alert-email")).all().filter((j) => (j.payload as { userId: string }).userId === kaylee.id)).toHaveLength(1);
    expect(app.db.select().from(raceResults).where(eq(raceResults.classId, cls.id)).all()).toHaveLength(6);

    const again = await producer.client.json(publishUrl, "POST", {});
    expect(await again.json()).toMatchObject({ version: 2, runLogs: { created: 0 }, notified: 0 });
    expect(officialRuns(kaylee.id)).toHaveLength(1);
    expect(resultAlerts(kaylee.id)).toHaveLength(1);
    expect(app.db.select().from(raceResults).where(eq(raceResults.classId, cls.id)).all()).toHaveLength(6);
    const published = app.db.select().from(raceClasses).where(eq(raceClasses.id, cls.id)).get()!;
    expect(published.resultsVersion).toBe(2);
    expect(published.resultsPublishedAt).toBeInstanceOf(Date);
    // Entries stay as they ran: a scratch now is refused, in words about entries.
    const scratch = await producer.client.json(`/api/events/${event.id}/entries/${run!.raceEntryId}`, "PATCH", { scratched: true });
    expect(scratch.status).toBe(409);
    expect(((await scratch.json()) as { message: string }).message).toMatch(/entries can no longer change/);
  });

  it("a correction after publishing updates the same run and tells its rider once, saying corrected; others hear nothing", async () => {
    const { producer, event, cls, kaylee, solo, ids } = await ranClass();
    await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    const [before] = officialRuns(solo.id);
    // 15.900 -> 15.850: still 2D 2nd, same money; the time changed.
    const res = await producer.client.json(`/api/events/${event.id}/times/${ids.d}`, "PATCH", { time: "15.850", reason: "Timer misread" });
    expect(res.status).toBe(200);
    const after = officialRuns(solo.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, time: "15.850", placement: "2D 2nd" });
    const alerts = resultAlerts(solo.id);
    expect(alerts).toHaveLength(2);
    expect(alerts.map((a) => a.message)).toContain("Corrected. Dash: 15.850, 2D 2nd, $80.00");
    expect(resultAlerts(kaylee.id)).toHaveLength(1);
    // The same correction sent again changes nothing and tells nobody.
    await producer.client.json(`/api/events/${event.id}/times/${ids.d}`, "PATCH", { time: "15.850", reason: "Timer misread" });
    expect(resultAlerts(solo.id)).toHaveLength(2);
    const published = await resultsOf(app.client(), event.id, cls.id);
    expect(published.body.published).toBe(true);
    expect(published.body.divisions[1]!.places[1]).toMatchObject({ time: "15.850", payoutCents: 8_000 });
  });

  it("keeps an official run's time and placement: the rider edits notes, tags and privacy only", async () => {
    const { producer, event, cls, kaylee } = await ranClass();
    await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    const [run] = officialRuns(kaylee.id);
    const rider = app.client();
    await signIn(rider, kaylee.email);
    const base = { arenaName: run!.arenaName, arenaType: run!.arenaType, horseName: "Sugar", eventId: event.id };
    const faster = await rider.json(`/api/run-logs/${run!.id}`, "PUT", { ...base, time: "14.000", notes: "Quick" });
    expect(faster.status).toBe(400);
    expect(((await faster.json()) as { message: string }).message).toBe("This run is official: its time, placement and money come from the race's published results.");
    const placed = await rider.json(`/api/run-logs/${run!.id}`, "PUT", { ...base, placement: "1D 1st" });
    expect(placed.status).toBe(400);
    const notes = await rider.json(`/api/run-logs/${run!.id}`, "PUT", { ...base, notes: "Tight first barrel", tags: ["clean-run"], privacy: "PUBLIC" });
    expect(notes.status).toBe(200);
    const stored = app.db.select().from(runLogs).where(eq(runLogs.id, run!.id)).get()!;
    expect(stored).toMatchObject({ notes: "Tight first barrel", tags: ["clean-run"], privacy: "PUBLIC", time: "15.300", placement: "1D 2nd", moneyCents: 12_000, official: true });
    expect(stored.runAt.getTime()).toBe(run!.runAt.getTime());
  });

  it("answers the published results as CSV, a name that starts like a formula defused", async () => {
    const { producer, event, cls } = await ranClass();
    createRaceEntry(app.db, cls, { riderName: "=HYPERLINK(1)", horseName: "Evil" });
    const [evil] = app.db.select().from(raceEntries).where(eq(raceEntries.riderName, "=HYPERLINK(1)")).all();
    await post(producer.client, event.id, { entryId: evil!.id, outcome: "NT" });
    await producer.client.json(`/api/events/${event.id}/classes/${cls.id}/results/publish`, "POST", {});
    const res = await app.client().get(`/api/events/${event.id}/classes/${cls.id}/results.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Division,Place,Back number,Rider,Horse,Time,Knocked barrels,Payout");
    // Six entries counted now (the NT pays its fee): a $600 pot, $360 to the 1D, 60% of it to Ann.
    expect(lines[1]).toMatch(/^1D,1,\d+,Ann,Ace,15.100,0,216.00$/);
    expect(lines.some((l) => l.includes("'=HYPERLINK(1)"))).toBe(true);
  });
});

describe("the live channel", () => {
  it("streams the event's live view at once and again within a second of a new time", async () => {
    const { producer, event, cls } = await race({ drawPublishedAt: new Date() });
    const entry = createRaceEntry(app.db, cls, { riderName: "Streamed Rider", horseName: "Bolt" });
    const onDeck = createRaceEntry(app.db, cls, { riderName: "On Deck Rider" });
    // Who entered a class whose draw is not published yet is the producer's: the live page names nobody from it.
    const hidden = createRaceClass(app.db, event.id, { name: "Undrawn Youth" });
    createRaceEntry(app.db, hidden, { riderName: "Unpublished Rider" });
    const res = await app.client().get(`/api/events/${event.id}/live`);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    /** Waits for `pattern` in what the stream sent after the first `from` characters. */
    const until = async (pattern: RegExp, from = 0) => {
      const deadline = Date.now() + 1000;
      while (!pattern.test(text.slice(from))) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in ${text.slice(-400)}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
        if (chunk && !chunk.done) text += decoder.decode(chunk.value);
      }
    };
    await until(/event: live\ndata: .*Streamed Rider/);
    expect(text).not.toContain("15.482");
    expect(text).not.toContain("Unpublished Rider");
    await post(producer.client, event.id, { entryId: entry.id, outcome: "TIME", time: "15.482" });
    await until(/"time":"15.482"/);
    // The producer's scratch (no time changes) reaches the stream too: the rider leaves On deck.
    expect(text).toMatch(/"onDeck":\[[^\]]*On Deck Rider/);
    const mark = text.length;
    const scratch = await producer.client.json(`/api/events/${event.id}/entries/${onDeck.id}`, "PATCH", { scratched: true });
    expect(scratch.status).toBe(200);
    await until(/event: live\ndata: (?![^\n]*On Deck Rider)[^\n]*"onDeck":\[\]/, mark);
    await reader.cancel();
  });

  it("is public for a listed event and hidden (404) for one waiting for approval", async () => {
    const { producer } = await race();
    const pending = createEvent(app.db, { createdBy: producer.user.id, showbillApproved: false });
    expect((await app.client().get(`/api/events/${pending.id}/live`)).status).toBe(404);
    expect((await app.client().get(`/events/${pending.id}/live`)).status).toBe(404);
  });
});
