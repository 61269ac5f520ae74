import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { horses, raceClasses, raceEntries, raceHistory } from "../../db/schema";
import { setClock } from "../../app/lib/clock.server";
import { createEvent, createHorse, createRider, createUser, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Race day's classes, entries, the draw and timers through the real
 * server: money in whole cents, entries closing, horses per rider, walk-ups,
 * moves and scratches (recorded once the draw is published), a draw that a
 * seed reproduces, published and unpublished draws, timers by email, and who
 * may do what.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());
afterEach(() => setClock(null));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function body(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}

/** A producer signed in, and an approved event of theirs some weeks ahead. */
async function race(overrides: Parameters<typeof createEvent>[1] = {}) {
  const producer = await signedInRider(app, { privacyMode: "PUBLIC" });
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101", ...overrides });
  return { producer, event, url: `/api/events/${event.id}` };
}

async function addClass(client: Client, eventUrl: string, fields: Json = {}) {
  const res = await client.json(`${eventUrl}/classes`, "POST", { name: `Open 4D ${Math.random().toString(36).slice(2, 6)}`, entryFeeCents: 5000, ...fields });
  expect(res.status, await res.clone().text()).toBe(201);
  return body(res);
}

async function enter(client: Client, eventUrl: string, fields: Json) {
  return client.json(`${eventUrl}/entries`, "POST", fields);
}

const entryRow = (id: string) => app.db.select().from(raceEntries).where(eq(raceEntries.id, id)).get()!;
const historyOf = (eventId: string) => app.db.select().from(raceHistory).where(eq(raceHistory.eventId, eventId)).all();

describe("classes", () => {
  it("adds a class with money in whole cents and the defaults for the rest", async () => {
    const { producer, url } = await race();
    const res = await producer.client.json(`${url}/classes`, "POST", { name: "Open 4D", entryFeeCents: 5000, addedMoneyCents: 50001, producerSharePercent: 20, divisions: 4, splitSeconds: 0.5 });
    expect(res.status).toBe(201);
    const cls = await body(res);
    expect(cls).toMatchObject({ name: "Open 4D", entryFeeCents: 5000, addedMoneyCents: 50001, producerSharePercent: 20, divisions: 4, splitMs: [500], maxHorsesPerRider: 3, sidepotOf: null });
    expect(cls.payout.divisionPercents).toHaveLength(4);
    expect(cls.payout.divisionPercents.reduce((a: number, b: number) => a + b, 0)).toBe(100);
    expect(app.db.select().from(raceClasses).where(eq(raceClasses.id, cls.id)).get()?.addedMoneyCents).toBe(50001);
  });

  it("refuses amounts that are not whole cents, and says why", async () => {
    const { producer, url } = await race();
    for (const entryFeeCents of [50.5, "5000", -1, 1e12]) {
      const res = await producer.client.json(`${url}/classes`, "POST", { name: "Open", entryFeeCents });
      expect(res.status).toBe(400);
      expect((await body(res)).message).toMatch(/cents|too large/);
    }
    expect(app.db.select().from(raceClasses).all().filter((c) => c.name === "Open")).toEqual([]);
  });

  it("takes one split per gap between divisions, and refuses a count that fits neither rule", async () => {
    const { producer, url } = await race();
    expect((await addClass(producer.client, url, { divisions: 3, splitSeconds: [0.5, 1] })).splitMs).toEqual([500, 1000]);
    const bad = await producer.client.json(`${url}/classes`, "POST", { name: "Bad splits", entryFeeCents: 100, divisions: 4, splitSeconds: [0.5, 1] });
    expect(bad.status).toBe(400);
    expect((await body(bad)).message).toBe("Give one split for every division, or one split per gap between divisions");
    const tooFine = await producer.client.json(`${url}/classes`, "POST", { name: "Fine", entryFeeCents: 100, divisions: 2, splitSeconds: 0.0005 });
    expect(tooFine.status).toBe(400);
  });

  it("checks an edited payout with the results module's rule", async () => {
    const { producer, url } = await race();
    const res = await producer.client.json(`${url}/classes`, "POST", {
      name: "Payout", entryFeeCents: 100, divisions: 2,
      payout: { divisionPercents: [60, 30], table: [{ maxEntries: 25, percents: [60, 40] }] },
    });
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe("Division shares must add up to 100%");
    const ok = await addClass(producer.client, url, { divisions: 2, payout: { divisionPercents: [60, 40], table: [{ maxEntries: 25, percents: [70, 30] }] } });
    expect(ok.payout).toEqual({ divisionPercents: [60, 40], table: [{ maxEntries: 25, percents: [70, 30] }] });
  });

  it("is public to read on an approved event, hidden with a hidden event, and only for approved events to add", async () => {
    const { producer, url } = await race();
    await addClass(producer.client, url, { name: "Youth 3D" });
    const visitor = app.client();
    const listed = await visitor.get(`${url}/classes`);
    expect(listed.status).toBe(200);
    expect((await body(listed)).classes.map((c: Json) => c.name)).toEqual(["Youth 3D"]);

    const pending = createEvent(app.db, { createdBy: producer.user.id, showbillApproved: false });
    expect((await visitor.get(`/api/events/${pending.id}/classes`)).status).toBe(404);
    const refused = await producer.client.json(`/api/events/${pending.id}/classes`, "POST", { name: "Open", entryFeeCents: 100 });
    expect(refused.status).toBe(409);
    expect((await body(refused)).message).toBe("Race day opens once an admin approves the event");
  });

  it("lets only the producer or an admin add, change and delete classes", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url);
    const other = await signedInRider(app);
    expect((await other.client.json(`${url}/classes`, "POST", { name: "Mine", entryFeeCents: 1 })).status).toBe(403);
    expect((await other.client.json(`${url}/classes/${cls.id}`, "PATCH", { entryFeeCents: 1 })).status).toBe(403);
    expect((await other.client.json(`${url}/classes/${cls.id}`, "DELETE")).status).toBe(403);
    expect((await app.client().json(`${url}/classes`, "POST", { name: "Mine", entryFeeCents: 1 })).status).toBe(401);
    const admin = await signedInRider(app, { isAdmin: true });
    const changed = await admin.client.json(`${url}/classes/${cls.id}`, "PATCH", { entryFeeCents: 6000, name: "Open 4D Renamed" });
    expect(changed.status).toBe(200);
    expect(await body(changed)).toMatchObject({ entryFeeCents: 6000, name: "Open 4D Renamed" });
  });

  it("keeps the money rules and the class once results are published, with a message", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url);
    app.db.update(raceClasses).set({ resultsPublishedAt: new Date(), resultsVersion: 1 }).where(eq(raceClasses.id, cls.id)).run();
    const fee = await producer.client.json(`${url}/classes/${cls.id}`, "PATCH", { entryFeeCents: 100 });
    expect(fee.status).toBe(409);
    expect((await body(fee)).message).toMatch(/^Results are published/);
    expect((await producer.client.json(`${url}/classes/${cls.id}`, "PATCH", { name: "Open 4D (Saturday)" })).status).toBe(200);
    const del = await producer.client.json(`${url}/classes/${cls.id}`, "DELETE");
    expect(del.status).toBe(409);
    expect(app.db.select().from(raceClasses).where(eq(raceClasses.id, cls.id)).get()?.entryFeeCents).toBe(5000);
  });

  it("makes a sidepot of another class that is not itself one, and draws it only with its class", async () => {
    const { producer, url } = await race();
    const open = await addClass(producer.client, url, { name: "Open" });
    const side = await addClass(producer.client, url, { name: "Open Sidepot", sidepotOf: open.id, entryFeeCents: 2000 });
    expect(side.sidepotOf).toBe(open.id);
    const chain = await producer.client.json(`${url}/classes`, "POST", { name: "Side of side", entryFeeCents: 1, sidepotOf: side.id });
    expect(chain.status).toBe(400);
    expect((await body(chain)).message).toBe("Choose a class of this event that is not itself a sidepot");
    const elsewhere = await race();
    const foreign = await addClass(elsewhere.producer.client, elsewhere.url);
    expect((await producer.client.json(`${url}/classes`, "POST", { name: "Foreign", entryFeeCents: 1, sidepotOf: foreign.id })).status).toBe(400);

    // A sidepot pays on its class's runs: the horse enters the class first.
    const rider = await signedInRider(app);
    const first = await enter(rider.client, url, { classId: side.id, horseName: "Sidepot Sally" });
    expect(first.status).toBe(409);
    expect((await body(first)).message).toBe("Enter Sidepot Sally in Open first: a sidepot pays on that class's runs");
    expect((await enter(rider.client, url, { classId: open.id, horseName: "Sidepot Sally" })).status).toBe(201);
    expect((await enter(rider.client, url, { classId: side.id, horseName: "sidepot sally" })).status).toBe(201);
    const draw = await producer.client.json(`${url}/classes/${side.id}/draw`, "POST", {});
    expect(draw.status).toBe(409);
    expect((await producer.client.json(`${url}/classes/${open.id}`, "DELETE")).status).toBe(409);
  });
});

describe("entries", () => {
  it("enters a rider with a new horse name (added to their horses), an existing horse and a sub-profile", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url, { entryFeeCents: 3333 });
    const rider = await signedInRider(app, { firstName: "Kaylee", lastName: "Brooks" });
    const res = await enter(rider.client, url, { classId: cls.id, horseName: " Rebel " });
    expect(res.status).toBe(201);
    const entry = await body(res);
    expect(entry).toMatchObject({ riderName: "Kaylee Brooks", horseName: "Rebel", feeCents: 3333, status: "ENTERED", walkUp: false, notice: null });
    const horse = app.db.select().from(horses).where(eq(horses.id, entry.horseId)).get();
    expect(horse).toMatchObject({ userId: rider.user.id, name: "Rebel" });

    const sugar = createHorse(app.db, rider.user.id, { name: "Sugar" });
    const lily = createRider(app.db, rider.user.id, "Lily");
    const child = await body(await enter(rider.client, url, { classId: cls.id, horseId: sugar.id, riderId: lily.id }));
    expect(child).toMatchObject({ riderName: "Lily Brooks", horseName: "Sugar", riderId: lily.id });

    const theirs = createRider(app.db, producer.user.id, "Not yours");
    const wrong = await enter(rider.client, url, { classId: cls.id, horseName: "Pistol", riderId: theirs.id });
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).message).toBe("Choose a rider from the list");
    const othersHorse = createHorse(app.db, producer.user.id, { name: "Producer's Horse" });
    expect((await enter(rider.client, url, { classId: cls.id, horseId: othersHorse.id })).status).toBe(400);
    expect((await enter(rider.client, url, { classId: cls.id })).status).toBe(400);

    // The rider's entries and fees, to the cent.
    const mine = await body(await rider.client.get(`${url}/entries`));
    expect(mine.entries.map((e: Json) => e.horseName).sort()).toEqual(["Rebel", "Sugar"]);
    expect(mine.totalCents).toBe(6666);
  });

  it("refuses a horse entered twice in a class, and more horses per rider than the class allows", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url, { maxHorsesPerRider: 2 });
    const rider = await signedInRider(app);
    expect((await enter(rider.client, url, { classId: cls.id, horseName: "Blue" })).status).toBe(201);
    const twice = await enter(rider.client, url, { classId: cls.id, horseName: "BLUE" });
    expect(twice.status).toBe(409);
    expect((await body(twice)).message).toBe("That horse is already entered in this class");
    expect((await enter(rider.client, url, { classId: cls.id, horseName: "Jet" })).status).toBe(201);
    const third = await enter(rider.client, url, { classId: cls.id, horseName: "Tinker" });
    expect(third.status).toBe(409);
    expect((await body(third)).message).toBe("A rider may enter at most 2 horses in this class");
    // A refused entry adds no horse.
    expect(app.db.select().from(horses).where(eq(horses.userId, rider.user.id)).all().map((h) => h.name).sort()).toEqual(["Blue", "Jet"]);
    // A sub-profile is a rider of their own.
    const kid = createRider(app.db, rider.user.id, "Cooper");
    expect((await enter(rider.client, url, { classId: cls.id, horseName: "Tinker", riderId: kid.id })).status).toBe(201);
  });

  it("tells a Private (SOLO) rider that the draw and results show their name", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url);
    const solo = await signedInRider(app, { privacyMode: "SOLO" });
    const entry = await body(await enter(solo.client, url, { classId: cls.id, horseName: "Dolly" }));
    expect(entry.notice).toBe("Your profile is Private, but a race's draw and results show each rider's name and horse publicly, as at any race.");
    const page = await (await solo.client.get(`/events/${url.split("/").pop()}/enter`)).text();
    expect(page).toContain("a race&#x27;s draw and results show each rider&#x27;s name and horse publicly");
  });

  it("closes entries at the event's entries-close time, or else when its first day starts, for riders but not the producer", async () => {
    const closeAt = new Date("2031-06-10T23:00:00Z");
    const { producer, event, url } = await race({ entriesClose: "2031-06-10T18:00", entriesCloseAt: closeAt });
    const cls = await addClass(producer.client, url);
    const rider = await signedInRider(app);
    setClock(new Date(closeAt.getTime() - 60_000));
    const early = await body(await enter(rider.client, url, { classId: cls.id, horseName: "Before" }));
    setClock(new Date(closeAt.getTime() + 1));
    const late = await enter(rider.client, url, { classId: cls.id, horseName: "After" });
    expect(late.status).toBe(409);
    expect((await body(late)).message).toMatch(/^Entries are closed for this event/);
    // Nor scratch once closed: the producer does it.
    const scratch = await rider.client.json(`${url}/entries/${early.id}`, "DELETE");
    expect(scratch.status).toBe(409);
    expect(entryRow(early.id).status).toBe("ENTERED");
    // The producer still takes entries: they run at the end.
    const walkUp = await body(await enter(producer.client, url, { classId: cls.id, riderName: "Gate Walk-Up", horseName: "Late Lucy" }));
    expect(walkUp).toMatchObject({ walkUp: true, late: true });
    expect(event.id).toBeTruthy();

    // Without an entries-close time: until the first day starts where the event is (Fort Worth: Central time).
    const open = await race({ date: "2031-07-04" });
    const openClass = await addClass(open.producer.client, open.url);
    setClock(new Date("2031-07-04T04:59:00Z"));
    expect((await enter(rider.client, open.url, { classId: openClass.id, horseName: "Just In Time" })).status).toBe(201);
    setClock(new Date("2031-07-04T05:00:00Z"));
    expect((await enter(rider.client, open.url, { classId: openClass.id, horseName: "Too Late" })).status).toBe(409);
  });

  it("lets a rider scratch their own entry before the close, and nobody else's", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url);
    const rider = await signedInRider(app);
    const other = await signedInRider(app);
    const entry = await body(await enter(rider.client, url, { classId: cls.id, horseName: "Scratchy" }));
    expect((await other.client.json(`${url}/entries/${entry.id}`, "DELETE")).status).toBe(404);
    expect((await other.client.json(`${url}/entries/${entry.id}`, "PATCH", { scratched: true })).status).toBe(404);
    expect((await rider.client.json(`${url}/entries/${entry.id}`, "PATCH", { paid: true })).status).toBe(403);
    expect((await rider.client.json(`${url}/entries/${entry.id}`, "PATCH", { backNumber: 7 })).status).toBe(403);
    expect(entryRow(entry.id)).toMatchObject({ status: "ENTERED", paid: false, backNumber: null });
    const scratched = await rider.client.json(`${url}/entries/${entry.id}`, "DELETE");
    expect(scratched.status).toBe(200);
    expect(await body(scratched)).toMatchObject({ status: "SCRATCHED" });
    // Fees count only what still runs.
    expect((await body(await rider.client.get(`${url}/entries`))).totalCents).toBe(0);
  });

  it("lets the producer take walk-ups, set back numbers, mark paid, move between classes and see every entry", async () => {
    const { producer, url } = await race();
    const open = await addClass(producer.client, url, { name: "Open" });
    const youth = await addClass(producer.client, url, { name: "Youth", entryFeeCents: 2500 });
    const rider = await signedInRider(app);
    const rides = await body(await enter(rider.client, url, { classId: open.id, horseName: "Mover" }));
    const walk = await enter(producer.client, url, { classId: open.id, riderName: "Jo Walker", horseName: "Gate Horse" });
    expect(walk.status).toBe(201);
    const walkUp = await body(walk);
    expect(walkUp).toMatchObject({ riderName: "Jo Walker", horseName: "Gate Horse", walkUp: true, late: false, notice: null });
    // A rider may not add walk-ups.
    expect((await enter(rider.client, url, { classId: open.id, riderName: "Someone", horseName: "Else" })).status).toBe(403);

    const changed = await producer.client.json(`${url}/entries/${walkUp.id}`, "PATCH", { backNumber: 212, paid: true });
    expect(await body(changed)).toMatchObject({ backNumber: 212, paid: true });
    const moved = await producer.client.json(`${url}/entries/${rides.id}`, "PATCH", { classId: youth.id });
    expect(moved.status).toBe(200);
    expect(await body(moved)).toMatchObject({ classId: youth.id, feeCents: 2500 });
    const elsewhere = await race();
    const foreign = await addClass(elsewhere.producer.client, elsewhere.url);
    expect((await producer.client.json(`${url}/entries/${rides.id}`, "PATCH", { classId: foreign.id })).status).toBe(400);

    const all = await body(await producer.client.get(`${url}/entries`));
    expect(all.entries.map((e: Json) => e.horseName).sort()).toEqual(["Gate Horse", "Mover"]);
    expect(JSON.stringify(all)).not.toContain(rider.user.id);
    const own = await body(await rider.client.get(`${url}/entries`));
    expect(own.entries.map((e: Json) => e.horseName)).toEqual(["Mover"]);
    expect((await app.client().get(`${url}/entries`)).status).toBe(401);
    // No history before a draw is published.
    expect(historyOf(url.split("/").pop()!)).toEqual([]);
  });
});

describe("the draw", () => {
  async function drawnRace(entries = 12) {
    const r = await race();
    const cls = await addClass(r.producer.client, r.url, { maxHorsesPerRider: 3 });
    const riders = await Promise.all([0, 1, 2, 3].map(() => signedInRider(app)));
    for (let i = 0; i < entries; i++) {
      const res = await enter(riders[i % 4]!.client, r.url, { classId: cls.id, horseName: `Horse ${i}` });
      expect(res.status).toBe(201);
    }
    return { ...r, cls, riders };
  }

  it("draws the same order again from the same seed, spaces a rider's horses and places the drags", async () => {
    const { producer, url, cls } = await drawnRace();
    const first = await body(await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { seed: "audit-2031", minGap: 3, dragEvery: 4 }));
    expect(first.published).toBe(false);
    expect(first.order.map((o: Json) => o.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(first.order.map((o: Json) => o.dragsBefore)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    const other = await body(await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", {}));
    expect(other.seed).not.toBe("audit-2031");
    const again = await body(await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { seed: "audit-2031", minGap: 3, dragEvery: 4 }));
    expect(again.order.map((o: Json) => o.entryId)).toEqual(first.order.map((o: Json) => o.entryId));
    // Each rider's horses at least 3 runs apart (4 riders with 3 horses each allow it).
    const rows = app.db.select().from(raceEntries).where(eq(raceEntries.classId, cls.id)).all();
    const byRider = new Map<string, number[]>();
    for (const r of rows) byRider.set(r.userId!, [...(byRider.get(r.userId!) ?? []), r.drawPosition!]);
    for (const positions of byRider.values()) {
      positions.sort((a, b) => a - b);
      for (let i = 1; i < positions.length; i++) expect(positions[i]! - positions[i - 1]!).toBeGreaterThanOrEqual(3);
    }
  });

  it("keeps an unpublished draw from the public and the riders, and shows a published one to everyone", async () => {
    const { producer, url, cls, riders } = await drawnRace(4);
    await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { seed: "hidden" });
    const visitor = app.client();
    expect((await visitor.get(`${url}/classes/${cls.id}/draw`)).status).toBe(404);
    const own = await body(await riders[0]!.client.get(`${url}/entries`));
    expect(own.entries[0].drawPosition).toBeNull();
    const eventId = url.split("/").pop()!;
    expect(await (await visitor.get(`/events/${eventId}/draw`)).text()).not.toContain("Horse 0");

    const published = await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { publish: true });
    expect(published.status).toBe(200);
    const draw = await body(await visitor.get(`${url}/classes/${cls.id}/draw`));
    expect(draw.seed).toBe("hidden");
    expect(draw.order).toHaveLength(4);
    expect(Object.keys(draw.order[0]).sort()).toEqual(["backNumber", "dragsBefore", "entryId", "exhibition", "horseName", "late", "position", "riderName", "scratched"]);
    expect((await body(await riders[0]!.client.get(`${url}/entries`))).entries[0].drawPosition).toBeGreaterThan(0);
    const page = await (await visitor.get(`/events/${eventId}/draw`)).text();
    expect(page).toContain("Horse 0");
    expect(page).toContain("hidden");
  });

  it("refuses to draw a published class again, records later changes with who and when, and puts late entries at the end", async () => {
    const { producer, url, cls, riders } = await drawnRace(8);
    const eventId = url.split("/").pop()!;
    const second = await addClass(producer.client, url, { name: "Second" });
    await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { seed: "final", publish: true });
    const redraw = await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { seed: "another" });
    expect(redraw.status).toBe(409);
    expect((await body(redraw)).message).toMatch(/^The draw is published/);
    expect((await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { publish: true })).status).toBe(200);

    const late = await body(await enter(producer.client, url, { classId: cls.id, riderName: "Late Larry", horseName: "Last Call" }));
    expect(late).toMatchObject({ late: true, drawPosition: 9 });
    const own = (await body(await riders[1]!.client.get(`${url}/entries`))).entries as Json[];
    const scratched = await riders[1]!.client.json(`${url}/entries/${own[0]!.id}`, "DELETE");
    expect(scratched.status).toBe(200);
    expect(entryRow(own[0]!.id).drawPosition).toBe(own[0]!.drawPosition);
    const moved = await producer.client.json(`${url}/entries/${own[1]!.id}`, "PATCH", { classId: second.id });
    expect(moved.status).toBe(200);

    const history = historyOf(eventId);
    expect(history.map((h) => h.action).sort()).toEqual(["draw-published", "late-entry", "move", "scratch"]);
    expect(history.find((h) => h.action === "scratch")).toMatchObject({ actorId: riders[1]!.user.id, entryId: own[0]!.id });
    expect(history.find((h) => h.action === "move")).toMatchObject({ actorId: producer.user.id, detail: `${cls.name} to Second` });
    for (const h of history) expect(h.createdAt).toBeInstanceOf(Date);
    const draw = await body(await app.client().get(`${url}/classes/${cls.id}/draw`));
    expect(draw.order.find((o: Json) => o.entryId === own[0]!.id).scratched).toBe(true);
    expect(draw.order.at(-1)).toMatchObject({ riderName: "Late Larry", position: 9, late: true });
    expect(draw.order.find((o: Json) => o.entryId === own[1]!.id)).toBeUndefined();
  });

  it("undoes a rider's own scratch when they enter the horse again before the draw is published: same place, no late or scratch fee", async () => {
    const { producer, url, cls, riders } = await drawnRace(8);
    await producer.client.json(`${url}/money-rules`, "PUT", { beforeDraw: "LESS_FEE", scratchOfficeFeeCents: 1000, afterDrawPercent: 0, turnOutOwes: true, lateFeeCents: 1500 });
    expect((await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { seed: "kept" })).status).toBe(200);
    const rider = riders[2]!;
    const [mine] = (await body(await rider.client.get(`${url}/entries`))).entries as Json[];
    const drawn = entryRow(mine!.id);
    expect(drawn.drawPosition).not.toBeNull();
    expect((await rider.client.json(`${url}/entries/${mine!.id}`, "DELETE")).status).toBe(200);
    const unpaidOf = async (entryId: string) => {
      const books = await body(await producer.client.get(`${url}/books`));
      return (books.classes as Json[]).flatMap((c) => c.unpaid as Json[]).find((l) => l.entryId === entryId);
    };
    // Scratched before the draw is published, the policy keeps the $10 office fee...
    expect(await unpaidOf(mine!.id)).toMatchObject({ scratched: true, dueCents: 1000 });

    // ...until the rider changes their mind: the same entry is back, in its drawn place, owing its fee alone.
    const again = await enter(rider.client, url, { classId: cls.id, horseName: mine!.horseName });
    expect(again.status).toBe(201);
    expect(await body(again)).toMatchObject({ id: mine!.id, status: "ENTERED", late: false, drawPosition: drawn.drawPosition });
    expect(app.db.select().from(raceEntries).where(eq(raceEntries.classId, cls.id)).all()).toHaveLength(8);
    expect(await unpaidOf(mine!.id)).toMatchObject({ scratched: false, dueCents: 5000 });

    // The same form on the enter screen says so.
    expect((await rider.client.json(`${url}/entries/${mine!.id}`, "DELETE")).status).toBe(200);
    const screen = await rider.client.form(`/events/${url.split("/").pop()}/enter`, { classId: cls.id, horseName: mine!.horseName });
    expect(screen.status).toBe(302);
    expect(entryRow(mine!.id)).toMatchObject({ status: "ENTERED", drawPosition: drawn.drawPosition, late: false });

    // Once the draw is published, a scratch is final: entering again is a late entry at the end.
    expect((await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { publish: true })).status).toBe(200);
    expect((await rider.client.json(`${url}/entries/${mine!.id}`, "DELETE")).status).toBe(200);
    const late = await body(await enter(rider.client, url, { classId: cls.id, horseName: mine!.horseName }));
    expect(late.id).not.toBe(mine!.id);
    expect(late).toMatchObject({ late: true, drawPosition: 9 });
  });

  it("undoes a scratch from a class not yet drawn, and never someone else's or another horse's", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url);
    const rider = await signedInRider(app);
    const first = await body(await enter(rider.client, url, { classId: cls.id, horseName: "Boomerang" }));
    expect((await rider.client.json(`${url}/entries/${first.id}`, "DELETE")).status).toBe(200);
    const other = await body(await enter(rider.client, url, { classId: cls.id, horseName: "Other Horse" }));
    expect(other.id).not.toBe(first.id);
    const again = await body(await enter(rider.client, url, { classId: cls.id, horseName: "Boomerang" }));
    expect(again).toMatchObject({ id: first.id, status: "ENTERED", late: false, drawPosition: null });
  });

  it("lets only the producer or an admin draw, and answers 404 for a hidden event", async () => {
    const { producer, url, cls, riders } = await drawnRace(2);
    expect((await riders[0]!.client.json(`${url}/classes/${cls.id}/draw`, "POST", {})).status).toBe(403);
    expect((await app.client().json(`${url}/classes/${cls.id}/draw`, "POST", {})).status).toBe(401);
    const hidden = createEvent(app.db, { createdBy: producer.user.id, showbillApproved: false });
    expect((await riders[0]!.client.json(`/api/events/${hidden.id}/classes/${cls.id}/draw`, "POST", {})).status).toBe(404);
    expect((await riders[0]!.client.get(`/api/events/${hidden.id}/entries`)).status).toBe(404);
    expect((await riders[0]!.client.json(`/api/events/${hidden.id}/timers`, "POST", { email: "x@example.com" })).status).toBe(404);
  });
});

describe("timers", () => {
  it("names a timer by the email of an existing account, and removes them", async () => {
    const { producer, url } = await race();
    const timer = createUser(app.db, { firstName: "Tess", lastName: "Timer" });
    const added = await producer.client.json(`${url}/timers`, "POST", { email: timer.email.toUpperCase() });
    expect(added.status).toBe(201);
    expect(await body(added)).toMatchObject({ userId: timer.id, name: "Tess Timer" });
    expect((await producer.client.json(`${url}/timers`, "POST", { email: timer.email })).status).toBe(200);
    const unknown = await producer.client.json(`${url}/timers`, "POST", { email: "nobody-here@example.com" });
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).message).toBe("No active account uses that email: ask them to sign up, then add them");
    expect((await producer.client.json(`${url}/timers`, "POST", { email: producer.user.email })).status).toBe(400);
    expect((await body(await producer.client.get(`${url}/timers`))).timers.map((t: Json) => t.userId)).toEqual([timer.id]);

    const other = await signedInRider(app);
    expect((await other.client.json(`${url}/timers`, "POST", { email: other.user.email })).status).toBe(403);
    expect((await other.client.json(`${url}/timers/${timer.id}`, "DELETE")).status).toBe(403);
    expect((await producer.client.json(`${url}/timers/${timer.id}`, "DELETE")).status).toBe(200);
    expect((await producer.client.json(`${url}/timers/${timer.id}`, "DELETE")).status).toBe(404);
  });
});

describe("the screens' forms (as a browser without JavaScript posts them)", () => {
  it("takes a class's dollars as typed and stores exact cents, then a walk-up, a draw and its publishing", async () => {
    const { producer, event } = await race();
    const hub = `/events/${event.id}/race-day`;
    expect((await producer.client.get(hub)).status).toBe(200);
    const add = await producer.client.form(hub, { intent: "class-create", name: "Poles", entryFee: "$1,250.05", addedMoney: "0.29", producerSharePercent: "20", divisions: "2", splitSeconds: "1.0", maxHorsesPerRider: "", divisionPercents: "", payoutTable: "" });
    expect(add.status).toBe(302);
    const cls = app.db.select().from(raceClasses).all().find((c) => c.eventId === event.id && c.name === "Poles")!;
    expect(cls).toMatchObject({ name: "Poles", entryFeeCents: 125005, addedMoneyCents: 29, producerSharePercent: 20, divisions: 2, splitMs: [1000], maxHorsesPerRider: 3 });
    // Blank optional fields take their defaults (no added money, 0.5 s splits).
    expect((await producer.client.form(hub, { intent: "class-create", name: "Blanks", entryFee: "20", addedMoney: "", splitSeconds: "", divisions: "" })).status).toBe(302);
    expect(app.db.select().from(raceClasses).all().find((c) => c.eventId === event.id && c.name === "Blanks")).toMatchObject({ entryFeeCents: 2000, addedMoneyCents: 0, splitMs: [500], divisions: 1 });
    const bad = await producer.client.form(hub, { intent: "class-create", name: "Bad", entryFee: "12.345" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter dollars and cents, like 50 or 50.00");

    expect((await producer.client.form(hub, { intent: "walk-up", classId: cls.id, riderName: "Jo Gate", horseName: "Biscuit" })).status).toBe(302);
    const noRider = await producer.client.form(hub, { intent: "walk-up", classId: cls.id, riderName: "", horseName: "No Rider" });
    expect(noRider.status).toBe(400);
    expect(await noRider.text()).toContain("Not saved: ");
    expect(app.db.select().from(raceEntries).where(eq(raceEntries.classId, cls.id)).all().map((e) => e.riderName)).toEqual(["Jo Gate"]);
    expect((await producer.client.form(hub, { intent: "draw", classId: cls.id, seed: "form-seed", minGap: "5", dragEvery: "5" })).status).toBe(302);
    expect((await producer.client.form(hub, { intent: "draw-publish", classId: cls.id })).status).toBe(302);
    const page = await (await app.client().get(`/events/${event.id}/draw`)).text();
    expect(page).toContain("Jo Gate");
    expect(page).toContain("form-seed");

    // Nobody else gets the hub.
    const other = await signedInRider(app);
    expect((await other.client.get(hub)).status).toBe(403);
    expect((await other.client.form(hub, { intent: "class-delete", classId: cls.id })).status).toBe(403);
    expect((await app.client().get(hub)).headers.get("location")).toBe("/login");
  });

  it("enters a rider from the entry form, and shows their entries and fees on My Events with the published place", async () => {
    const { producer, event, url } = await race();
    const cls = await addClass(producer.client, url, { name: "Open 4D", entryFeeCents: 4550 });
    const rider = await signedInRider(app);
    const res = await rider.client.form(`/events/${event.id}/enter`, { intent: "enter", classId: cls.id, horseId: "", horseName: "Form Horse", riderId: "none" });
    expect(res.status).toBe(302);
    const mine = await (await rider.client.get("/events")).text();
    expect(mine).toContain("My entries");
    expect(mine).toContain("Fees $45.50");
    expect(mine).toContain("Form Horse");
    await producer.client.json(`${url}/classes/${cls.id}/draw`, "POST", { publish: true, seed: "my-events" });
    expect(await (await rider.client.get("/events")).text()).toMatch(/Runs #1, before the first drag/);
  });
});
