import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocatedEvent, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Listed = { id: string; name: string; saved: boolean };

describe("which listed events a rider has saved", () => {
  it("marks the saved events, and only those, in search answers, the upcoming list and Discover's cards", async () => {
    const tag = `S${Date.now()}`;
    const listed = [];
    for (let i = 0; i < 4; i++) listed.push(await createLocatedEvent(app.db, "76101", { name: `${tag} ${i}`, date: `2031-02-1${i}` }));
    const { client } = await signedInRider(app, { homeZipCode: "76101" });
    // An unrelated rider's save must not count.
    const other = await signedInRider(app, { homeZipCode: "76101" });
    expect((await other.client.json(`/api/events/${listed[0]!.id}/save`, "POST")).status).toBe(200);
    for (const event of [listed[1]!, listed[3]!]) expect((await client.json(`/api/events/${event.id}/save`, "POST")).status).toBe(200);

    const savedOf = (list: Listed[]) => Object.fromEntries(list.filter((e) => e.name.startsWith(tag)).map((e) => [e.id, e.saved]));
    const want = Object.fromEntries(listed.map((e, i) => [e.id, i === 1 || i === 3]));
    const searched = (await (await client.json("/api/events/search", "POST", { zipCode: "76101", radius: 25, startDate: "2031-02-01" })).json()) as Listed[];
    expect(savedOf(searched)).toEqual(want);
    const upcoming = (await (await client.get("/api/events")).json()) as Listed[];
    expect(savedOf(upcoming)).toEqual(want);

    // Discover's search, as a form without JavaScript sends it: a saved card offers Unsave.
    const page = await (await client.get(`/?search=1&location=76101&radius=25&startDate=2031-02-01`)).text();
    for (const [i, event] of listed.entries()) {
      const form = new RegExp(`action="/events/${event.id}/save"[^]*?<button type="submit" name="intent" value="(save|unsave)"`).exec(page);
      expect(form?.[1], event.name).toBe(i === 1 || i === 3 ? "unsave" : "save");
    }
  });
});
