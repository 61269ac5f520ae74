import Ajv2020 from "ajv/dist/2020";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceChecks, raceResults } from "../../db/schema";
import { createEvent, createUser, signedInRider } from "../helpers/factories";
import { addRaceTimer, createRaceClass, createRaceEntry, recordPaidEntries } from "../helpers/raceday-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * The race office's books, checks and a year's winnings through the real
 * server: totals that are the sums of their lines, overrides reflected in
 * what is paid out, check numbers unique per event, voids kept, the tax
 * form's mark, and who may read or write any of it.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as Json;
let ids = 0;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function time(client: Client, eventId: string, entryId: string, t: string | null) {
  const res = await client.json(`/api/events/${eventId}/times`, "POST", { clientId: `books-${Date.now()}-${++ids}`, entryId, outcome: t ? "TIME" : "NT", time: t ?? undefined, penalties: 0 });
  expect(res.status, await res.clone().text()).toBe(201);
}

/**
 * An event with one class ($50 fee, 20% kept, $100 added, 1 division paying
 * 60/40): Kaylee (an account, two horses), two walk-ups and one scratched
 * walk-up who had paid; paid by cash, check and card, one unpaid.
 */
async function race(date = "2031-06-14") {
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date, zipCode: "76101" });
  const cls = createRaceClass(app.db, event.id, { name: "Open 1D", divisions: 1, entryFeeCents: 5000, producerSharePercent: 20, addedMoneyCents: 10000 });
  const kaylee = createUser(app.db, { firstName: "Kaylee", lastName: "Brooks" });
  const e = {
    sugar: createRaceEntry(app.db, cls, { userId: kaylee.id, riderName: "Kaylee Brooks", horseName: "Sugar", paid: true, paidMethod: "CASH" }),
    dash: createRaceEntry(app.db, cls, { userId: kaylee.id, riderName: "Kaylee Brooks", horseName: "Dash", paid: true, paidMethod: "CHECK", paidReference: "311" }),
    pat: createRaceEntry(app.db, cls, { riderName: "Pat  Jones", horseName: "Blue", paid: true, paidMethod: "CARD" }),
    lou: createRaceEntry(app.db, cls, { riderName: "Lou Reyes", horseName: "Ace" }),
    gone: createRaceEntry(app.db, cls, { riderName: "Gone Gary", horseName: "Fog", status: "SCRATCHED", paid: true, paidMethod: "CASH" }),
  };
  recordPaidEntries(app.db, event.id);
  return { producer, event, cls, kaylee, e, url: `/api/events/${event.id}` };
}

/** Times for everyone entered, then published: Sugar 1st, Pat 2nd. */
async function published(date?: string) {
  const r = await race(date);
  const { producer, event, e } = r;
  await time(producer.client, event.id, r.e.sugar.id, "15.100");
  await time(producer.client, event.id, e.pat.id, "15.200");
  await time(producer.client, event.id, e.dash.id, "15.900");
  await time(producer.client, event.id, e.lou.id, null);
  const pub = await producer.client.json(`${r.url}/classes/${r.cls.id}/results/publish`, "POST", {});
  expect(pub.status, await pub.clone().text()).toBe(200);
  return r;
}

describe("GET /api/events/{id}/books", () => {
  it("adds the books from the entries: fees due, paid by method, unpaid with names, share, added money, pot", async () => {
    const { producer, url, e, cls } = await race();
    const res = await producer.client.get(`${url}/books`);
    expect(res.status).toBe(200);
    const books = await json(res);
    const [c] = books.classes;
    expect(c).toMatchObject({
      classId: cls.id,
      className: "Open 1D",
      entries: 4,
      feesDueCents: 20000,
      paidCents: { CASH: 10000, CHECK: 5000, CARD: 5000, ONLINE: 0, COMP: 0, NOT_SAID: 0 },
      paidTotalCents: 20000,
      collectedCents: 20000,
      unpaidCents: 5000,
      refundCents: 5000,
      // 4 entries x $50 = $200: $40 kept, $160 + $100 added in the pot; nothing run yet, nothing paid out.
      producerShareCents: 4000,
      addedMoneyCents: 10000,
      potCents: 26000,
      paidOutCents: 0,
      published: false,
    });
    expect(c.unpaid.map((u: Json) => u.riderName)).toEqual(["Lou Reyes"]);
    expect(c.refunds.map((u: Json) => u.entryId)).toEqual([e.gone.id]);
    // Fees due are paid by entries still entered, or unpaid.
    expect(c.feesDueCents).toBe(c.paidTotalCents - c.refundCents + c.unpaidCents);
    expect(books.totals).toMatchObject({ feesDueCents: 20000, potCents: 26000, unpaidCents: 5000 });
    expect(books.closeOut).toMatchObject({ cashCents: 10000, checksReceivedCents: 5000, cardCents: 5000, collectedCents: 20000, paidOutCents: 0, netToProducerCents: 20000 });
  });

  it("makes the event's totals the sums of its classes, and the CSV lists every line", async () => {
    const r = await race();
    const second = createRaceClass(app.db, r.event.id, { name: "Youth", divisions: 1, entryFeeCents: 2500, position: 1 });
    createRaceEntry(app.db, second, { riderName: "Amy Day", horseName: "Pip", paid: true, paidMethod: "COMP" });
    createRaceEntry(app.db, second, { riderName: "Bo Day", horseName: "Rex", paid: true, paidMethod: "ONLINE", paidReference: "=HYPERLINK(1)" });
    recordPaidEntries(app.db, r.event.id);
    const books = await json(await r.producer.client.get(`${r.url}/books`));
    expect(books.classes).toHaveLength(2);
    for (const key of ["feesDueCents", "paidTotalCents", "collectedCents", "unpaidCents", "producerShareCents", "addedMoneyCents", "potCents", "paidOutCents"]) {
      expect(books.totals[key], key).toBe(sum(books.classes.map((c: Json) => c[key])));
    }
    expect(books.totals.paidCents).toMatchObject({ COMP: 2500, ONLINE: 2500, CASH: 10000 });
    // A comped fee is paid but no money came in.
    expect(books.totals.collectedCents).toBe(books.totals.paidTotalCents - 2500);

    const csv = await r.producer.client.get(`${r.url}/books.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Class,Back number,Rider,Horse,Status,Fee,Paid,Paid by,Reference,Exhibition");
    expect(lines).toHaveLength(1 + 7);
    expect(lines.find((l) => l.includes("Gone Gary"))).toMatch(/Scratched,50\.00,Yes,Cash/);
    expect(lines.find((l) => l.includes("Kaylee Brooks,Dash"))).toMatch(/Entered,50\.00,Yes,Check,311,No$/);
    // A reference is never run as a formula by a spreadsheet.
    expect(lines.find((l) => l.includes("Bo Day"))).toMatch(/,'=HYPERLINK\(1\),No$/);
    const fees = lines.slice(1).filter((l) => l.includes(",Entered,")).map((l) => Math.round(Number(l.split(",")[5]) * 100));
    expect(sum(fees)).toBe(books.totals.feesDueCents);
  });

  it("reflects an override in what is paid out, beside the pot, before and after publishing", async () => {
    const r = await published();
    const { producer, url, cls, e } = r;
    let books = await json(await producer.client.get(`${url}/books`));
    // 4 ran ($200 fees: $40 kept, + $100 added): pot $260, paid 60/40.
    expect(books.classes[0]).toMatchObject({ published: true, potCents: 26000, paidOutCents: 26000, paidOutDifferenceCents: 0 });
    const override = await producer.client.json(`${url}/classes/${cls.id}/overrides/${e.pat.id}`, "PUT", { amountCents: 10544, reason: "Rounded up at the office" });
    expect(override.status, await override.clone().text()).toBe(200);
    books = await json(await producer.client.get(`${url}/books`));
    const paid = sum(app.db.select().from(raceResults).where(eq(raceResults.classId, cls.id)).all().map((x) => x.payoutCents));
    expect(paid).toBe(15600 + 10544);
    expect(books.classes[0]).toMatchObject({ potCents: 26000, paidOutCents: paid, paidOutDifferenceCents: paid - 26000 });
    expect(books.closeOut.paidOutCents).toBe(paid);
  });

  it("shows the producer's review before publishing: what the placings would pay after overrides", async () => {
    const r = await race();
    const { producer, event, e, url, cls } = r;
    await time(producer.client, event.id, e.sugar.id, "15.100");
    await time(producer.client, event.id, e.pat.id, "15.300");
    await producer.client.json(`${url}/classes/${cls.id}/overrides/${e.sugar.id}`, "PUT", { amountCents: 20000, reason: "Sponsor's buckle money" });
    const books = await json(await producer.client.get(`${url}/books`));
    // Sugar's $156 became $200; Pat keeps $104.
    expect(books.classes[0]).toMatchObject({ published: false, potCents: 26000, paidOutCents: 30400, paidOutDifferenceCents: 4400 });
  });

  it("is for the producer and admins only: a rider, a named timer and a visitor are refused", async () => {
    const { event, url } = await race();
    const rider = await signedInRider(app);
    const timer = await signedInRider(app);
    addRaceTimer(app.db, event.id, timer.user.id);
    for (const path of [`${url}/books`, `${url}/books.csv`, `${url}/checks`]) {
      expect((await rider.client.get(path)).status, path).toBe(403);
      const byTimer = await timer.client.get(path);
      expect(byTimer.status, path).toBe(403);
      expect((await json(byTimer)).message).toBe("Only the event's producer can do that");
      expect((await app.client().get(path)).status, path).toBe(401);
    }
    // The screens say why, not "something went wrong".
    const screen = await rider.client.get(`/events/${event.id}/books`);
    expect(screen.status).toBe(403);
    const html = await screen.text();
    expect(html).toContain("This page is not yours to open");
    expect(html).toContain("Only the event&#x27;s producer can do that.");
    expect(html).not.toContain("Something went wrong");
    const admin = await signedInRider(app, { isAdmin: true });
    expect((await admin.client.get(`${url}/books`)).status).toBe(200);
    expect((await admin.client.get(`/api/events/no-such-event/books`)).status).toBe(404);
  });
});

describe("checks to winners", () => {
  it("lists the payees of the published results by account name or the walk-up's name, with amounts per class", async () => {
    const { producer, url, kaylee } = await published();
    const res = await producer.client.get(`${url}/checks`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.payees.map((p: Json) => [p.payeeName, p.totalCents, p.status])).toEqual([
      ["Kaylee Brooks", 15600, "TO_WRITE"],
      ["Pat  Jones", 10400, "TO_WRITE"],
    ]);
    expect(body.payees[0]).toMatchObject({ payeeKey: `u-${kaylee.id}`, walkUp: false, lines: [{ className: "Open 1D", horseName: "Sugar", placing: "1st", amountCents: 15600 }] });
    expect(body.payees[1].payeeKey).toMatch(/^w-[0-9a-f]{16}$/);
    expect(body).toMatchObject({ totalCents: 26000, writtenCents: 0, toWrite: 2 });
  });

  it("keeps a check's number once per event, answers the same number again as it is, and refuses another", async () => {
    const r = await published();
    const other = await published();
    const { producer, url } = r;
    const [kaylee, pat] = (await json(await producer.client.get(`${url}/checks`))).payees;
    const first = await producer.client.json(`${url}/checks/${kaylee.payeeKey}`, "PUT", { number: " 1042 " });
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({ status: "WRITTEN", check: { number: "1042", amountCents: 15600, voidedAt: null } });
    expect((await producer.client.json(`${url}/checks/${kaylee.payeeKey}`, "PUT", { number: "1042" })).status).toBe(200);

    const taken = await producer.client.json(`${url}/checks/${pat.payeeKey}`, "PUT", { number: "1042" });
    expect(taken.status).toBe(409);
    expect((await json(taken)).message).toBe("Check 1042 is already used in this event (Kaylee Brooks): each check has its own number");
    const another = await producer.client.json(`${url}/checks/${kaylee.payeeKey}`, "PUT", { number: "1043" });
    expect(another.status).toBe(409);
    expect((await json(another)).message).toMatch(/void it first/);
    expect(app.db.select().from(raceChecks).where(eq(raceChecks.eventId, r.event.id)).all()).toHaveLength(1);

    // Another event's checkbook may use the same number.
    const otherPayee = (await json(await other.producer.client.get(`${other.url}/checks`))).payees[0];
    expect((await other.producer.client.json(`${other.url}/checks/${otherPayee.payeeKey}`, "PUT", { number: "1042" })).status).toBe(201);

    for (const number of ["", "12 34", "x".repeat(21), 1042]) {
      const bad = await producer.client.json(`${url}/checks/${pat.payeeKey}`, "PUT", { number });
      expect(bad.status, String(number)).toBe(400);
      expect((await json(bad)).message).toBe("A check number is 1 to 20 letters, digits or dashes");
    }
    expect((await producer.client.json(`${url}/checks/w-0000000000000000`, "PUT", { number: "9" })).status).toBe(404);
    expect((await producer.client.json(`${url}/checks/..%2F..`, "PUT", { number: "9" })).status).toBe(404);
  });

  it("voids a check with its reason and keeps it: its number stays used, and another check can be written", async () => {
    const { producer, url } = await published();
    const [kaylee] = (await json(await producer.client.get(`${url}/checks`))).payees;
    await producer.client.json(`${url}/checks/${kaylee.payeeKey}`, "PUT", { number: "500" });
    const noReason = await producer.client.json(`${url}/checks/${kaylee.payeeKey}/void`, "POST", { reason: "  " });
    expect(noReason.status).toBe(400);
    const voided = await producer.client.json(`${url}/checks/${kaylee.payeeKey}/void`, "POST", { reason: "Torn" });
    expect(voided.status).toBe(200);
    expect(await json(voided)).toMatchObject({ status: "TO_WRITE", check: null, voided: [{ number: "500", voidReason: "Torn", amountCents: 15600 }] });
    expect((await producer.client.json(`${url}/checks/${kaylee.payeeKey}/void`, "POST", { reason: "Again" })).status).toBe(404);
    expect((await producer.client.json(`${url}/checks/${kaylee.payeeKey}`, "PUT", { number: "500" })).status).toBe(409);
    const rewritten = await producer.client.json(`${url}/checks/${kaylee.payeeKey}`, "PUT", { number: "501" });
    expect(await json(rewritten)).toMatchObject({ status: "WRITTEN", check: { number: "501" }, voided: [{ number: "500" }] });
  });

  it("marks a check stale after 60 days uncashed, and a check marked cashed (API or the Checks screen) never", async () => {
    const { producer, url, event } = await published();
    const [kaylee, pat] = (await json(await producer.client.get(`${url}/checks`))).payees;
    for (const [p, number] of [[kaylee, "600"], [pat, "601"]] as const) await producer.client.json(`${url}/checks/${p.payeeKey}`, "PUT", { number });
    app.db.update(raceChecks).set({ writtenAt: new Date(Date.now() - 61 * 86_400_000) }).where(eq(raceChecks.eventId, event.id)).run();
    const payee = async (key: string) => (await json(await producer.client.get(`${url}/checks`))).payees.find((p: Json) => p.payeeKey === key);
    expect(await payee(kaylee.payeeKey)).toMatchObject({ stale: true, check: { cashedAt: null } });
    const cashed = await producer.client.json(`${url}/checks/${kaylee.payeeKey}/cashed`, "POST", {});
    expect(cashed.status).toBe(200);
    expect((await json(cashed)).check.cashedAt).toEqual(expect.any(String));
    expect(await payee(kaylee.payeeKey)).toMatchObject({ stale: false });
    expect((await producer.client.json(`${url}/checks/${kaylee.payeeKey}/cashed`, "POST", {})).status).toBe(200);
    // The screen's form, without JavaScript.
    expect((await producer.client.form(`/events/${event.id}/checks`, { intent: "check-cashed", payeeKey: pat.payeeKey })).status).toBe(302);
    expect(await payee(pat.payeeKey)).toMatchObject({ stale: false, check: { cashedAt: expect.any(String) } });
    expect((await producer.client.json(`${url}/checks/w-0000000000000000/cashed`, "POST", {})).status).toBe(404);
  });

  it("shows a check written before a correction as differing from what is owed now", async () => {
    const { producer, url, cls, e } = await published();
    const [, pat] = (await json(await producer.client.get(`${url}/checks`))).payees;
    await producer.client.json(`${url}/checks/${pat.payeeKey}`, "PUT", { number: "77" });
    await producer.client.json(`${url}/classes/${cls.id}/overrides/${e.pat.id}`, "PUT", { amountCents: 10544, reason: "Rounded up" });
    const after = (await json(await producer.client.get(`${url}/checks`))).payees.find((p: Json) => p.payeeKey === pat.payeeKey);
    expect(after).toMatchObject({ totalCents: 10544, status: "DIFFERS", differenceCents: 144, check: { number: "77", amountCents: 10400 } });
  });

  it("refuses a rider and a named timer on every check call, writing nothing", async () => {
    const { producer, event, url } = await published();
    const [kaylee] = (await json(await producer.client.get(`${url}/checks`))).payees;
    const timer = await signedInRider(app);
    addRaceTimer(app.db, event.id, timer.user.id);
    const rider = await signedInRider(app);
    for (const who of [timer, rider]) {
      expect((await who.client.json(`${url}/checks/${kaylee.payeeKey}`, "PUT", { number: "9" })).status).toBe(403);
      expect((await who.client.json(`${url}/checks/${kaylee.payeeKey}/void`, "POST", { reason: "x" })).status).toBe(403);
    }
    expect(app.db.select().from(raceChecks).where(eq(raceChecks.eventId, event.id)).all()).toEqual([]);
  });
});

describe("a year's winnings", () => {
  it("totals each payee's year over events, marks a tax form due at $600, and follows the setting", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const year = 2034;
    // Pat (a walk-up) wins $104 at each of four events: $416; each event's Kaylee is an account of her own ($156).
    const races = [];
    for (const date of ["2034-03-01", "2034-05-01", "2034-07-01", "2034-09-01"]) races.push(await published(date));
    const res = await admin.client.get(`/api/admin/winnings?year=${year}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report).toMatchObject({ year, taxFormThresholdCents: 60000 });
    // Walk-up "Pat  Jones" is one payee by name across the four events: $416, under the threshold.
    const pat = report.payees.find((p: Json) => p.payeeName === "Pat  Jones");
    expect(pat).toMatchObject({ totalCents: 41600, events: 4, placings: 4, taxFormDue: false, walkUp: true, email: null });
    expect(report.payees.filter((p: Json) => p.payeeName === "Kaylee Brooks")).toHaveLength(4);
    expect(report.totalCents).toBe(sum(report.payees.map((p: Json) => p.totalCents)));

    // $400 as the threshold: Pat's $416 is due now.
    const set = await admin.client.json("/api/admin/settings", "PATCH", { taxFormThresholdCents: 40000 });
    expect(await json(set)).toEqual({ taxFormThresholdCents: 40000, staleCheckDays: 60 });
    const after = await json(await admin.client.get(`/api/admin/winnings?year=${year}`));
    expect(after.payees.find((p: Json) => p.payeeName === "Pat  Jones").taxFormDue).toBe(true);
    expect(after.payees.find((p: Json) => p.payeeName === "Kaylee Brooks").taxFormDue).toBe(false);

    const csv = await admin.client.get(`/api/admin/winnings.csv?year=${year}`);
    expect(csv.headers.get("content-disposition")).toContain("winnings-2034.csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Payee,Walk-up,Email,Also paid as,Events,Placings,Total,Tax form due (400.00 or more)");
    expect(lines[1]).toBe("Pat  Jones,Yes,,,4,4,416.00,Yes");

    expect((await admin.client.get(`/api/admin/winnings?year=2033`)).status).toBe(200);
    expect((await json(await admin.client.get(`/api/admin/winnings?year=2033`))).payees).toEqual([]);
    await admin.client.json("/api/admin/settings", "PATCH", { taxFormThresholdCents: 60000 });
  });

  it("adds an account's winnings at several events under one payee, with the account's name and email", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const a = await published("2035-04-01");
    const b = await published("2035-08-01");
    // The second event's Kaylee entries belong to the first's account.
    const { raceEntries } = await import("../../db/schema");
    app.db.update(raceEntries).set({ userId: a.kaylee.id }).where(eq(raceEntries.userId, b.kaylee.id)).run();
    const report = await json(await admin.client.get("/api/admin/winnings?year=2035"));
    expect(report.payees[0]).toMatchObject({ payeeKey: `u-${a.kaylee.id}`, payeeName: "Kaylee Brooks", email: a.kaylee.email, totalCents: 31200, events: 2, taxFormDue: false });
  });

  it("is for administrators; a bad year is refused in words", async () => {
    const rider = await signedInRider(app);
    expect((await rider.client.get("/api/admin/winnings?year=2031")).status).toBe(403);
    expect((await rider.client.get("/api/admin/winnings.csv?year=2031")).status).toBe(403);
    expect((await rider.client.json("/api/admin/settings", "PATCH", { taxFormThresholdCents: 1 })).status).toBe(403);
    const admin = await signedInRider(app, { isAdmin: true });
    for (const year of ["31", "abcd", "1999", "2101"]) {
      const res = await admin.client.get(`/api/admin/winnings?year=${year}`);
      expect(res.status, year).toBe(400);
      expect((await json(res)).message).toBe("Give the year as four digits, from 2000 to 2100");
    }
    for (const taxFormThresholdCents of [0, 600.5, "600", 1e9]) {
      const res = await admin.client.json("/api/admin/settings", "PATCH", { taxFormThresholdCents });
      expect(res.status, String(taxFormThresholdCents)).toBe(400);
    }
    expect(await json(await admin.client.get("/api/admin/settings"))).toEqual({ taxFormThresholdCents: 60000, staleCheckDays: 60 });
  });
});

describe("the API description", () => {
  it("describes the real answers of the books, checks, winnings and settings, and their refusals", async () => {
    const doc = (await (await app.client().get("/api/openapi.json")).json()) as Json;
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const check = async (res: Response, method: string, p: string) => {
      const body = await json(res);
      const op = doc.paths[p][method];
      expect(op.operationId, `${method} ${p}`).toMatch(/^[a-z][A-Za-z]+$/);
      const schema = op.responses[String(res.status)]?.content?.["application/json"]?.schema;
      expect(schema, `${method} ${p} ${res.status} is described`).toBeTruthy();
      const validate = ajv.compile({ ...schema, components: doc.components });
      expect(validate(body), `${method} ${p} ${res.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
      return body;
    };
    const { producer, url } = await published();
    await check(await producer.client.get(`${url}/books`), "get", "/api/events/{id}/books");
    const checks = await check(await producer.client.get(`${url}/checks`), "get", "/api/events/{id}/checks");
    const key = checks.payees[0].payeeKey;
    await check(await producer.client.json(`${url}/checks/${key}`, "PUT", { number: "1" }), "put", "/api/events/{id}/checks/{payeeKey}");
    await check(await producer.client.json(`${url}/checks/${key}`, "PUT", { number: "1" }), "put", "/api/events/{id}/checks/{payeeKey}");
    await check(await producer.client.json(`${url}/checks/${key}`, "PUT", { number: "2" }), "put", "/api/events/{id}/checks/{payeeKey}");
    await check(await producer.client.json(`${url}/checks/${key}/void`, "POST", { reason: "Torn" }), "post", "/api/events/{id}/checks/{payeeKey}/void");
    const admin = await signedInRider(app, { isAdmin: true });
    await check(await admin.client.get("/api/admin/winnings?year=2031"), "get", "/api/admin/winnings");
    await check(await admin.client.get("/api/admin/winnings?year=31"), "get", "/api/admin/winnings");
    await check(await admin.client.get("/api/admin/settings"), "get", "/api/admin/settings");
    await check(await admin.client.json("/api/admin/settings", "PATCH", { taxFormThresholdCents: 60000 }), "patch", "/api/admin/settings");
  });
});
