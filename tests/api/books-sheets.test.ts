import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, createUser, signedInRider } from "../helpers/factories";
import { addRaceTimer, createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * The printed sheets and the office's pages through the real server: who may
 * open them, what the announcer's sheet says (a Private rider's hometown
 * never), and the checks form refused beside its row without JavaScript.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

async function race() {
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101" });
  const cls = createRaceClass(app.db, event.id, { name: "Open 2D", drawnAt: new Date(), drawPublishedAt: new Date(), dragEvery: 2 });
  const open = createUser(app.db, { firstName: "Tara", lastName: "Open", homeZipCode: "76086", privacyMode: "PUBLIC" });
  const solo = createUser(app.db, { firstName: "Sam", lastName: "Solo", homeZipCode: "76086", privacyMode: "SOLO" });
  createRaceEntry(app.db, cls, { userId: open.id, riderName: "Tara Open", horseName: "Dash", drawPosition: 1, dragsBefore: 0, backNumber: 7 });
  createRaceEntry(app.db, cls, { userId: solo.id, riderName: "Sam Solo", horseName: "Blue", drawPosition: 2, dragsBefore: 0, backNumber: 8 });
  createRaceEntry(app.db, cls, { riderName: "Walk Up", horseName: "Pip", drawPosition: 3, dragsBefore: 1, late: true, backNumber: 9 });
  return { producer, event, cls };
}

describe("printed sheets", () => {
  it("give the announcer the order with hometowns, never a Private rider's, drags and the late entry", async () => {
    const { producer, event } = await race();
    const res = await producer.client.get(`/events/${event.id}/sheets/announcer`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Tara Open");
    expect(html).toContain("Weatherford, TX");
    // Sam Solo's row says nothing of where he lives.
    const samRow = html.slice(html.indexOf("Sam Solo"), html.indexOf("</tr>", html.indexOf("Sam Solo")));
    expect(samRow).not.toContain("Weatherford");
    expect(html).toContain("Drag <!-- -->1");
    expect(html).toContain("Late entry");
  });

  it("open for the producer, an admin and the event's timers; a rider is refused, an unknown sheet is not found", async () => {
    const { event, cls } = await race();
    const timer = await signedInRider(app);
    addRaceTimer(app.db, event.id, timer.user.id);
    const rider = await signedInRider(app);
    const admin = await signedInRider(app, { isAdmin: true });
    for (const sheet of ["announcer", "gate", "numbers"]) {
      expect((await timer.client.get(`/events/${event.id}/sheets/${sheet}`)).status, sheet).toBe(200);
      expect((await admin.client.get(`/events/${event.id}/sheets/${sheet}?class=${cls.id}`)).status, sheet).toBe(200);
      expect((await rider.client.get(`/events/${event.id}/sheets/${sheet}`)).status, sheet).toBe(403);
    }
    expect((await admin.client.get(`/events/${event.id}/sheets/payroll`)).status).toBe(404);
    expect((await admin.client.get(`/events/${event.id}/sheets/gate?class=nope`)).status).toBe(404);
    // The books and checks are the producer's: a timer is refused there.
    expect((await timer.client.get(`/events/${event.id}/books`)).status).toBe(403);
    expect((await timer.client.get(`/events/${event.id}/checks`)).status).toBe(403);
  });
});

describe("the checks form without JavaScript", () => {
  it("refuses a bad number beside the row, keeping what was typed, and an unknown payee with 404", async () => {
    const { producer, event } = await race();
    const bad = await producer.client.form(`/events/${event.id}/checks`, { intent: "check-number", payeeKey: "w-0123456789abcdef", number: "12 34" });
    expect(bad.status).toBe(400);
    const missing = await producer.client.form(`/events/${event.id}/checks`, { intent: "check-number", payeeKey: "w-0123456789abcdef", number: "1234" });
    expect(missing.status).toBe(404);
    const unknown = await producer.client.form(`/events/${event.id}/checks`, { intent: "launch", payeeKey: "x" });
    expect(unknown.status).toBe(400);
  });
});
