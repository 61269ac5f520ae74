import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDigestItems, events, jobs, notifications, savedSearches, users } from "../../db/schema";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES } from "../../app/schemas/saved-search-rules";
import { EVENT_MESSAGES } from "../../app/schemas/events";
import { setClock } from "../../app/lib/clock.server";
import { createLocatedEvent, createSavedSearch, createUser, signedInRider, signIn } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  // The job runner matches approved events against saved searches.
  app = await startTestServer({}, { jobs: true });
});
afterAll(() => app.close());

const alert = (overrides: Record<string, unknown> = {}) => ({ name: "Near home", zipCode: "76101", radius: 50, ...overrides });

async function save(client: Client, body: Record<string, unknown>) {
  const res = await client.json("/api/saved-searches", "POST", body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string; id?: number } };
}

/** The R*Tree row of a saved search: the box the triggers keep. */
const rtreeOf = (id: number) =>
  app.db.get<{ min_lat: number; max_lat: number; min_lng: number; max_lng: number } | undefined>(
    sql`SELECT min_lat, max_lat, min_lng, max_lng FROM saved_searches_rtree WHERE id = ${id}`,
  );

describe("POST and GET /api/saved-searches", () => {
  it("saves a search with every filter, resolves its place and lists only the rider's own", async () => {
    const { client } = await signedInRider(app);
    const created = await save(client, {
      name: "  Spring futurities  ",
      cityState: "fort worth tx",
      radius: 100,
      startDate: "2030-03-01",
      endDate: "2030-05-31",
      arenaType: "indoor",
      groundType: "sand",
      minAddedMoney: "$1,000",
      eventType: "futurity",
      email: "daily",
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Spring futurities",
      zipCode: null,
      cityState: "Fort Worth, TX",
      radius: 100,
      startDate: "2030-03-01",
      endDate: "2030-05-31",
      arenaType: "indoor",
      groundType: "sand",
      minAddedMoney: 1000,
      eventType: "futurity",
      email: "daily",
      paused: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const plain = await save(client, alert());
    expect(plain.body).toMatchObject({ zipCode: "76101", cityState: null, radius: 50, email: "instant", startDate: null, eventType: null });

    const { client: other } = await signedInRider(app);
    await save(other, alert({ name: "Someone else's" }));
    const list = await client.get("/api/saved-searches");
    expect(list.status).toBe(200);
    expect(((await list.json()) as { name: string }[]).map((s) => s.name)).toEqual(["Spring futurities", "Near home"]);
  });

  it("stores the center and the box around the circle, which the R*Tree indexes", async () => {
    const { client } = await signedInRider(app);
    const { body } = await save(client, alert({ radius: 25 }));
    const row = app.db.select().from(savedSearches).where(eq(savedSearches.id, body.id!)).get()!;
    // 76101 is Fort Worth: about 32.75 N, 97.33 W; 25 miles is about 0.36 degrees of latitude.
    expect(row.latitude).toBeCloseTo(32.75, 1);
    expect(row.longitude).toBeCloseTo(-97.33, 1);
    expect(row.maxLat - row.latitude).toBeGreaterThan(25 / 69.2);
    expect(row.maxLat - row.latitude).toBeLessThan(0.4);
    expect(row.maxLng - row.longitude).toBeGreaterThan(row.maxLat - row.latitude); // a degree of longitude is shorter
    const box = rtreeOf(body.id!)!;
    expect(box.min_lat).toBeLessThanOrEqual(row.minLat);
    expect(box.max_lat).toBeGreaterThanOrEqual(row.maxLat);
  });

  it("refuses bad input with a clear message and a 400", async () => {
    const { client } = await signedInRider(app);
    const cases: [Record<string, unknown>, string][] = [
      [alert({ name: "   " }), SAVED_SEARCH_MESSAGES.name],
      [{ zipCode: "76101" }, SAVED_SEARCH_MESSAGES.name],
      [alert({ name: "x".repeat(61) }), SAVED_SEARCH_MESSAGES.nameLong],
      [alert({ zipCode: undefined }), SAVED_SEARCH_MESSAGES.place],
      [alert({ zipCode: undefined, startDate: "2030-01-01" }), SAVED_SEARCH_MESSAGES.place],
      [alert({ zipCode: "7610" }), "ZIP code must be 5 digits"],
      [alert({ zipCode: "00000" }), "We could not find that ZIP code."],
      [alert({ zipCode: undefined, cityState: "Nowhere Atall, ZZ" }), 'We could not find that place. Try a ZIP code or "City, ST".'],
      [alert({ radius: 30 }), "Radius must be one of 25, 50, 100, 200 miles"],
      [alert({ startDate: "2030-02-30" }), EVENT_MESSAGES.dateNotReal],
      [alert({ startDate: "2030-05-01", endDate: "2030-04-01" }), "The end date must be on or after the start date"],
      [alert({ endDate: "2021-04-01" }), SAVED_SEARCH_MESSAGES.ended],
      [alert({ arenaType: "barn" }), "Arena type must be one of: outdoor, indoor"],
      [alert({ minAddedMoney: -5 }), "Enter whole dollars"],
      [alert({ email: "weekly" }), SAVED_SEARCH_MESSAGES.email],
    ];
    for (const [body, message] of cases) {
      const res = await save(client, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(((await (await client.get("/api/saved-searches")).json()) as unknown[]).length).toBe(0);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per rider, even when saved at once, and says so`, async () => {
    const { client } = await signedInRider(app);
    const answers = await Promise.all(Array.from({ length: MAX_SAVED_SEARCHES + 3 }, (_, i) => save(client, alert({ name: `Alert ${i}` }))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(Array(3).fill([409, SAVED_SEARCH_MESSAGES.limit]));
    // Deleting one makes room for one.
    const first = answers.find((a) => a.status === 201)!.body.id;
    expect((await client.json(`/api/saved-searches/${first}`, "DELETE")).status).toBe(200);
    expect((await save(client, alert())).status).toBe(201);
    expect((await save(client, alert())).status).toBe(409);
  });

  it("takes an end date of today, by the rider's clock, and refuses one already past", async () => {
    const { client } = await signedInRider(app, { homeZipCode: "76101" });
    // 1 am on June 11 in UTC is still June 10 in Fort Worth.
    setClock(new Date("2030-06-11T01:00:00Z"));
    try {
      expect((await save(client, alert({ endDate: "2030-06-10" }))).status).toBe(201);
      const past = await save(client, alert({ endDate: "2030-06-09" }));
      expect([past.status, past.body.message]).toEqual([400, SAVED_SEARCH_MESSAGES.ended]);
    } finally {
      setClock(null);
    }
  });

  it("refuses a visitor with 401", async () => {
    const res = await app.client().json("/api/saved-searches", "POST", alert());
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBeTruthy();
  });
});

describe("PATCH and DELETE /api/saved-searches/{id}", () => {
  it("changes any field, moves the circle with the place or radius, pauses and resumes", async () => {
    const { client } = await signedInRider(app);
    const { body } = await save(client, alert({ startDate: "2030-03-01", eventType: "rodeo" }));
    const id = body.id!;
    const patch = async (change: Record<string, unknown>) => {
      const res = await client.json(`/api/saved-searches/${id}`, "PATCH", change);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await patch({ name: "Renamed", email: "off" })).body).toMatchObject({ name: "Renamed", email: "off", zipCode: "76101", radius: 50 });
    const before = app.db.select().from(savedSearches).where(eq(savedSearches.id, id)).get()!;

    expect((await patch({ radius: 200 })).body).toMatchObject({ radius: 200 });
    const wider = app.db.select().from(savedSearches).where(eq(savedSearches.id, id)).get()!;
    expect(wider.latitude).toBe(before.latitude);
    expect(wider.maxLat - wider.minLat).toBeGreaterThan(3 * (before.maxLat - before.minLat));
    expect(rtreeOf(id)!.max_lat).toBeGreaterThanOrEqual(wider.maxLat);

    expect((await patch({ cityState: "Ocala, FL" })).body).toMatchObject({ cityState: "Ocala, FL", zipCode: null, radius: 200 });
    const moved = app.db.select().from(savedSearches).where(eq(savedSearches.id, id)).get()!;
    expect(moved.latitude).toBeCloseTo(29.19, 0);
    expect(rtreeOf(id)!.min_lat).toBeLessThanOrEqual(moved.minLat);
    expect(rtreeOf(id)!.min_lat).toBeGreaterThan(before.maxLat - 10);

    // null clears a filter; undefined keeps it.
    expect((await patch({ eventType: null, arenaType: "outdoor" })).body).toMatchObject({ eventType: null, arenaType: "outdoor", startDate: "2030-03-01" });
    expect((await patch({ paused: true })).body).toMatchObject({ paused: true });
    expect((await patch({ paused: false })).body).toMatchObject({ paused: false });
  });

  it("refuses bad changes with a clear message and leaves the search as it was", async () => {
    const { client } = await signedInRider(app);
    const { body } = await save(client, alert({ startDate: "2030-03-01" }));
    const row = () => app.db.select().from(savedSearches).where(eq(savedSearches.id, body.id!)).get();
    const before = row();
    const cases: [unknown, string][] = [
      [{}, SAVED_SEARCH_MESSAGES.nothing],
      [{ name: "" }, SAVED_SEARCH_MESSAGES.name],
      [{ radius: 75 }, "Radius must be one of 25, 50, 100, 200 miles"],
      [{ endDate: "2030-02-01" }, "The end date must be on or after the start date"],
      [{ startDate: null, endDate: "2021-02-01" }, SAVED_SEARCH_MESSAGES.ended],
      [{ zipCode: "99999" }, "We could not find that ZIP code."],
      [{ email: "sometimes" }, SAVED_SEARCH_MESSAGES.email],
      [{ paused: "maybe" }, SAVED_SEARCH_MESSAGES.paused],
    ];
    for (const [change, message] of cases) {
      const res = await client.json(`/api/saved-searches/${body.id}`, "PATCH", change);
      expect({ change, status: res.status, message: (await res.json()).message }).toEqual({ change, status: 400, message });
    }
    expect(row()).toEqual(before);
  });

  it("answers another rider's search, a missing one and a malformed id like a missing one (404), changing nothing", async () => {
    const { client: owner } = await signedInRider(app);
    const { body } = await save(owner, alert({ name: "Mine" }));
    const { client: other } = await signedInRider(app);
    for (const id of [String(body.id), "999999", "abc", "-1"]) {
      for (const [method, change] of [["PATCH", { name: "Taken" }], ["DELETE", undefined]] as const) {
        const res = await other.json(`/api/saved-searches/${id}`, method, change);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: SAVED_SEARCH_MESSAGES.notFound });
      }
    }
    expect(app.db.select().from(savedSearches).where(eq(savedSearches.id, body.id!)).get()?.name).toBe("Mine");
  });

  it("deletes the rider's own search and its R*Tree entry", async () => {
    const { client } = await signedInRider(app);
    const { body } = await save(client, alert());
    expect(rtreeOf(body.id!)).toBeTruthy();
    const res = await client.json(`/api/saved-searches/${body.id}`, "DELETE");
    expect(res.status).toBe(200);
    expect(rtreeOf(body.id!)).toBeUndefined();
    expect((await client.json(`/api/saved-searches/${body.id}`, "DELETE")).status).toBe(404);
  });

  it("goes with the account", async () => {
    const user = createUser(app.db);
    app.db.insert(savedSearches).values({ userId: user.id, name: "x", latitude: 1, longitude: 1, radius: 25, minLat: 0, maxLat: 2, minLng: 0, maxLng: 2 }).run();
    app.db.delete(users).where(eq(users.id, user.id)).run();
    expect(app.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id)).all()).toEqual([]);
  });
});

describe("the forms: Discover's Alert me and Settings' alerts (without JavaScript)", () => {
  it("saves the search from Discover and goes back to it with a toast", async () => {
    const { client } = await signedInRider(app);
    const back = "/?search=1&location=Fort+Worth%2C+TX&radius=100&minAddedMoney=500";
    const res = await client.form("/settings/saved-searches", {
      intent: "create",
      back,
      name: "Fort Worth, TX, 100 mi",
      location: "Fort Worth, TX",
      radius: "100",
      minAddedMoney: "500",
      email: "daily",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(back);
    const page = await (await client.get(back)).text();
    expect(page).toContain("Alert saved");
    const [saved] = (await (await client.get("/api/saved-searches")).json()) as Record<string, unknown>[];
    expect(saved).toMatchObject({ name: "Fort Worth, TX, 100 mi", cityState: "Fort Worth, TX", radius: 100, minAddedMoney: 500, email: "daily" });

    const settings = await (await client.get("/settings")).text();
    expect(settings).toContain("Fort Worth, TX, 100 mi");
    expect(settings).toContain("Fort Worth, TX within 100 mi · $500+ added");
  });

  it("says why a save was refused, back on Discover, and never redirects off the site", async () => {
    const { client } = await signedInRider(app);
    const res = await client.form("/settings/saved-searches", { intent: "create", back: "//evil.example", name: "", location: "76101", radius: "50" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(await (await client.get("/")).text()).toContain(SAVED_SEARCH_MESSAGES.name);
  });

  it("edits, pauses, resumes and deletes from Settings; another rider's id changes nothing", async () => {
    const { client } = await signedInRider(app);
    const { body } = await save(client, alert());
    const id = String(body.id);
    const post = async (fields: Record<string, string>, as = client) => {
      const res = await as.form("/settings/saved-searches", fields);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/settings");
      return (await as.get("/settings")).text();
    };
    const row = () => app.db.select().from(savedSearches).where(eq(savedSearches.id, body.id!)).get();

    const { client: other } = await signedInRider(app);
    expect(await post({ intent: "pause", id }, other)).toContain(SAVED_SEARCH_MESSAGES.notFound);
    expect(await post({ intent: "delete", id }, other)).toContain(SAVED_SEARCH_MESSAGES.notFound);
    expect(row()?.paused).toBe(false);

    expect(await post({ intent: "update", id, name: "Weekend runs", radius: "25", email: "off" })).toContain("Alert updated");
    expect(row()).toMatchObject({ name: "Weekend runs", radius: 25, email: "off" });
    expect(await post({ intent: "update", id, name: " ", radius: "25", email: "off" })).toContain(SAVED_SEARCH_MESSAGES.name);
    expect(await post({ intent: "pause", id })).toContain("Paused");
    expect(row()?.paused).toBe(true);
    expect(await post({ intent: "resume", id })).toContain("Alert resumed");
    expect(row()?.paused).toBe(false);
    expect(await post({ intent: "delete", id })).toContain("Alert deleted");
    expect(row()).toBeUndefined();
  });
});

describe("matching: approving an event alerts the riders whose saved searches hold it", () => {
  const FW = { latitude: 32.7714, longitude: -97.2915 }; // 76101, Fort Worth
  let admin: Client;
  beforeAll(async () => {
    admin = (await signedInRider(app, { isAdmin: true })).client;
    // The searches saved above would match these events too.
    app.db.delete(savedSearches).run();
  });

  const approve = async (eventId: string, approved = true) => {
    const res = await admin.json(`/api/admin/showbills/${eventId}/approve`, "PATCH", { approved });
    expect(res.status).toBe(200);
    await app.runJobs();
  };
  const alertsOf = (userId: string) =>
    app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "alert")))
      .all();
  /**
   * A rider with saved searches (each overriding the defaults: 76101 within
   * 50 miles). Their address is unconfirmed, so no alert mail is queued
   * unless a test asks for it (mail is tests/api/alerts-channels' subject).
   */
  const riderWith = async (...searches: Parameters<typeof createSavedSearch>[2][]) => riderOf({ emailVerified: false }, ...searches);
  const riderOf = async (account: Parameters<typeof createUser>[1], ...searches: Parameters<typeof createSavedSearch>[2][]) => {
    const user = createUser(app.db, account);
    for (const s of searches.length ? searches : [{}]) await createSavedSearch(app.db, user.id, s);
    return user;
  };
  const pendingEvent = (zip: string, overrides: Parameters<typeof createLocatedEvent>[2] = {}) =>
    createLocatedEvent(app.db, zip, { showbillApproved: false, date: "2030-06-14", ...overrides });

  it("alerts a rider whose circle holds the event, naming it, its dates, place and distance, linking to it; not one outside", async () => {
    const near = await riderWith({ radius: 25 });
    const dallasWide = await riderOf({}, { radius: 50, email: "daily" }); // signs in below
    const dallasTight = await riderWith({ radius: 25 });
    const far = await riderWith({ zipCode: "34470", radius: 200 });
    const event = await pendingEvent("75201", { name: "Big D Barrels", endDate: "2030-06-15", arenaName: "Fair Park" });
    expect(alertsOf(dallasWide.id)).toHaveLength(0); // not before approval
    await approve(event.id);

    const [alert] = alertsOf(dallasWide.id);
    expect(alert).toMatchObject({
      subtype: "match",
      title: "New event: Big D Barrels",
      relatedEventId: event.id,
      isRead: false,
    });
    expect(alert!.message).toMatch(/^Jun 14 – 15, 2030 at Fair Park, Dallas, TX, 28 miles from 76101 \(your alert "Alert \d+"\)\.$/);
    expect(alert!.metadata).toEqual({ url: `/share/event/${event.id}` });
    for (const user of [near, dallasTight, far]) expect(alertsOf(user.id)).toHaveLength(0);

    // The rider sees it in the list, and the link opens the event.
    const client = app.client();
    await signIn(client, dallasWide.email);
    const list = (await (await client.get("/api/notifications")).json()) as { title: string }[];
    expect(list.map((n) => n.title)).toContain("New event: Big D Barrels");
    expect((await client.get(`/share/event/${event.id}`)).status).toBe(200);
  });

  it("uses the exact distance, not the box: an event in the box's corner outside the circle alerts nobody", async () => {
    const rider = await riderWith({ radius: 25 });
    // About 21 miles north and 20 east of the center: inside the box, about 29 miles away.
    const corner = await pendingEvent("76101", { latitude: FW.latitude + 0.3, longitude: FW.longitude + 0.35 });
    await approve(corner.id);
    expect(alertsOf(rider.id)).toHaveLength(0);
    const inside = await pendingEvent("76101", { latitude: FW.latitude + 0.2, longitude: FW.longitude + 0.2 });
    await approve(inside.id);
    expect(alertsOf(rider.id)).toHaveLength(1);
  });

  it("applies the search's dates, arena, ground, minimum added money and event type", async () => {
    const event = await pendingEvent("76101", {
      date: "2030-07-10",
      endDate: "2030-07-12",
      arenaType: "indoor",
      groundType: "sand",
      addedMoney: 2500,
      eventType: ["barrel_racing", "rodeo"],
    });
    const yes = await Promise.all([
      riderWith({ startDate: "2030-07-12" }), // overlaps the last day
      riderWith({ endDate: "2030-07-10" }), // overlaps the first day
      riderWith({ startDate: "2030-07-01", endDate: "2030-07-31", arenaType: "indoor", groundType: "sand", minAddedMoney: 2500, eventType: "rodeo" }),
    ]);
    const no = await Promise.all([
      riderWith({ startDate: "2030-07-13" }),
      riderWith({ endDate: "2030-07-09" }),
      riderWith({ arenaType: "outdoor" }),
      riderWith({ groundType: "dirt" }),
      riderWith({ minAddedMoney: 5000 }),
      riderWith({ eventType: "futurity" }),
    ]);
    await approve(event.id);
    expect(yes.map((u) => alertsOf(u.id).length)).toEqual([1, 1, 1]);
    expect(no.map((u) => alertsOf(u.id).length)).toEqual([0, 0, 0, 0, 0, 0]);

    // An event without added money does not pass a minimum.
    const unknownMoney = await riderWith({ minAddedMoney: 500 });
    const noMoney = await pendingEvent("76101", { addedMoney: null });
    await approve(noMoney.id);
    expect(alertsOf(unknownMoney.id)).toHaveLength(0);
  });

  it("never alerts a producer of their own event, by notification or email", async () => {
    const producer = await riderOf({}, { email: "instant" });
    const neighbour = await riderWith();
    const event = await pendingEvent("76101", { createdBy: producer.id });
    await approve(event.id);
    expect(alertsOf(producer.id)).toHaveLength(0);
    expect(alertsOf(neighbour.id)).toHaveLength(1);
    const mails = app.db.select().from(jobs).all().filter((j) => JSON.stringify(j.payload ?? {}).includes(producer.id));
    expect(mails).toHaveLength(0);
  });

  it("skips paused searches and banned riders", async () => {
    const paused = await riderWith({ paused: true });
    const banned = await riderWith();
    app.db.update(users).set({ isActive: false }).where(eq(users.id, banned.id)).run();
    const active = await riderWith();
    const event = await pendingEvent("76101");
    await approve(event.id);
    expect([paused, banned, active].map((u) => alertsOf(u.id).length)).toEqual([0, 0, 1]);
  });

  it("alerts a rider once per event however many searches match and however often it is approved, emailing as the most eager search asks", async () => {
    const rider = await riderWith({ email: "off" }, { email: "instant", radius: 100 }, { email: "daily", radius: 200 });
    const event = await pendingEvent("76101");
    await approve(event.id);
    await approve(event.id, false);
    await approve(event.id);
    expect(alertsOf(rider.id)).toHaveLength(1);
    const { findMatches } = await import("../../app/features/alerts/matching.server");
    const approved = app.db.select().from(events).where(eq(events.id, event.id)).get()!;
    expect(findMatches(app.db, approved).filter((m) => m.userId === rider.id)).toEqual([
      expect.objectContaining({ userId: rider.id, email: "instant", distance: expect.any(Number) }),
    ]);

    // A confirmed address gets one mail, at once, however many searches match and approvals happen.
    const mailed = await riderOf({}, { email: "off" }, { email: "instant", radius: 100 }, { email: "daily", radius: 200 });
    const third = await pendingEvent("76101", { name: "Once Only Barrels" });
    await approve(third.id);
    await approve(third.id, false);
    await approve(third.id);
    const mail = await app.smtp.waitFor(mailed.email, /Once Only Barrels/);
    expect(mail.text).toContain(`/share/event/${third.id}`);
    expect(app.smtp.messages.filter((m) => m.to.includes(mailed.email))).toHaveLength(1);

    // Daily and off, each alone, for riders whose address is confirmed.
    const daily = await riderOf({}, { email: "daily" }, { email: "off" });
    const off = await riderOf({}, { email: "off" });
    const second = await pendingEvent("76101");
    await approve(second.id);
    expect(app.db.select().from(alertDigestItems).where(eq(alertDigestItems.userId, daily.id)).all()).toHaveLength(1);
    for (const user of [daily, off]) {
      expect(alertsOf(user.id)).toHaveLength(1);
      expect(app.db.select().from(jobs).where(and(eq(jobs.kind, "alert-email"), like(jobs.key, `%${user.id}%`))).all()).toHaveLength(0);
    }
    expect(app.db.select().from(alertDigestItems).where(eq(alertDigestItems.userId, off.id)).all()).toHaveLength(0);
  });

  it("alerts on an approved change that brings a listed event into a search, never twice for the same event", async () => {
    const { user: producer, client: producerClient } = await signedInRider(app);
    const inDallas = await riderWith({ zipCode: "75201", radius: 25 });
    const inFortWorth = await riderWith({ radius: 25 });
    const event = await createLocatedEvent(app.db, "76101", { createdBy: producer.id, showbillApproved: false, date: "2030-08-01" });
    await approve(event.id);
    expect([alertsOf(inDallas.id).length, alertsOf(inFortWorth.id).length]).toEqual([0, 1]);

    // The producer moves it to Dallas; riders are alerted when the change is approved, not before.
    const edit = await producerClient.json(`/api/events/${event.id}`, "PUT", { zipCode: "75201", location: "Dallas, TX" });
    expect(edit.status).toBe(202); // waits for review
    await app.runJobs();
    expect(alertsOf(inDallas.id)).toHaveLength(0);
    const review = await admin.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: true });
    expect(review.status).toBe(200);
    await app.runJobs();
    expect([alertsOf(inDallas.id).length, alertsOf(inFortWorth.id).length]).toEqual([1, 1]);

    // An administrator's own edit of the listed event goes live at once: back to Fort Worth alerts nobody again.
    const back = await admin.json(`/api/events/${event.id}`, "PUT", { zipCode: "76101", location: "Fort Worth, TX" });
    expect(back.status).toBe(200);
    await app.runJobs();
    expect([alertsOf(inDallas.id).length, alertsOf(inFortWorth.id).length]).toEqual([1, 1]);
    const newcomer = await riderWith({ radius: 25 });
    expect((await admin.json(`/api/events/${event.id}`, "PUT", { name: "Moved Back Barrels" })).status).toBe(200);
    await app.runJobs();
    expect(alertsOf(newcomer.id)).toHaveLength(1);
  });

  it("alerts of an event until its last day is over where it takes place", async () => {
    const rider = await riderWith({ radius: 25 });
    const twoDays = { date: "2030-09-05", endDate: "2030-09-06" };
    const over = await pendingEvent("76101", twoDays);
    const lastDay = await pendingEvent("76101", twoDays);
    try {
      setClock(new Date("2030-09-07T04:30:00Z")); // 11:30 pm on Sept 6 in Fort Worth
      await approve(lastDay.id);
      expect(alertsOf(rider.id).map((n) => n.relatedEventId)).toEqual([lastDay.id]);
      setClock(new Date("2030-09-07T06:00:00Z")); // 1 am on Sept 7
      await approve(over.id);
      expect(alertsOf(rider.id).map((n) => n.relatedEventId)).toEqual([lastDay.id]);
    } finally {
      setClock(null);
    }
  });

  it("never alerts of an event riders may not see or that will not happen: unapproved, rejected, cancelled, postponed, ended", async () => {
    const rider = await riderWith({ radius: 200 });
    const unapproved = await pendingEvent("76101");
    const rejected = await pendingEvent("76101");
    await approve(rejected.id, false);
    const cancelled = await pendingEvent("76101", { status: "CANCELLED" });
    await approve(cancelled.id);
    const postponed = await pendingEvent("76101", { status: "POSTPONED" });
    await approve(postponed.id);
    const ended = await pendingEvent("76101", { date: "2020-05-01" });
    await approve(ended.id);
    expect(alertsOf(rider.id)).toHaveLength(0);
    expect(unapproved.showbillApproved).toBe(false);

    // Back on schedule, the postponed one alerts (once, as any new event).
    for (let i = 0; i < 2; i++) {
      const res = await admin.json(`/api/events/${postponed.id}/status`, "POST", { status: i ? "POSTPONED" : "SCHEDULED", reason: "Rain" });
      expect(res.status).toBe(200);
      await app.runJobs();
    }
    await admin.json(`/api/events/${postponed.id}/status`, "POST", { status: "SCHEDULED" });
    await app.runJobs();
    expect(alertsOf(rider.id).map((n) => n.relatedEventId)).toEqual([postponed.id]);
  });
});
