import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventReports, events, savedEvents } from "../../db/schema";
import { createEvent, createLocatedEvent, createUser, PASSWORD, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

async function signedIn(overrides = {}) {
  const user = createUser(app.db, overrides);
  const client = app.client();
  await signIn(client, user.email);
  return { user, client };
}

const dayIn = (zone: string, offsetDays = 0) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
};

const validEvent = (overrides: Record<string, unknown> = {}) => ({
  name: "Cowtown Classic",
  location: "Fort Worth, TX",
  zipCode: "76101",
  date: "2031-05-02",
  endDate: "2031-05-03",
  eventType: ["barrel_racing"],
  arenaType: "indoor",
  groundType: "dirt",
  addedMoney: 2500,
  entryFee: "$40 a run",
  contactEmail: "",
  confirmTerms: true,
  ...overrides,
});

describe("POST /api/events/search", () => {
  it("asks for a location or a date with SPEC's message", async () => {
    const { client } = await signedIn();
    const res = await client.json("/api/events/search", "POST", { radius: 50 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "Either location (zipCode or cityState) or date range (startDate or endDate) must be provided",
    });
  });

  it("finds approved events within the radius by ZIP and by City, ST, with whole-mile distances, nearest radius edge included", async () => {
    const tag = `R${Date.now()}`;
    const dallas = await createLocatedEvent(app.db, "75201", { name: `${tag} Dallas`, date: "2031-01-10" });
    const stephenville = await createLocatedEvent(app.db, "76401", { name: `${tag} Stephenville`, date: "2031-01-09" });
    const austin = await createLocatedEvent(app.db, "78701", { name: `${tag} Austin`, date: "2031-01-11" });
    await createLocatedEvent(app.db, "75201", { name: `${tag} Pending`, showbillApproved: false });
    const { client } = await signedIn();

    const names = async (body: Record<string, unknown>) => {
      const res = await client.json("/api/events/search", "POST", body);
      expect(res.status).toBe(200);
      const list = (await res.json()) as Array<{ name: string; distance: number }>;
      return list.filter((e) => e.name.startsWith(tag));
    };
    // Dallas is 28 miles from Fort Worth, Stephenville 66, Austin 175.
    expect((await names({ zipCode: "76101", radius: 25 })).map((e) => e.name)).toEqual([]);
    // The default radius is 50.
    expect((await names({ zipCode: "76101" })).map((e) => e.name)).toEqual([`${tag} Dallas`]);
    const wide = await names({ cityState: "Fort Worth, TX", radius: 100 });
    expect(wide.map((e) => e.name)).toEqual([`${tag} Stephenville`, `${tag} Dallas`]);
    expect(wide.every((e) => Number.isInteger(e.distance))).toBe(true);
    expect((await names({ zipCode: "76101", radius: 200 })).map((e) => e.name)).toContain(`${tag} Austin`);
    expect([dallas.id, stephenville.id, austin.id]).toHaveLength(3);

    const bad = await client.json("/api/events/search", "POST", { zipCode: "76101", radius: 30 });
    expect(bad.status).toBe(400);
  });

  it("treats the radius as an inclusive edge on the exact distance", async () => {
    const tag = `E${Date.now()}`;
    // Stephenville, TX is about 66 miles from Fort Worth: outside 50, inside 100.
    await createLocatedEvent(app.db, "76401", { name: `${tag} edge`, date: "2031-02-01" });
    const { client } = await signedIn();
    const find = async (radius: number) =>
      ((await (await client.json("/api/events/search", "POST", { zipCode: "76101", radius })).json()) as Array<{ name: string }>).some((e) => e.name === `${tag} edge`);
    expect(await find(50)).toBe(false);
    expect(await find(100)).toBe(true);
  });

  it("filters by dates, indoor/outdoor, ground type, added money and event type", async () => {
    const tag = `F${Date.now()}`;
    await createLocatedEvent(app.db, "76101", { name: `${tag} A`, date: "2032-03-01", arenaType: "indoor", groundType: "sand", addedMoney: 5000, eventType: ["futurity"] });
    await createLocatedEvent(app.db, "76101", { name: `${tag} B`, date: "2032-04-01", arenaType: "outdoor", groundType: "dirt", addedMoney: 500, eventType: ["barrel_racing"] });
    const { client } = await signedIn();
    const find = async (extra: Record<string, unknown>) =>
      ((await (await client.json("/api/events/search", "POST", { zipCode: "76101", ...extra })).json()) as Array<{ name: string }>)
        .map((e) => e.name)
        .filter((n) => n.startsWith(tag));
    expect(await find({})).toEqual([`${tag} A`, `${tag} B`]);
    expect(await find({ arenaType: "indoor" })).toEqual([`${tag} A`]);
    expect(await find({ groundType: "dirt" })).toEqual([`${tag} B`]);
    expect(await find({ minAddedMoney: 1000 })).toEqual([`${tag} A`]);
    expect(await find({ eventType: "barrel_racing" })).toEqual([`${tag} B`]);
    expect(await find({ startDate: "2032-03-15", endDate: "2032-04-30" })).toEqual([`${tag} B`]);
    // A date range alone is allowed.
    const datesOnly = await client.json("/api/events/search", "POST", { startDate: "2032-03-01", endDate: "2032-03-01" });
    expect(((await datesOnly.json()) as Array<{ name: string }>).map((e) => e.name)).toContain(`${tag} A`);
  });
});

describe("GET /api/events (upcoming near the home ZIP)", () => {
  it("lists today's event in the rider's own time zone and hides ended and unapproved ones", async () => {
    const zone = "America/Los_Angeles";
    const tag = `T${Date.now()}`;
    await createLocatedEvent(app.db, "90012", { name: `${tag} today`, date: dayIn(zone) });
    await createLocatedEvent(app.db, "90012", { name: `${tag} yesterday`, date: dayIn(zone, -1) });
    await createLocatedEvent(app.db, "90012", { name: `${tag} multi`, date: dayIn(zone, -2), endDate: dayIn(zone) });
    await createLocatedEvent(app.db, "90012", { name: `${tag} pending`, date: dayIn(zone, 3), showbillApproved: false });
    const { client } = await signedIn({ homeZipCode: "90012" });
    const res = await client.get("/api/events?homeZipCode=90012");
    expect(res.status).toBe(200);
    const list = ((await res.json()) as Array<{ name: string; distance: number }>).filter((e) => e.name.startsWith(tag));
    expect(list.map((e) => e.name).sort()).toEqual([`${tag} multi`, `${tag} today`]);
    expect(list[0]!.distance).toBe(0);
  });

  it("needs a signed-in user (401 JSON)", async () => {
    const res = await app.client().get("/api/events?homeZipCode=76101");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "Not authenticated" });
  });
});

describe("creating and editing events", () => {
  it("creates an event hidden until approved, with coordinates from its ZIP; the creator still sees it", async () => {
    const { user, client } = await signedIn();
    const res = await client.json("/api/events", "POST", validEvent({ name: `Hidden ${Date.now()}` }));
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; showbillApproved: boolean; latitude: number };
    expect(created.showbillApproved).toBe(false);
    expect(created.latitude).toBeCloseTo(32.75, 0);

    const other = await signedIn();
    const search = await other.client.json("/api/events/search", "POST", { zipCode: "76101", startDate: "2031-05-02", endDate: "2031-05-02" });
    expect(((await search.json()) as Array<{ id: string }>).map((e) => e.id)).not.toContain(created.id);
    expect((await app.client().get(`/api/share/event/${created.id}`)).status).toBe(404);
    expect((await client.get(`/api/events/${created.id}`)).status).toBe(200);
    const mine = (await (await client.get("/api/created-events")).json()) as Array<{ id: string; createdBy: string }>;
    expect(mine.map((e) => e.id)).toContain(created.id);
    expect(mine[0]!.createdBy).toBe(user.id);
  });

  it("answers each SPEC message for a bad event", async () => {
    const { client } = await signedIn();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "" }, "Event name is required"],
      [{ location: " " }, "Location is required"],
      [{ zipCode: "7610" }, "ZIP code must be 5 digits"],
      [{ date: "" }, "Event date is required"],
      [{ eventType: [] }, "At least one event type is required"],
      [{ eventType: ["bogus"] }, "At least one event type is required"],
      [{ contactEmail: "nope" }, "Invalid email format"],
      [{ confirmTerms: false }, "You must confirm the event information is accurate"],
    ];
    for (const [change, message] of cases) {
      const res = await client.json("/api/events", "POST", validEvent(change));
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it("lets only the creator or an admin edit; a creator's edit of a listed event waits for review, an admin's applies", async () => {
    const creator = await signedIn();
    const event = await createLocatedEvent(app.db, "76101", { createdBy: creator.user.id });
    const stranger = await signedIn();
    const denied = await stranger.client.json(`/api/events/${event.id}`, "PUT", { name: "Mine now" });
    expect(denied.status).toBe(403);

    const pending = await creator.client.json(`/api/events/${event.id}`, "PUT", { name: "Renamed Classic", eventType: ["rodeo", "nonsense"] });
    expect(pending.status).toBe(202);
    expect(await pending.json()).toMatchObject({
      name: event.name,
      showbillApproved: true,
      changeStatus: "pending_review",
      pendingChange: { changes: { name: "Renamed Classic", eventType: ["rodeo"] } },
    });
    // Still listed: a stranger still reaches it (403, not 404).
    expect((await stranger.client.json(`/api/events/${event.id}`, "PUT", { name: "x" })).status).toBe(403);

    const admin = await signedIn({ isAdmin: true });
    const byAdmin = await admin.client.json(`/api/events/${event.id}`, "PUT", { entryFee: "$50" });
    expect(byAdmin.status).toBe(200);
    expect(await byAdmin.json()).toMatchObject({ entryFee: "$50", showbillApproved: true, changeStatus: "applied", pendingChange: null });

    // An event not listed yet changes at once and keeps waiting for approval.
    const unlisted = await createLocatedEvent(app.db, "76101", { createdBy: creator.user.id, showbillApproved: false });
    const direct = await creator.client.json(`/api/events/${unlisted.id}`, "PUT", { name: "Renamed Unlisted" });
    expect(direct.status).toBe(200);
    expect(await direct.json()).toMatchObject({ name: "Renamed Unlisted", showbillApproved: false, changeStatus: "applied" });
    expect((await stranger.client.json(`/api/events/${unlisted.id}`, "PUT", { name: "x" })).status).toBe(404);
  });

  it("creates an event from the Add Event form without JavaScript and shows field errors", async () => {
    const { client } = await signedIn();
    const bad = await client.form("/add-event", { name: "", location: "Fort Worth, TX", zipCode: "123", date: "2031-06-01" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const m of ["Event name is required", "ZIP code must be 5 digits", "At least one event type is required", "You must confirm the event information is accurate"]) {
      expect(html).toContain(m);
    }
    const name = `Form Event ${Date.now()}`;
    const good = await client.form("/add-event", { name, location: "Fort Worth, TX", zipCode: "76101", date: "2031-06-01", eventType: "barrel_racing", confirmTerms: "on" });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe("/");
    const row = app.db.select().from(events).where(eq(events.name, name)).get();
    expect(row).toMatchObject({ showbillApproved: false, zipCode: "76101" });
  });
});

describe("saving events and My Events", () => {
  it("saves idempotently, lists saved items with event and savedEvent, and never the user's own events", async () => {
    const { user, client } = await signedIn();
    const event = createEvent(app.db);
    const own = createEvent(app.db, { createdBy: user.id });
    const twice = await Promise.all([client.json(`/api/events/${event.id}/save`, "POST"), client.json(`/api/events/${event.id}/save`, "POST")]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(app.db.select().from(savedEvents).where(and(eq(savedEvents.userId, user.id), eq(savedEvents.eventId, event.id))).all()).toHaveLength(1);
    // Even inserted directly, a user's own event never shows as saved.
    app.db.insert(savedEvents).values({ userId: user.id, eventId: own.id }).run();
    const list = (await (await client.get("/api/saved-events?homeZipCode=76101")).json()) as Array<{ event: { id: string; distance: number }; savedEvent: { id: number } }>;
    expect(list.map((i) => i.event.id)).toEqual([event.id]);
    expect(list[0]!.savedEvent.id).toBeTypeOf("number");
    expect((await client.json(`/api/events/${event.id}/save`, "DELETE")).status).toBe(200);
    expect((await client.json(`/api/events/${event.id}/save`, "DELETE")).status).toBe(200);
    expect(await (await client.get("/api/saved-events")).json()).toEqual([]);
  });

  it("shows Saved, Created and Past folders with counts on /events", async () => {
    const { user, client } = await signedIn();
    const upcoming = createEvent(app.db, { name: `Upcoming ${Date.now()}` });
    const past = createEvent(app.db, { name: `Past ${Date.now()}`, date: "2020-01-04" });
    const mine = createEvent(app.db, { name: `Mine ${Date.now()}`, createdBy: user.id, showbillApproved: false });
    await client.json(`/api/events/${upcoming.id}/save`, "POST");
    await client.json(`/api/events/${past.id}/save`, "POST");
    const html = await (await client.get("/events")).text();
    expect(html).toMatch(/Saved Events<span[^>]*>1<\/span>/);
    expect(html).toMatch(/Past Events<span[^>]*>1<\/span>/);
    expect(html).toMatch(/Created Events<span[^>]*>1<\/span>/);
    expect(html).toContain(upcoming.name);
    // A folder's page carries its own cards only, in its HTML and its hydration data alike.
    expect(html).not.toContain(past.name);
    const pastPage = await (await client.get("/events?folder=past")).text();
    expect(pastPage).toContain(past.name);
    expect(pastPage).not.toContain(upcoming.name);
    expect(pastPage).toMatch(/Saved Events<span[^>]*>1<\/span>/);
    // An event not yet reviewed is said to wait for review; one an admin turned down, not approved.
    const waiting = await (await client.get("/events?folder=created")).text();
    expect(waiting).toContain(">Waiting for review<");
    expect(waiting).not.toContain("Not approved");
    app.db.update(events).set({ showbillReviewedAt: new Date() }).where(eq(events.id, mine.id)).run();
    const rejected = await (await client.get("/events?folder=created")).text();
    expect(rejected).toContain(">Not approved<");
    expect(rejected).not.toContain(">Waiting for review<");
  });
});

describe("reports, approval notices, calendar", () => {
  it("reports an event with a reason, and asks for one otherwise", async () => {
    const { user, client } = await signedIn();
    const event = createEvent(app.db);
    const missing = await client.json("/api/event-reports", "POST", { eventId: event.id, reason: "" });
    expect(await missing.json()).toMatchObject({ message: "Please select a reason for reporting" });
    const long = await client.json("/api/event-reports", "POST", { eventId: event.id, reason: "spam", description: "x".repeat(501) });
    expect(long.status).toBe(400);
    const ok = await client.json("/api/event-reports", "POST", { eventId: event.id, reason: "cancelled", description: "Rained out" });
    expect(ok.status).toBe(201);
    expect(app.db.select().from(eventReports).where(eq(eventReports.reporterId, user.id)).all()).toHaveLength(1);
  });

  it("downloads an .ics and serves a private, revocable feed of saved events", async () => {
    const { client } = await signedIn();
    const event = createEvent(app.db, { name: "Feed Futurity", date: "2031-07-04" });
    const ics = await app.client().get(`/api/events/${event.id}/ics`);
    expect(ics.headers.get("content-type")).toMatch(/text\/calendar/);
    const text = await ics.text();
    expect(text).toContain("DTSTART;VALUE=DATE:20310704");
    expect(text).toContain("DTEND;VALUE=DATE:20310705");

    await client.json(`/api/events/${event.id}/save`, "POST");
    const { url } = (await (await client.json("/api/calendar-feed", "POST")).json()) as { url: string };
    const path = new URL(url).pathname;
    expect(await (await app.client().get(path)).text()).toContain("SUMMARY:Feed Futurity");
    await client.json("/api/calendar-feed", "DELETE");
    expect((await app.client().get(path)).status).toBe(404);
  });

  it("suggests cities from 3 characters and geocodes a location to a ZIP", async () => {
    const { client } = await signedIn();
    expect(await (await client.get("/api/city-state-suggestions?query=Fo")).json()).toEqual([]);
    const list = (await (await client.get("/api/city-state-suggestions?query=Fort%20Wor")).json()) as Array<{ description: string; place_id: string }>;
    expect(list[0]).toMatchObject({ description: "Fort Worth, TX" });
    const geo = await client.json("/api/geocode-location", "POST", { address: "Fort Worth, TX" });
    expect(((await geo.json()) as { zipCode: string }).zipCode).toMatch(/^761\d\d$/);
    expect((await client.json("/api/geocode-location", "POST", { address: "Nowhere, ZZ" })).status).toBe(404);
  });
});



describe("shared event page for link previews and visitors", () => {
  it("puts Open Graph and Twitter card tags with the showbill preview into the server HTML", async () => {
    const event = createEvent(app.db, { name: "Preview Classic", arenaName: "Cowtown Coliseum" });
    const html = await (await app.client().get(`/share/event/${event.id}`)).text();
    expect(html).toContain(`<meta name="twitter:card" content="summary"/>`);
    expect(html).toContain(`<meta name="twitter:title" content="Preview Classic"/>`);
    expect(html).toMatch(/og:description" content="Mar 6, 2030 · Cowtown Coliseum, Fort Worth, TX"/);
    // Save asks a visitor to sign in and brings them back.
    expect(html).toContain(`/login?redirectTo=${encodeURIComponent(`/share/event/${event.id}`)}`);
  });

  it("signs a visitor in and sends them back to the page they came from, never to another origin", async () => {
    const user = createUser(app.db);
    const back = await app.client().form("/login", { email: user.email, password: PASSWORD, intent: "login", redirectTo: "/share/event/abc" });
    expect(back.headers.get("location")).toBe("/share/event/abc");
    const evil = await app.client().form("/login", { email: user.email, password: PASSWORD, intent: "login", redirectTo: "//evil.example" });
    expect(evil.headers.get("location")).toBe("/");
  });
});

/** Many approved events at once (one transaction) in a ZIP's place, each at its own point, or none. */
function insertEvents(zipCode: string, location: string, rows: Array<{ id: string; name: string; date: string; endDate?: string; at: [number, number] | null }>) {
  const insert = app.db.$client.prepare(
    "INSERT INTO events (id, name, date, end_date, location, zip_code, arena_type, latitude, longitude, event_type, showbill_approved, created_at) VALUES (?, ?, ?, ?, ?, ?, 'outdoor', ?, ?, '[\"barrel_racing\"]', 1, ?)",
  );
  app.db.$client.transaction(() => {
    for (const r of rows) insert.run(r.id, r.name, r.date, r.endDate ?? null, location, zipCode, r.at?.[0] ?? null, r.at?.[1] ?? null, Date.now());
  })();
}

describe("dense areas", () => {
  it("answers the soonest events within the radius when thousands share the box", async () => {
    const { lookupZip } = await import("../../app/lib/gazetteer.server");
    const billings = lookupZip("59101")!;
    const tag = `D${Date.now()}`;
    // Spread over about 40 miles around Billings, over 200 days from 2033-01-01.
    insertEvents(
      "59101",
      "Billings, MT",
      Array.from({ length: 2200 }, (_, i) => ({
        id: `${tag}-${i}`,
        name: `${tag} ${String(i).padStart(4, "0")}`,
        date: new Date(Date.UTC(2033, 0, 1 + (i % 200))).toISOString().slice(0, 10),
        at: [billings.latitude + ((i % 40) - 20) * 0.015, billings.longitude + ((i % 37) - 18) * 0.02],
      })),
    );
    const { client } = await signedIn();
    const res = await client.json("/api/events/search", "POST", { zipCode: "59101", radius: 25, startDate: "2033-01-01" });
    const list = (await res.json()) as Array<{ name: string; date: string; distance: number }>;
    expect(list).toHaveLength(100);
    expect(list.every((e) => e.distance <= 25)).toBe(true);
    expect([...list].sort((a, b) => a.date.localeCompare(b.date))).toEqual(list);
    expect(list[0]!.date).toBe("2033-01-01");
  });

  it("puts the events still running on the first day first, and leaves out those over the day before, when hundreds share the box", async () => {
    const { lookupZip } = await import("../../app/lib/gazetteer.server");
    const cheyenne = lookupZip("82001")!;
    const tag = `R${Date.now()}`;
    const near = (i: number): [number, number] => [cheyenne.latitude + ((i % 30) - 15) * 0.01, cheyenne.longitude + ((i % 29) - 14) * 0.01];
    insertEvents("82001", "Cheyenne, WY", [
      // Events of three earlier years in the same box (before the search's first day), and 600 from 2034-03-10 on.
      ...Array.from({ length: 1500 }, (_, i) => ({ id: `${tag}-p${i}`, name: `${tag} past ${i}`, date: new Date(Date.UTC(2030 + (i % 3), 0, 1 + (i % 300))).toISOString().slice(0, 10), at: near(i) })),
      ...Array.from({ length: 600 }, (_, i) => ({ id: `${tag}-${i}`, name: `${tag} ${String(i).padStart(4, "0")}`, date: new Date(Date.UTC(2034, 2, 10 + (i % 120))).toISOString().slice(0, 10), at: near(i) })),
      { id: `${tag}-running`, name: `${tag} running`, date: "2034-03-01", endDate: "2034-03-12", at: null },
      { id: `${tag}-over`, name: `${tag} over`, date: "2034-03-01", endDate: "2034-03-09", at: null },
    ]);
    // The two multi-day events at the center (their place set after the insert, as an edit would).
    app.db.$client.prepare("UPDATE events SET latitude = ?, longitude = ? WHERE id IN (?, ?)").run(cheyenne.latitude, cheyenne.longitude, `${tag}-running`, `${tag}-over`);
    const { client } = await signedIn();
    const res = await client.json("/api/events/search", "POST", { zipCode: "82001", radius: 25, startDate: "2034-03-10" });
    const list = (await res.json()) as Array<{ name: string; date: string }>;
    expect(list).toHaveLength(100);
    expect(list[0]!.name).toBe(`${tag} running`);
    expect(list.map((e) => e.name)).not.toContain(`${tag} over`);
    expect(list.slice(1).every((e) => e.date >= "2034-03-10")).toBe(true);
    expect([...list].sort((a, b) => a.date.localeCompare(b.date))).toEqual(list);
    // A few after a later first day, among many before it: soonest first.
    const few = (await (await client.json("/api/events/search", "POST", { zipCode: "82001", radius: 25, startDate: "2034-07-05" })).json()) as Array<{ name: string; date: string }>;
    expect(few.map((e) => e.date)).toEqual([...few.map((e) => e.date)].sort());
    expect(few.length).toBeGreaterThan(0);
    expect(few.every((e) => e.date >= "2034-07-05" && e.name.startsWith(tag) && !e.name.includes("past"))).toBe(true);
  });
});

describe("events over a week ago", () => {
  it("are still found by place for their dates once housekeeping takes them out of the search index, and come back to it when moved ahead", async () => {
    const { pruneSearchIndex } = await import("../../app/features/events/search-index.server");
    const tag = `W${Date.now()}`;
    const event = await createLocatedEvent(app.db, "58501", { name: `${tag} past`, date: dayIn("UTC", -20), endDate: dayIn("UTC", -19) });
    const running = await createLocatedEvent(app.db, "58501", { name: `${tag} lately`, date: dayIn("UTC", -5) });
    const inIndex = (id: string) => app.db.$client.prepare("SELECT count(*) AS n FROM events_rtree r JOIN events e ON e.rowid = r.id WHERE e.id = ?").get(id);
    expect(pruneSearchIndex(app.db)).toBeGreaterThanOrEqual(1);
    expect(inIndex(event.id)).toEqual({ n: 0 });
    expect(inIndex(running.id)).toEqual({ n: 1 });

    const { client } = await signedIn();
    const found = async (body: Record<string, unknown>) =>
      ((await (await client.json("/api/events/search", "POST", { zipCode: "58501", radius: 25, ...body })).json()) as Array<{ name: string }>)
        .map((e) => e.name)
        .filter((n) => n.startsWith(tag));
    expect(await found({ startDate: dayIn("UTC", -25), endDate: dayIn("UTC", -1) })).toEqual([`${tag} past`, `${tag} lately`]);
    expect(await found({})).toEqual([]);

    // Moved ahead (dates only, as an approved edit does): found by place again, from the index.
    app.db.update(events).set({ date: dayIn("UTC", 30), endDate: null }).where(eq(events.id, event.id)).run();
    expect(inIndex(event.id)).toEqual({ n: 1 });
    expect(await found({})).toEqual([`${tag} past`]);
  });
});

describe("the edit form without JavaScript", () => {
  it("lets the creator edit a listed event: the change waits for review, shown on My Events and the edit screen; strangers get no form", async () => {
    const creator = await signedIn();
    const event = await createLocatedEvent(app.db, "76101", { createdBy: creator.user.id, name: `Editable ${Date.now()}`, description: "Two go-rounds" });
    const stranger = await signedIn();
    expect((await stranger.client.get(`/events/${event.id}/edit`)).status).toBe(403);
    expect((await creator.client.get(`/events/${event.id}/edit`)).status).toBe(200);

    const bad = await creator.client.form(`/events/${event.id}/edit`, { name: "", location: "Fort Worth, TX", zipCode: "76101", date: "2031-05-02", eventType: "rodeo" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Event name is required");

    const fields = { name: event.name, location: "Fort Worth, TX", zipCode: "76101", date: event.date, eventType: "barrel_racing", description: "Three go-rounds" };
    const ok = await creator.client.form(`/events/${event.id}/edit`, fields);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/events?folder=created");
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()).toMatchObject({ description: "Two go-rounds", showbillApproved: true });
    const mine = await (await creator.client.get("/events?folder=created")).text();
    expect(mine).toContain("Change Sent for Review");
    expect(mine).toContain("Change waiting for review");
    expect(mine).not.toContain(">Waiting for review<");
    const edit = await (await creator.client.get(`/events/${event.id}/edit`)).text();
    expect(edit).toContain("Change waiting for review");
    expect(edit).toContain("Two go-rounds"); // the listed value, beside…
    expect(edit).toMatch(/<textarea[^>]*>Three go-rounds<\/textarea>/); // …the change the form holds

    const withdrawn = await creator.client.form(`/events/${event.id}/edit?intent=withdraw`, {});
    expect(withdrawn.headers.get("location")).toBe("/events?folder=created");
    expect(await (await creator.client.get(`/events/${event.id}/edit`)).text()).not.toContain("Change waiting for review");
  });

  it("reports from the report page without JavaScript", async () => {
    const { client } = await signedIn();
    const event = createEvent(app.db);
    const missing = await client.form(`/events/${event.id}/report`, { reason: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please select a reason for reporting");
    const ok = await client.form(`/events/${event.id}/report`, { reason: "spam", description: "Duplicate" });
    expect(ok.status).toBe(302);
  });

  it("saves from a card without JavaScript and returns to the same page", async () => {
    const { client } = await signedIn();
    const event = createEvent(app.db);
    const res = await client.form(`/events/${event.id}/save`, { intent: "save", redirectTo: "/events?folder=saved" });
    expect(res.headers.get("location")).toBe("/events?folder=saved");
    const evil = await client.form(`/events/${event.id}/save`, { intent: "unsave", redirectTo: "https://evil.example/" });
    expect(evil.headers.get("location")).toBe("/");
  });
});
