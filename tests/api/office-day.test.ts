import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, raceEntries } from "../../db/schema";
import { createEvent, signedInRider } from "../helpers/factories";
import { linkIn } from "../helpers/mail";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * An office's race day through the real server: a named timer is told
 * where the booth is and finds it on My Events; a move or a scratch takes
 * the entry's sidepot entries along (or scratches them), so a sidepot never
 * waits for a run that cannot come, and the review and the publish agree on
 * what is still to run; the winnings report refuses a year it cannot show
 * at its field.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function race() {
  const producer = await signedInRider(app, { privacyMode: "PUBLIC" });
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101", name: `Kickoff ${Math.random().toString(36).slice(2, 6)}` });
  return { producer, event, url: `/api/events/${event.id}` };
}

describe("a named timer", () => {
  it("is told in the app and by mail, with the booth's link, once", async () => {
    const { producer, event, url } = await race();
    const timer = await signedInRider(app);
    expect((await producer.client.json(`${url}/timers`, "POST", { email: timer.user.email })).status).toBe(201);
    const mail = await app.smtp.waitFor(timer.user.email, /You time/);
    expect(mail.subject).toBe(`You time ${event.name}`);
    expect(linkIn(mail, `/events/${event.id}/booth`)).toBe(`${app.url}/events/${event.id}/booth`);
    const notes = app.db.select().from(notifications).where(eq(notifications.userId, timer.user.id)).all();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "race_timer", relatedEventId: event.id, title: `You time ${event.name}` });
    // The notifications screen leads to the booth.
    const page = await (await timer.client.get("/notifications")).text();
    expect(page).toContain(`href="/events/${event.id}/booth"`);
    expect(page).toContain("Open the booth");
    // Named again: nothing new.
    expect((await producer.client.json(`${url}/timers`, "POST", { email: timer.user.email })).status).toBe(200);
    expect(app.db.select().from(notifications).where(eq(notifications.userId, timer.user.id)).all()).toHaveLength(1);
  });

  it("finds the events they time on My Events, each with a Booth link that opens", async () => {
    const { producer, event, url } = await race();
    const timer = await signedInRider(app);
    await producer.client.json(`${url}/timers`, "POST", { email: timer.user.email });
    const page = await (await timer.client.get("/events")).text();
    expect(page).toContain("Races you time");
    expect(page).toContain(event.name);
    expect(page).toContain(`href="/events/${event.id}/booth"`);
    expect((await timer.client.get(`/events/${event.id}/booth`)).status).toBe(200);
    // A rider who times nothing sees no such list.
    const other = await signedInRider(app);
    expect(await (await other.client.get("/events")).text()).not.toContain("Races you time");
  });
});

describe("moving or scratching an entry with sidepot entries", () => {
  async function withSidepot() {
    const r = await race();
    const open = createRaceClass(app.db, r.event.id, { name: "Open 4D", divisions: 1, drawPublishedAt: new Date() });
    const side = createRaceClass(app.db, r.event.id, { name: "Open Sidepot", sidepotOf: open.id, divisions: 1 });
    const novice = createRaceClass(app.db, r.event.id, { name: "Novice 2D", divisions: 1, drawPublishedAt: new Date() });
    const rebel = createRaceEntry(app.db, open, { riderName: "Kaylee", horseName: "Rebel" });
    const rebelSide = createRaceEntry(app.db, side, { riderName: "Kaylee", horseName: "Rebel", drawPosition: null });
    const other = createRaceEntry(app.db, open, { riderName: "Hadley", horseName: "Dash" });
    const otherSide = createRaceEntry(app.db, side, { riderName: "Hadley", horseName: "Dash", drawPosition: null });
    return { ...r, open, side, novice, rebel, rebelSide, other, otherSide };
  }
  const entry = (id: string) => app.db.select().from(raceEntries).where(eq(raceEntries.id, id)).get()!;

  it("scratches the sidepot entry when the new class has no such sidepot, says so, and the sidepot does not wait for it", async () => {
    const { producer, event, url, side, novice, rebel, rebelSide, other } = await withSidepot();
    const moved = await producer.client.json(`${url}/entries/${rebel.id}`, "PATCH", { classId: novice.id });
    expect(moved.status).toBe(200);
    const body = (await moved.json()) as Json;
    expect(body.classId).toBe(novice.id);
    expect(body.sidepots).toEqual([{ entryId: rebelSide.id, fromClassName: "Open Sidepot", action: "scratched", toClassName: null }]);
    expect(entry(rebelSide.id).status).toBe("SCRATCHED");
    // The one run the sidepot reads is Hadley's: timed, the review and the publish agree nothing waits.
    expect((await producer.client.json(`/api/events/${event.id}/times`, "POST", { entryId: other.id, outcome: "TIME", time: "15.100", clientId: crypto.randomUUID() })).status).toBe(201);
    const review = (await (await producer.client.get(`${url}/classes/${side.id}/results`)).json()) as Json;
    expect(review.stillToRun).toBe(0);
    expect(review.unplaced.filter((u: Json) => u.outcome === "PENDING")).toEqual([]);
    const screen = await (await producer.client.get(`/events/${event.id}/results/${side.id}`)).text();
    expect(screen).not.toContain("still to run");
    expect((await producer.client.json(`${url}/classes/${side.id}/results/publish`, "POST", {})).status).toBe(200);
  });

  it("moves the sidepot entry along to the new class's sidepot of the same name", async () => {
    const { producer, event, url, novice, rebel, rebelSide } = await withSidepot();
    const noviceSide = createRaceClass(app.db, event.id, { name: "open sidepot", sidepotOf: novice.id, divisions: 1 });
    const body = (await (await producer.client.json(`${url}/entries/${rebel.id}`, "PATCH", { classId: novice.id })).json()) as Json;
    expect(body.sidepots).toEqual([{ entryId: rebelSide.id, fromClassName: "Open Sidepot", action: "moved", toClassName: "open sidepot" }]);
    expect(entry(rebelSide.id)).toMatchObject({ classId: noviceSide.id, status: "ENTERED" });
  });

  it("scratches the sidepot entries with their entry, and the hub's toast says so", async () => {
    const { producer, event, url, rebel, rebelSide, other, otherSide } = await withSidepot();
    const scratched = (await (await producer.client.fetch(`${url}/entries/${rebel.id}`, { method: "DELETE" })).json()) as Json;
    expect(scratched.status).toBe("SCRATCHED");
    expect(scratched.sidepots).toEqual([{ entryId: rebelSide.id, fromClassName: "Open Sidepot", action: "scratched", toClassName: null }]);
    expect(entry(rebelSide.id).status).toBe("SCRATCHED");
    const res = await producer.client.form(`/events/${event.id}/race-day`, { intent: "entry-scratch", entryId: other.id });
    expect(res.status).toBe(302);
    expect(entry(otherSide.id).status).toBe("SCRATCHED");
    const hub = await (await producer.client.get(`/events/${event.id}/race-day`)).text();
    expect(hub).toContain("Sidepots: Open Sidepot scratched");
  });
});

describe("winnings for a year the report cannot show", () => {
  it("answers 400 with the message at the Year field, what was typed kept, not the error page", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    for (const year of ["abc", "1999", "99999"]) {
      const res = await admin.client.get(`/admin/winnings?year=${year}`);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).not.toContain("Something went wrong");
      expect(html).toMatch(/id="year-error"[^>]*>Give the year as four digits, from 2000 to 2100/);
      expect(html).toContain(`value="${year}"`);
      expect(html).toContain("2000 to 2100");
    }
    expect((await admin.client.get("/admin/winnings?year=2030")).status).toBe(200);
    expect((await admin.client.get("/api/admin/winnings?year=abc")).status).toBe(400);
  });
});

describe("walk-up names and back numbers", () => {
  it("corrects a walk-up's names (with its sidepot entry), and refuses to rename an account's entry", async () => {
    const { producer, event, url } = await race();
    const open = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
    const side = createRaceClass(app.db, event.id, { name: "Open Sidepot", sidepotOf: open.id, divisions: 1 });
    const walkUp = createRaceEntry(app.db, open, { riderName: "Hadly Ros", horseName: "Dash" });
    const sideEntry = createRaceEntry(app.db, side, { riderName: "Hadly Ros", horseName: "Dash", drawPosition: null });
    const res = await producer.client.json(`${url}/entries/${walkUp.id}`, "PATCH", { riderName: "Hadley Ross" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).riderName).toBe("Hadley Ross");
    expect(app.db.select().from(raceEntries).where(eq(raceEntries.id, sideEntry.id)).get()!.riderName).toBe("Hadley Ross");
    const rider = await signedInRider(app);
    const mine = createRaceEntry(app.db, open, { userId: rider.user.id, riderName: "Kaylee Brooks", horseName: "Rebel" });
    const refused = await producer.client.json(`${url}/entries/${mine.id}`, "PATCH", { riderName: "Someone Else" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).message).toMatch(/walk-up/);
    const tooLong = await producer.client.json(`${url}/entries/${walkUp.id}`, "PATCH", { riderName: "x".repeat(81) });
    expect(tooLong.status).toBe(400);
  });

  it("keeps one back number per rider and horse across classes, and refuses a number another horse wears", async () => {
    const { producer, event, url } = await race();
    const open = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
    const youth = createRaceClass(app.db, event.id, { name: "Youth", divisions: 1 });
    const a = createRaceEntry(app.db, open, { riderName: "Kaylee", horseName: "Rebel", backNumber: null });
    const b = createRaceEntry(app.db, youth, { riderName: "Kaylee", horseName: "Rebel", backNumber: null });
    const other = createRaceEntry(app.db, open, { riderName: "Hadley", horseName: "Dash", backNumber: 212 });
    expect((await producer.client.json(`${url}/entries/${a.id}`, "PATCH", { backNumber: 107 })).status).toBe(200);
    const row = (id: string) => app.db.select().from(raceEntries).where(eq(raceEntries.id, id)).get()!;
    expect(row(b.id).backNumber).toBe(107);
    const taken = await producer.client.json(`${url}/entries/${a.id}`, "PATCH", { backNumber: 212 });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as Json).message).toBe("Back number 212 is already worn by Hadley on Dash");
    expect(row(a.id).backNumber).toBe(107);
    expect(row(other.id).backNumber).toBe(212);
    // A new entry of the same walk-up and horse wears its number.
    const poles = createRaceClass(app.db, event.id, { name: "Poles", divisions: 1 });
    const entered = (await (await producer.client.json(`${url}/entries`, "POST", { classId: poles.id, riderName: "Kaylee", horseName: "Rebel" })).json()) as Json;
    expect(entered.backNumber).toBe(107);
  });
});

describe("the hub's refusals at their form", () => {
  it("names every problem of a draw's settings, with what was typed", async () => {
    const { producer, event } = await race();
    const open = createRaceClass(app.db, event.id, { name: "Open 4D", divisions: 1 });
    const res = await producer.client.form(`/events/${event.id}/race-day`, { intent: "draw", classId: open.id, minGap: "-1", dragEvery: "abc", seed: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Runs between a rider&#x27;s horses must be a whole number");
    expect(html).toContain("Drag every must be a whole number");
    expect(html).toContain('value="abc"');
  });
});

describe("the series form", () => {
  it("says end-before-start with the other problems, and blames a bad dollars per point on its own field", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const res = await admin.client.form("/admin/series", {
      name: "",
      startDate: "2030-12-31",
      endDate: "2030-01-01",
      classNames: "Open 4D",
      pointsMode: "MONEY",
      dollarsPerPoint: "-5",
      qualifyMinRaces: "4",
      qualifyTop: "15",
      tieBreaker1: "WINS",
      tieBreaker2: "MONEY",
      tieBreaker3: "FASTEST",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="endDate-error"[^>]*><li>Season end must be on or after its start/);
    expect(html).toMatch(/id="dollarsPerPoint-error"/);
    expect(html).not.toMatch(/id="places-error"/);
  });
});
