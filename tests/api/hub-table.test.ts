import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceClasses, raceEntries, raceHistory } from "../../db/schema";
import { RACE_MESSAGES } from "../../app/schemas/raceday";
import { createEvent, signedInRider } from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * The office's entries table on the race-day hub, through the real server
 * as a browser without JavaScript uses it: one page of entries filtered and
 * sorted by the query string, several entries marked paid in one post (all
 * or none), and a scratch or a move undone from the history.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

async function race(size = 0) {
  const producer = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101" });
  const cls = createRaceClass(app.db, event.id, { name: "Open 2D" });
  const entries = Array.from({ length: size }, (_, i) => createRaceEntry(app.db, cls, { riderName: `Rider ${String(i + 1).padStart(3, "0")}`, horseName: `Horse ${i + 1}`, backNumber: 500 + i, drawPosition: i + 1 }));
  return { producer, event, cls, entries, hub: `/events/${event.id}/race-day` };
}

const row = (id: string) => app.db.select().from(raceEntries).where(eq(raceEntries.id, id)).get()!;
const rowsIn = (html: string) => (html.match(/data-testid="entry-row"/g) ?? []).length;

describe("the entries table", () => {
  it("shows one page of 50, pages on, and finds an entry by back number or a rider's name", async () => {
    const { producer, hub, entries } = await race(120);
    const first = await (await producer.client.get(hub)).text();
    expect(rowsIn(first)).toBe(50);
    expect(first).toContain("1–50 of 120");
    const third = await (await producer.client.get(`${hub}?page=3`)).text();
    expect(rowsIn(third)).toBe(20);
    expect(third).toContain("101–120 of 120");
    // A page past the end shows the last one.
    expect(await (await producer.client.get(`${hub}?page=99`)).text()).toContain("101–120 of 120");

    const byBack = await (await producer.client.get(`${hub}?q=${entries[41]!.backNumber}`)).text();
    expect(rowsIn(byBack)).toBe(1);
    expect(byBack).toContain("Rider 042");
    const byName = await (await producer.client.get(`${hub}?q=rider%20011`)).text();
    expect(rowsIn(byName)).toBe(1);
    // LIKE's wildcards are searched as text.
    expect(rowsIn(await (await producer.client.get(`${hub}?q=%25`)).text())).toBe(0);
  });

  it("filters unpaid and sorts by rider, ignoring what it does not know", async () => {
    const { producer, hub, entries, cls } = await race(6);
    app.db.update(raceEntries).set({ paid: true, paidMethod: "CASH" }).where(eq(raceEntries.id, entries[0]!.id)).run();
    app.db.update(raceEntries).set({ status: "SCRATCHED" }).where(eq(raceEntries.id, entries[1]!.id)).run();
    const unpaid = await (await producer.client.get(`${hub}?show=unpaid`)).text();
    expect(rowsIn(unpaid)).toBe(4);
    expect(unpaid).not.toContain("Rider 001");
    expect(unpaid).not.toContain("Rider 002");
    const paid = await (await producer.client.get(`${hub}?show=paid`)).text();
    expect(paid).toContain("Paid · Cash");
    const odd = await producer.client.get(`${hub}?show=nonsense&sort=%27;drop&page=-4&class=${cls.id}x`);
    expect(odd.status).toBe(200);
    expect(rowsIn(await odd.text())).toBe(6);
  });

  it("marks several entries paid at once with a check's number, and refuses a bad batch whole", async () => {
    const { producer, hub, entries, event } = await race(12);
    const other = await race(1);
    const form = (fields: [string, string][]) =>
      producer.client.fetch(hub, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
    const ten = entries.slice(0, 10).map((e) => ["entryId", e.id] as [string, string]);

    // A check needs its number; an entry of another event spoils the batch: nothing is marked.
    const noNumber = await form([["intent", "entries-paid"], ["paidMethod", "CHECK"], ["paidReference", ""], ...ten]);
    expect(noNumber.status).toBe(400);
    expect(await noNumber.text()).toContain("A check needs its number");
    const foreign = await form([["intent", "entries-paid"], ["paidMethod", "CASH"], ...ten, ["entryId", other.entries[0]!.id]]);
    expect(foreign.status).toBe(404);
    const none = await form([["intent", "entries-paid"], ["paidMethod", "CASH"]]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose the entries to mark paid");
    expect(entries.map((e) => row(e.id).paid)).toEqual(Array(12).fill(false));

    const done = await form([["intent", "entries-paid"], ["paidMethod", "CHECK"], ["paidReference", "2207"], ["view", "?show=unpaid&page=2"], ...ten]);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/events/${event.id}/race-day?show=unpaid&page=2`);
    expect(entries.map((e) => row(e.id).paid)).toEqual([...Array(10).fill(true), false, false]);
    expect(row(entries[0]!.id)).toMatchObject({ paidMethod: "CHECK", paidReference: "2207" });

    // Another producer cannot mark this event's entries.
    const stranger = await signedInRider(app);
    const refused = await stranger.client.form(hub, { intent: "entries-paid", paidMethod: "CASH", entryId: entries[11]!.id });
    expect(refused.status).toBe(403);
    expect(row(entries[11]!.id).paid).toBe(false);
  });

  it("keeps the office's view in the redirect but never goes elsewhere", async () => {
    const { producer, hub, entries, event } = await race(2);
    const res = await producer.client.form(hub, { intent: "entry-paid", entryId: entries[0]!.id, paidMethod: "CARD", view: "//evil.example/?q=x" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(new RegExp(`^/events/${event.id}/race-day(\\?|$)`));
    expect(row(entries[0]!.id)).toMatchObject({ paid: true, paidMethod: "CARD" });
  });
});

describe("undo from the history", () => {
  it("puts a scratched entry back in its place, and only while the scratch is the entry's last change", async () => {
    const { producer, hub, entries, cls } = await race(3);
    app.db.update(raceClasses).set({ drawnAt: new Date(), drawPublishedAt: new Date() }).where(eq(raceClasses.id, cls.id)).run();
    expect((await producer.client.form(hub, { intent: "entry-scratch", entryId: entries[1]!.id, classId: cls.id })).status).toBe(302);
    expect(row(entries[1]!.id).status).toBe("SCRATCHED");
    const scratch = app.db.select().from(raceHistory).where(eq(raceHistory.entryId, entries[1]!.id)).all().at(-1)!;
    expect(scratch.action).toBe("scratch");
    const page = await (await producer.client.get(hub)).text();
    expect(page).toContain('name="historyId"');

    expect((await producer.client.form(hub, { intent: "history-undo", historyId: String(scratch.id) })).status).toBe(302);
    expect(row(entries[1]!.id)).toMatchObject({ status: "ENTERED", drawPosition: 2 });
    // Undone once: the scratch is no longer the entry's last change.
    const again = await producer.client.form(hub, { intent: "history-undo", historyId: String(scratch.id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("can no longer be undone");
    expect((await producer.client.form(hub, { intent: "history-undo", historyId: "999999999" })).status).toBe(404);
    expect((await producer.client.form(hub, { intent: "history-undo", historyId: "abc" })).status).toBe(404);
  });

  it("moves an entry back to the class it came from", async () => {
    const { producer, hub, entries, cls, event } = await race(2);
    const youth = createRaceClass(app.db, event.id, { name: "Youth to Open" });
    app.db.update(raceClasses).set({ drawnAt: new Date(), drawPublishedAt: new Date() }).where(eq(raceClasses.id, cls.id)).run();
    expect((await producer.client.form(hub, { intent: "entry-move", entryId: entries[0]!.id, classId: cls.id, toClassId: youth.id })).status).toBe(302);
    expect(row(entries[0]!.id).classId).toBe(youth.id);
    const move = app.db.select().from(raceHistory).where(eq(raceHistory.entryId, entries[0]!.id)).all().at(-1)!;
    expect(move.action).toBe("move");
    expect((await producer.client.form(hub, { intent: "history-undo", historyId: String(move.id) })).status).toBe(302);
    expect(row(entries[0]!.id).classId).toBe(cls.id);
  });
});

describe("the class edit form", () => {
  const classForms = (html: string) => (html.match(/value="class-update"/g) ?? []).length;
  const decode = (html: string) => html.replace(/&amp;/g, "&");

  it("is on the hub only when ?edit= names the class, and then that class's form alone", async () => {
    const { producer, hub, event, cls } = await race(3);
    const youth = createRaceClass(app.db, event.id, { name: "Youth 2D", position: 1 });

    const plain = await (await producer.client.get(`${hub}?show=unpaid&sort=rider`)).text();
    expect(classForms(plain)).toBe(0);
    expect(plain).not.toContain(`id="class-${cls.id}-fee"`);
    // Each class links to its form, keeping the table's view and jumping to the class.
    expect(decode(plain)).toContain(`href="/events/${event.id}/race-day?show=unpaid&sort=rider&edit=${cls.id}#class-${cls.id}"`);
    expect(decode(plain)).toContain(`href="/events/${event.id}/race-day?show=unpaid&sort=rider&edit=${youth.id}#class-${youth.id}"`);

    const editing = await (await producer.client.get(`${hub}?show=unpaid&sort=rider&edit=${youth.id}`)).text();
    expect(classForms(editing)).toBe(1);
    expect(editing).toContain(`id="class-${youth.id}-fee"`);
    expect(editing).not.toContain(`id="class-${cls.id}-fee"`);
    // Close goes back to the same view, the form shut; a save comes back to it too.
    expect(decode(editing)).toContain(`href="/events/${event.id}/race-day?show=unpaid&sort=rider#class-${youth.id}"`);
    expect(decode(editing)).toContain(`name="view" value="?show=unpaid&sort=rider"`);

    // An id that is not one of the event's classes opens nothing.
    const other = await race(0);
    for (const edit of ["nonsense", other.cls.id]) {
      const res = await producer.client.get(`${hub}?edit=${edit}`);
      expect(res.status).toBe(200);
      expect(classForms(await res.text())).toBe(0);
    }
  });

  it("saves and comes back to the office's view, the form shut; a refused save keeps the form open with what was typed", async () => {
    const { producer, hub, event, cls } = await race(2);
    const fee = () => app.db.select().from(raceClasses).where(eq(raceClasses.id, cls.id)).get()!.entryFeeCents;
    const fields = { intent: "class-update", classId: cls.id, name: "Open 2D", entryFee: "abc", addedMoney: "100", divisions: "2", splitSeconds: "0.5" };

    const refused = await producer.client.form(`${hub}?edit=${cls.id}`, fields);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(classForms(html)).toBe(1);
    expect(html).toMatch(new RegExp(`id="class-${cls.id}-fee"[^>]*value="abc"`));
    expect(html).toContain(`id="class-${cls.id}-fee-error"`);
    expect(html).toContain(RACE_MESSAGES.dollars);
    expect(fee()).toBe(5000);

    const saved = await producer.client.form(`${hub}?show=unpaid&edit=${cls.id}`, { ...fields, entryFee: "42", view: "?show=unpaid" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/events/${event.id}/race-day?show=unpaid`);
    expect(fee()).toBe(4200);
    expect(classForms(await (await producer.client.get(`${hub}?show=unpaid`)).text())).toBe(0);
  });
});
