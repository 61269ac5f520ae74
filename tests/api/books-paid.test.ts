import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceEntries } from "../../db/schema";
import { createEvent, signedInRider } from "../helpers/factories";
import { addRaceTimer, createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * How an entry was paid, through PATCH /api/events/{id}/entries/{entryId}:
 * a method marks it paid, a check needs its number, unpaid clears both, and
 * nobody but the producer (or an admin) changes any of it.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function race() {
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101" });
  const cls = createRaceClass(app.db, event.id);
  const entry = createRaceEntry(app.db, cls);
  return { producer, event, cls, entry, url: `/api/events/${event.id}/entries/${entry.id}` };
}

const row = (id: string) => app.db.select().from(raceEntries).where(eq(raceEntries.id, id)).get()!;

describe("an entry's payment", () => {
  it("marks an entry paid by a method, with a check's number, and answers with both", async () => {
    const { producer, entry, url } = await race();
    const res = await producer.client.json(url, "PATCH", { paidMethod: "CHECK", paidReference: " 1042 " });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paid: true, paidMethod: "CHECK", paidReference: "1042" });
    expect(row(entry.id)).toMatchObject({ paid: true, paidMethod: "CHECK", paidReference: "1042" });

    const cash = await producer.client.json(url, "PATCH", { paidMethod: "cash" });
    expect(await cash.json()).toMatchObject({ paid: true, paidMethod: "CASH", paidReference: null });
  });

  it("refuses a check without its number and leaves the entry as it was", async () => {
    const { producer, entry, url } = await race();
    for (const patch of [{ paidMethod: "CHECK" }, { paidMethod: "CHECK", paidReference: "  " }]) {
      const res = await producer.client.json(url, "PATCH", patch);
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.message).toBe("A check needs its number");
      expect(body.errors.paidReference).toEqual(["A check needs its number"]);
    }
    expect(row(entry.id)).toMatchObject({ paid: false, paidMethod: null, paidReference: null });
  });

  it("keeps a check's number when only other fields change, and refuses clearing it", async () => {
    const { producer, entry, url } = await race();
    await producer.client.json(url, "PATCH", { paidMethod: "CHECK", paidReference: "77" });
    expect((await producer.client.json(url, "PATCH", { backNumber: 12 })).status).toBe(200);
    expect(row(entry.id)).toMatchObject({ paidMethod: "CHECK", paidReference: "77", backNumber: 12 });
    const cleared = await producer.client.json(url, "PATCH", { paidReference: null });
    expect(cleared.status).toBe(400);
    expect(row(entry.id).paidReference).toBe("77");
  });

  it("clears the method and reference when marked unpaid, and refuses a contradiction", async () => {
    const { producer, entry, url } = await race();
    await producer.client.json(url, "PATCH", { paidMethod: "CARD", paidReference: "auth 55" });
    const both = await producer.client.json(url, "PATCH", { paid: false, paidMethod: "CASH" });
    expect(both.status).toBe(400);
    expect(row(entry.id)).toMatchObject({ paid: true, paidMethod: "CARD" });
    const unpaid = await producer.client.json(url, "PATCH", { paid: false });
    expect(await unpaid.json()).toMatchObject({ paid: false, paidMethod: null, paidReference: null });
    const alone = await producer.client.json(url, "PATCH", { paidReference: "99" });
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as Json).message).toBe("Say how it was paid before giving a reference");
  });

  it("keeps paid without a method as before (a fee paid before methods were kept)", async () => {
    const { producer, entry, url } = await race();
    const res = await producer.client.json(url, "PATCH", { paid: true });
    expect(await res.json()).toMatchObject({ paid: true, paidMethod: null });
    expect(row(entry.id).paid).toBe(true);
  });

  it("refuses an unknown method, a long reference and a line break, in words", async () => {
    const { producer, entry, url } = await race();
    const cases: [Json, RegExp][] = [
      [{ paidMethod: "BARTER" }, /cash, check, card, online or comp/],
      [{ paidMethod: "CHECK", paidReference: "1".repeat(41) }, /at most 40/],
      [{ paidMethod: "CHECK", paidReference: "10\n42" }, /without line breaks/],
      [{ paidMethod: 5 }, /cash, check/],
    ];
    for (const [patch, message] of cases) {
      const res = await producer.client.json(url, "PATCH", patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(((await res.json()) as Json).message).toMatch(message);
    }
    expect(row(entry.id)).toMatchObject({ paid: false, paidMethod: null, paidReference: null });
  });

  it("lets only the producer or an admin record a payment: the rider and a named timer are refused, nothing written", async () => {
    const { event, cls, url } = await race();
    const rider = await signedInRider(app);
    const own = createRaceEntry(app.db, cls, { userId: rider.user.id });
    const ownRes = await rider.client.json(`/api/events/${event.id}/entries/${own.id}`, "PATCH", { paidMethod: "CASH" });
    expect(ownRes.status).toBe(403);
    expect(row(own.id).paid).toBe(false);

    const timer = await signedInRider(app);
    addRaceTimer(app.db, event.id, timer.user.id);
    const timed = await timer.client.json(`/api/events/${event.id}/entries/${own.id}`, "PATCH", { paidMethod: "COMP" });
    expect([403, 404]).toContain(timed.status);
    expect(row(own.id)).toMatchObject({ paid: false, paidMethod: null });

    const admin = await signedInRider(app, { isAdmin: true });
    const byAdmin = await admin.client.json(url, "PATCH", { paidMethod: "ONLINE", paidReference: "stripe pi_1" });
    expect(await byAdmin.json()).toMatchObject({ paid: true, paidMethod: "ONLINE", paidReference: "stripe pi_1" });
  });
});
