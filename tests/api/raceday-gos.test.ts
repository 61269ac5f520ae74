import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceEntries, raceResults, runLogs, users } from "../../db/schema";
import { createEvent, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Shows of more than one go through the real server: classes with go-rounds,
 * an average, a purse split and a short go; age classes refusing a rider
 * whose birth date does not fit; a run carried to another class, timed once
 * and placed and paid in both, moved in both by one correction.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const body = async (res: Response): Promise<Json> => (await res.json()) as Json;

async function race() {
  const producer = await signedInRider(app, { privacyMode: "PUBLIC" });
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101" });
  return { producer, event, url: `/api/events/${event.id}` };
}

async function addClass(client: Client, eventUrl: string, fields: Json) {
  const res = await client.json(`${eventUrl}/classes`, "POST", { entryFeeCents: 5000, ...fields });
  expect(res.status, await res.clone().text()).toBe(201);
  return body(res);
}

let clientIds = 0;
const time = (client: Client, eventUrl: string, fields: Json) => client.json(`${eventUrl}/times`, "POST", { clientId: `gos-${Date.now()}-${++clientIds}`, outcome: "TIME", penalties: 0, ...fields });

describe("classes with go-rounds", () => {
  it("keeps two gos, the average, the purse split and the short go, and gives them back", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url, {
      name: "Futurity",
      goRounds: 2,
      average: { mode: "SUM", requireEveryGo: true },
      purseSplit: { goPercents: [10, 10], averagePercent: 80 },
      shortGo: { top: 10, by: "AVERAGE", order: "REVERSE" },
    });
    expect(cls).toMatchObject({ goRounds: 2, average: { mode: "SUM", requireEveryGo: true }, purseSplit: { goPercents: [10, 10], averagePercent: 80 }, shortGo: { top: 10, by: "AVERAGE", order: "REVERSE" } });
    // A plain class is one go, as always.
    expect(await addClass(producer.client, url, { name: "Open 4D" })).toMatchObject({ goRounds: 1, average: null, purseSplit: null, shortGo: null, minAge: null, maxAge: null, ageOn: "YEAR_START" });
  });

  it("refuses a split that does not add up to 100, and an average of one go, with the field named", async () => {
    const { producer, url } = await race();
    const bad = await producer.client.json(`${url}/classes`, "POST", { name: "Futurity", entryFeeCents: 5000, goRounds: 2, average: { mode: "SUM", requireEveryGo: true }, purseSplit: { goPercents: [10, 10], averagePercent: 70 } });
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ message: "The shares of the purse must add up to 100% (they add up to 90%)", errors: { purseSplit: [expect.any(String)] } });
    const oneGo = await producer.client.json(`${url}/classes`, "POST", { name: "Futurity", entryFeeCents: 5000, average: { mode: "SUM", requireEveryGo: true } });
    expect(oneGo.status).toBe(400);
    expect((await body(oneGo)).message).toMatch(/second go/);
    const sixGos = await producer.client.json(`${url}/classes`, "POST", { name: "Futurity", entryFeeCents: 5000, goRounds: 6 });
    expect(sixGos.status).toBe(400);
  });

  it("takes a time in go 2 beside go 1's, and refuses a go the class does not have", async () => {
    const { producer, url } = await race();
    const cls = await addClass(producer.client, url, { name: "Two go", goRounds: 2, average: { mode: "SUM", requireEveryGo: true } });
    const entry = await body(await producer.client.json(`${url}/entries`, "POST", { classId: cls.id, riderName: "Kassie Mowry", horseName: "Dash" }));
    expect((await time(producer.client, url, { entryId: entry.id, time: "15.100" })).status).toBe(201);
    const go2 = await time(producer.client, url, { entryId: entry.id, time: "15.300", go: 2 });
    expect(go2.status).toBe(201);
    expect(await body(go2)).toMatchObject({ go: 2, time: "15.300" });
    const go3 = await time(producer.client, url, { entryId: entry.id, time: "15.300", go: 3 });
    expect(go3.status).toBe(400);
  });
});

describe("a weekend: two long gos, the average and a short go", () => {
  it("pays each go its share and the short go's aggregate the average's, to the cent, and writes each go to the rider's run log", async () => {
    const { producer, url } = await race();
    // $100 entries, nothing kept, one division paying 60/40: four entries make a $400 purse, 10/10/80.
    const cls = await addClass(producer.client, url, {
      name: "Futurity",
      entryFeeCents: 10000,
      goRounds: 2,
      average: { mode: "SUM", requireEveryGo: true },
      purseSplit: { goPercents: [10, 10], averagePercent: 80 },
      shortGo: { top: 2, by: "AVERAGE", order: "REVERSE" },
    });
    const rider = await signedInRider(app);
    const a = await body(await rider.client.json(`${url}/entries`, "POST", { classId: cls.id, horseName: "Ace" }));
    const b = await body(await producer.client.json(`${url}/entries`, "POST", { classId: cls.id, riderName: "Bea", horseName: "Bo" }));
    const c = await body(await producer.client.json(`${url}/entries`, "POST", { classId: cls.id, riderName: "Cy", horseName: "Cash" }));
    const d = await body(await producer.client.json(`${url}/entries`, "POST", { classId: cls.id, riderName: "Di", horseName: "Doc" }));
    const go = async (n: number | "short", times: [Json, string | null][]) => {
      for (const [entry, t] of times) {
        const res = await time(producer.client, url, { entryId: entry.id, go: n, ...(t === null ? { outcome: "NT" } : { time: t }) });
        expect(res.status, await res.clone().text()).toBe(201);
      }
    };
    const review = async (round: string) => body(await producer.client.get(`${url}/classes/${cls.id}/results?go=${round}`));
    const money = (view: Json) => (view.divisions as Json[]).flatMap((dv) => (dv.places as Json[]).map((p) => [p.riderName, p.time, p.payoutCents]));

    await go(1, [[a, "15.000"], [b, "15.100"], [c, "15.200"], [d, null]]);
    const go1 = await review("1");
    expect(go1).toMatchObject({ round: "1", roundLabel: "Go 1", potCents: 4000 });
    expect(money(go1).slice(0, 2)).toEqual([
      [expect.any(String), "15.000", 2400],
      ["Bea", "15.100", 1600],
    ]);
    // The live average after go 1 of 2: nobody has every go yet.
    expect(money(await review("average"))).toEqual([]);

    await go(2, [[a, "15.300"], [b, "15.000"], [c, "15.100"], [d, "15.000"]]);
    // Bea and Di tie for first in go 2 and share the first two places' $40.
    expect(money(await review("2")).filter((p) => (p[2] as number) > 0)).toEqual([
      ["Bea", "15.000", 2000],
      ["Di", "15.000", 2000],
    ]);
    // The average requires every go: Di (NT in go 1) is out. With a short go it ranks who comes back and pays nothing.
    const average = await review("average");
    expect(money(average).map((p) => [p[1], p[2]])).toEqual([
      ["30.100", 0],
      ["30.300", 0],
      ["30.300", 0],
    ]);
    // Top 2 of the average, and the tie at the cut both come back: three horses; the leader (Bea) runs last.
    await go("short", [[c, "15.000"], [a, "14.900"], [b, "15.500"]]);
    const short = await review("short");
    expect(short.potCents).toBe(32000);
    expect(money(short)).toEqual([
      [expect.any(String), "45.200", 19200],
      ["Cy", "45.300", 12800],
      ["Bea", "45.600", 0],
    ]);

    expect((await producer.client.json(`${url}/classes/${cls.id}/results/publish`, "POST", {})).status).toBe(200);
    const rows = app.db.select().from(raceResults).where(eq(raceResults.classId, cls.id)).all();
    expect(new Set(rows.map((r) => r.round))).toEqual(new Set(["1", "2", "average", "short"]));
    expect(rows.reduce((sum, r) => sum + r.payoutCents, 0)).toBe(40000);
    // Anyone reads each round once published; a round the class does not have is refused.
    const publicGo2 = await body(await app.client().get(`${url}/classes/${cls.id}/results?go=2`));
    expect(publicGo2).toMatchObject({ review: false, roundLabel: "Go 2" });
    expect((await app.client().get(`${url}/classes/${cls.id}/results?go=3`)).status).toBe(400);
    // The rider's run log: one official run per go, and the short go, each saying which.
    const log = app.db.select().from(runLogs).where(eq(runLogs.raceEntryId, a.id)).all();
    expect(log.map((r) => [r.raceRound, r.placement, r.moneyCents]).sort()).toEqual([
      ["1", "Go 1 · 1st", 2400],
      ["2", "Go 2 · 4th", 0],
      ["short", "Short go · 1st", 19200],
    ]);
  });
});

describe("age classes", () => {
  it("refuses a walk-up whose birth date does not fit, with the reason, and takes one that does", async () => {
    const { producer, url } = await race();
    const youth = await addClass(producer.client, url, { name: "Youth", maxAge: 18, ageOn: "YEAR_START" });
    // Born 2012-03-01: 18 on January 1, 2031 (the race is in June).
    const ok = await producer.client.json(`${url}/entries`, "POST", { classId: youth.id, riderName: "Tayla Moeykens", horseName: "Smokey", birthDate: "2012-03-01" });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const old = await producer.client.json(`${url}/entries`, "POST", { classId: youth.id, riderName: "Sherry Cervi", horseName: "Stingray", birthDate: "2012-12-31".replace("2012", "2011") });
    expect(old.status).toBe(409);
    expect(await body(old)).toMatchObject({ message: "Youth is for riders 18 and under on January 1: this rider is 19", errors: { birthDate: [expect.any(String)] } });
    const none = await producer.client.json(`${url}/entries`, "POST", { classId: youth.id, riderName: "No Date", horseName: "Blue" });
    expect(none.status).toBe(400);
    expect((await body(none)).message).toBe("Youth is for riders 18 and under on January 1: give the rider's birth date");
  });

  it("takes the age on the race day when the class says so, and keeps a rider's birth date on the profile", async () => {
    const { producer, event, url } = await race();
    const senior = await addClass(producer.client, url, { name: "Senior", minAge: 50, ageOn: "RACE_DAY" });
    const rider = await signedInRider(app);
    // 50 on June 14, 2031, a day before.
    const res = await rider.client.json(`${url}/entries`, "POST", { classId: senior.id, horseName: "Scamper", birthDate: "1981-06-13" });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(app.db.select().from(users).where(eq(users.id, rider.user.id)).get()!.birthDate).toBe("1981-06-13");
    // The next entry needs no date: the profile's is used, and it does not fit a Youth class.
    const youth = await addClass(producer.client, url, { name: "Youth", maxAge: 18 });
    const refused = await rider.client.json(`${url}/entries`, "POST", { classId: youth.id, horseName: "Scamper" });
    expect(refused.status).toBe(409);
    expect((await body(refused)).message).toBe("Youth is for riders 18 and under on January 1: this rider is 49");
    expect(event.id).toBeTruthy();
  });
});

describe("carried runs", () => {
  it("times a Youth run once, places and pays it in the Open too, and one correction moves it in both", async () => {
    const { producer, url } = await race();
    const youth = await addClass(producer.client, url, { name: "Youth", maxAge: 18, divisions: 1, producerSharePercent: 0 });
    const open = await addClass(producer.client, url, { name: "Open", divisions: 1, producerSharePercent: 0 });
    const kid = await producer.client.json(`${url}/entries`, "POST", { classId: youth.id, riderName: "Tayla Moeykens", horseName: "Smokey", birthDate: "2015-05-01", carryTo: [open.id] });
    expect(kid.status, await kid.clone().text()).toBe(201);
    const kidEntry = await body(kid);
    const carried = app.db.select().from(raceEntries).where(eq(raceEntries.carriedFrom, kidEntry.id)).get()!;
    expect(carried.classId).toBe(open.id);
    const adult = await body(await producer.client.json(`${url}/entries`, "POST", { classId: open.id, riderName: "Sherry Cervi", horseName: "Stingray" }));
    const adult2 = await body(await producer.client.json(`${url}/entries`, "POST", { classId: open.id, riderName: "Lisa Lockhart", horseName: "Louie" }));

    // The booth shows the Youth run once, saying where else it counts, and never in the Open's order.
    const booth = await (await producer.client.get(`${url.replace("/api", "")}/booth`)).text();
    // (The booth's data as the page streams it: the Youth run says it also counts in the Open; the carried entry is in no order.)
    expect(booth).toMatch(/alsoCountsIn\\",\[\d+\],\\"Open\\"/);
    expect(booth).not.toContain(carried.id);
    // Timing the carried entry itself is refused: it is timed in the Youth.
    expect((await time(producer.client, url, { entryId: carried.id, time: "15.000" })).status).toBe(409);

    const kidTime = await body(await time(producer.client, url, { entryId: kidEntry.id, time: "15.000" }));
    await time(producer.client, url, { entryId: adult.id, time: "15.200" });
    await time(producer.client, url, { entryId: adult2.id, time: "15.400" });
    for (const cls of [youth, open]) {
      expect((await producer.client.json(`${url}/classes/${cls.id}/results/publish`, "POST", {})).status).toBe(200);
    }
    const openResults = await body(await app.client().get(`${url}/classes/${open.id}/results`));
    // $150 in the Open (three entries at $50): 60/40 to the first two places.
    expect(openResults.divisions[0].places.map((p: Json) => [p.riderName, p.time, p.payoutCents])).toEqual([
      ["Tayla Moeykens", "15.000", 9000],
      ["Sherry Cervi", "15.200", 6000],
      ["Lisa Lockhart", "15.400", 0],
    ]);

    // One correction at the booth: the Youth run is an NT, and the Open is published again with it.
    const corrected = await producer.client.json(`${url}/times/${kidTime.id}`, "PATCH", { outcome: "NT", reason: "Off pattern" });
    expect(corrected.status).toBe(200);
    const after = await body(await app.client().get(`${url}/classes/${open.id}/results`));
    expect(after.divisions[0].places.map((p: Json) => [p.riderName, p.payoutCents])).toEqual([
      ["Sherry Cervi", 9000],
      ["Lisa Lockhart", 6000],
    ]);
    const youthAfter = await body(await app.client().get(`${url}/classes/${youth.id}/results`));
    expect(youthAfter.divisions[0].places).toEqual([]);
  });

  it("refuses a carry after the class it goes to has begun", async () => {
    const { producer, url } = await race();
    const youth = await addClass(producer.client, url, { name: "Youth", divisions: 1 });
    const open = await addClass(producer.client, url, { name: "Open", divisions: 1 });
    const adult = await body(await producer.client.json(`${url}/entries`, "POST", { classId: open.id, riderName: "Sherry Cervi", horseName: "Stingray" }));
    await time(producer.client, url, { entryId: adult.id, time: "15.200" });
    const late = await producer.client.json(`${url}/entries`, "POST", { classId: youth.id, riderName: "Tayla Moeykens", horseName: "Smokey", carryTo: [open.id] });
    expect(late.status).toBe(409);
    expect((await body(late)).message).toBe("A run is carried before Open runs");
    expect(app.db.select().from(raceEntries).where(eq(raceEntries.classId, youth.id)).all()).toHaveLength(0);
  });
});
