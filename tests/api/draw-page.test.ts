import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { raceEntries } from "../../db/schema";
import { createEvent, signedInRider } from "../helpers/factories";
import { createRaceClass } from "../helpers/raceday-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * The public draw page of a big class, through the real server: a page of
 * 100 runs at a time by links, a search by name or back number, a signed-in
 * rider's own runs first whatever the page, and a small answer for a phone.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

async function bigRace(size: number) {
  const producer = await signedInRider(app);
  const rider = await signedInRider(app);
  const event = createEvent(app.db, { createdBy: producer.user.id, date: "2031-06-14", zipCode: "76101" });
  const cls = createRaceClass(app.db, event.id, { name: "Open 4D", drawnAt: new Date(), drawPublishedAt: new Date(), drawSeed: "big", dragEvery: 5 });
  const rows = Array.from({ length: size }, (_, i) => ({
    eventId: event.id,
    classId: cls.id,
    riderName: i === 1234 ? "Mine Rider" : `Walker ${String(i + 1).padStart(4, "0")}`,
    horseName: `Horse ${i + 1}`,
    userId: i === 1234 ? rider.user.id : null,
    backNumber: 1000 + i,
    drawPosition: i + 1,
    dragsBefore: Math.floor(i / 5),
  }));
  app.db.transaction((tx) => {
    for (let i = 0; i < rows.length; i += 200) tx.insert(raceEntries).values(rows.slice(i, i + 200)).run();
  });
  return { producer, rider, event, cls, url: `/events/${event.id}/draw` };
}

const runsIn = (html: string) => (html.match(/data-testid="drawn-run"/g) ?? []).length;

describe("the public draw of a 2,000-entry class", () => {
  it("shows 100 runs a page with links on, the rider's own run first, in under 30 KB gzipped", async () => {
    const { rider, cls, url } = await bigRace(2000);
    const first = await rider.client.get(url);
    const html = await first.text();
    const has = (text: string) => expect(html.includes(text), text).toBe(true);
    expect(first.status).toBe(200);
    expect(runsIn(html)).toBe(100);
    has("Runs 1–100 of 2000");
    has(`href="${url}?class=${cls.id}&amp;page=2#class-${cls.id}"`);
    // The rider runs 1235th: far past the first page, yet first on it.
    expect(/data-testid="your-runs"[^]*?Horse 1235<!-- -->, you are <!-- -->#1235, after the 246th drag/.test(html)).toBe(true);
    expect(gzipSync(html).length).toBeLessThan(30 * 1024);

    const last = await (await rider.client.get(`${url}?class=${cls.id}&page=20`)).text();
    expect(runsIn(last)).toBe(100);
    expect(last.includes("Runs 1901–2000 of 2000")).toBe(true);
    expect(last.includes("Walker 2000")).toBe(true);
    expect(gzipSync(last).length).toBeLessThan(30 * 1024);
  });

  it("finds a run by back number or name, for anyone, and treats odd input as text", async () => {
    const { url } = await bigRace(300);
    const visitor = app.client();
    const byBack = await (await visitor.get(`${url}?q=1041`)).text();
    expect((byBack.match(/data-testid="found-run"/g) ?? []).length).toBe(1);
    expect(byBack.includes("Walker 0042")).toBe(true);
    const byName = await (await visitor.get(`${url}?q=walker%20001`)).text();
    expect((byName.match(/data-testid="found-run"/g) ?? []).length).toBe(10);
    const none = await visitor.get(`${url}?q=%25_%25&page=-1&class=nope`);
    expect(none.status).toBe(200);
    expect((await none.text()).includes("No runs match")).toBe(true);
  });

  it("marks a run scratched at the booth as scratched, as the books and the pot count it", async () => {
    const { producer, event, cls, url } = await bigRace(3);
    const [first] = app.db.select().from(raceEntries).where(eq(raceEntries.classId, cls.id)).orderBy(raceEntries.drawPosition).all();
    const run = (html: string, name: string) => html.split('data-testid="drawn-run"').find((part) => part.includes(name)) ?? "";
    expect(run(await (await app.client().get(url)).text(), "Walker 0001")).not.toContain("Scratched");
    const scratched = await producer.client.json(`/api/events/${event.id}/times`, "POST", { clientId: `booth-${Date.now()}`, entryId: first!.id, outcome: "SCRATCH", penalties: 0 });
    expect(scratched.status, await scratched.clone().text()).toBe(201);
    const html = await (await app.client().get(url)).text();
    expect(run(html, "Walker 0001")).toContain("Scratched");
    expect(run(html, "Walker 0002")).not.toContain("Scratched");
  });
});
