import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRevisions, savedEvents } from "../../db/schema";
import { cardRows } from "../../app/features/events/event-rows.server";
import { myEvents } from "../../app/features/events/my-events.server";
import { presentEvent, presentEventCard, presentSharedEvent } from "../../app/features/events/presenters.server";
import { pendingChangesFor } from "../../app/features/events/revisions.server";
import { listUpcoming, searchEvents, type Located } from "../../app/features/events/search.server";
import { getVisibleEvent } from "../../app/features/events/visibility.server";
import { createLocatedEvent, createUser, signedInRider } from "../helpers/factories";
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

describe("what lists read of each event", () => {
  it("presents a found or listed event exactly as its whole row presents it, for the API, the cards and My Events", async () => {
    const tag = `F${Date.now()}`;
    const creator = createUser(app.db, { homeZipCode: "76101" });
    const rider = createUser(app.db, { homeZipCode: "76101" });
    const full = await createLocatedEvent(app.db, "76101", {
      name: `${tag} Full`,
      date: "2031-03-07",
      endDate: "2031-03-08",
      address: "1 Arena Way",
      arenaName: "Cowtown Coliseum",
      arenaType: "indoor",
      groundType: "sand",
      addedMoney: 2500,
      entryFee: "$40 a run",
      description: "Open 4D, youth and poles.",
      contactName: "Jo Producer",
      contactPhone: "817-555-0100",
      contactEmail: "jo@example.com",
      contactFacebook: "https://facebook.com/jo",
      showbillUrl: "/uploads/AAAAAAAAAAAAAAAAAAAAAA.jpg",
      eventType: ["barrel_racing", "pole_bending"],
      imageUrl: "https://example.com/i.jpg",
      createdBy: creator.id,
      entriesClose: "2031-03-01T18:30",
      entriesCloseAt: new Date("2031-03-02T00:30:00Z"),
      entryContact: "https://entries.example.org",
    });
    const bare = await createLocatedEvent(app.db, "76102", { name: `${tag} Bare`, date: "2031-03-09" });
    const old = await createLocatedEvent(app.db, "76101", { name: `${tag} Old`, date: "2020-01-01", createdBy: creator.id });
    for (const event of [full, bare, old]) app.db.insert(savedEvents).values({ userId: rider.id, eventId: event.id }).run();
    app.db.insert(eventRevisions).values({ eventId: full.id, changes: { name: `${tag} Renamed`, contactEmail: "new@example.com" }, showbillChanged: false }).run();
    const whole = (id: string) => getVisibleEvent(app.db, id, creator)!;
    const ours = <E extends { name: string }>(list: Located<E>[]) => list.filter((l) => l.event.name.startsWith(tag));

    for (const viewerId of [creator.id, rider.id]) {
      const pendingChange = pendingChangesFor(app.db, { id: viewerId }, [whole(full.id)]).get(full.id);
      const opts = (l: Located<unknown>) => ({ distance: l.distance, viewerId, saved: true, pendingChange });
      // The API's answers: by place, and by dates alone.
      for (const input of [{ zipCode: "76101", radius: 25 }, { startDate: "2031-03-01", endDate: "2031-03-31", radius: 50 }]) {
        const found = ours(searchEvents(app.db, input, { homeZipCode: "76101" }));
        expect(found.map((l) => l.event.name)).toEqual([`${tag} Full`, `${tag} Bare`]);
        for (const l of found) expect(presentEvent(l.event, opts(l))).toEqual(presentEvent(whole(l.event.id), opts(l)));
      }
      // Discover's cards.
      const cards = ours(listUpcoming(app.db, "76101", 25, { rows: cardRows }));
      expect(cards).toHaveLength(2);
      for (const l of cards) expect(presentEventCard(l.event, opts(l))).toEqual(presentEventCard(whole(l.event.id), opts(l)));
    }
    // My Events, for the rider who saved them and the creator.
    for (const user of [rider, creator]) {
      const mine = myEvents(app.db, user);
      const listed = [...mine.saved, ...mine.created, ...mine.past];
      expect(ours(listed).length).toBe(user === rider ? 3 : 2);
      const pending = pendingChangesFor(app.db, user, listed.map((l) => l.event));
      expect(pending.has(full.id)).toBe(user === creator);
      for (const l of listed) {
        const opts = { distance: l.distance, viewerId: user.id, saved: mine.savedIds.has(l.event.id), pendingChange: pending.get(l.event.id) };
        expect(presentEventCard(l.event, opts)).toEqual(presentEventCard(whole(l.event.id), opts));
      }
    }
  });

  it("answers an event in the API with the shared event's fields first, in their order, and an end date null rather than absent", async () => {
    const creator = createUser(app.db);
    for (const overrides of [{ endDate: "2031-04-02", description: "Two days", createdBy: creator.id }, { endDate: null }]) {
      const event = await createLocatedEvent(app.db, "76101", { date: "2031-04-01", ...overrides });
      const shared = presentSharedEvent(event);
      const answered = presentEvent(event, { viewerId: creator.id });
      expect(Object.keys(answered).slice(0, Object.keys(shared).length)).toEqual(Object.keys(shared));
      expect(answered).toMatchObject({ ...shared, endDate: event.endDate });
      expect(JSON.parse(JSON.stringify(answered))).toHaveProperty("endDate", event.endDate);
    }
  });
});
