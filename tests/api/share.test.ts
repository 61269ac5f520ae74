import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { follows, horses, savedEvents } from "../../db/schema";
import { createEvent, createRun, createUser, PASSWORD, signedInRider, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

describe("shared event page and GET /api/share/event/{id}", () => {
  it("shows an approved event to a visitor with its details, badge, date range and calendar link", async () => {
    const event = createEvent(app.db, {
      name: "Spring Fling Futurity",
      date: "2030-03-06",
      endDate: "2030-03-08",
      eventType: ["open_show", "rodeo"],
      arenaName: "Will Rogers Arena",
      contactFacebook: "https://example.org/fling",
      entryFee: "$35 per run",
    });
    const res = await app.client().get(`/share/event/${event.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of ["Spring Fling Futurity", "OPEN SHOW", "Mar 6 – 8, 2030", "Will Rogers Arena", "$35 per run", "Website", "Get Started Free"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("calendar.google.com/calendar/render?action=TEMPLATE");
    expect(html).toContain("dates=20300306%2F20300309");
    expect(html).toContain(`<meta property="og:title" content="Spring Fling Futurity"/>`);

    const api = await app.client().get(`/api/share/event/${event.id}`);
    expect(await api.json()).toMatchObject({ id: event.id, name: "Spring Fling Futurity", eventType: ["open_show", "rodeo"] });
  });

  it("answers 'Event Not Found' for a missing or unapproved event, except to its creator", async () => {
    const creator = createUser(app.db);
    const pending = createEvent(app.db, { showbillApproved: false, createdBy: creator.id });
    for (const path of [`/share/event/${pending.id}`, "/share/event/no-such-id"]) {
      const res = await app.client().get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Event Not Found");
    }
    expect((await app.client().get(`/api/share/event/${pending.id}`)).status).toBe(404);
    const client = app.client();
    await signIn(client, creator.email);
    expect((await client.get(`/share/event/${pending.id}`)).status).toBe(200);
  });

  it("saves and unsaves without JavaScript, idempotently, and never for its creator", async () => {
    const user = createUser(app.db);
    const event = createEvent(app.db);
    const client = app.client();
    await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    const saved = () => app.db.select().from(savedEvents).where(and(eq(savedEvents.userId, user.id), eq(savedEvents.eventId, event.id))).all();

    await Promise.all([client.form(`/share/event/${event.id}`, { intent: "save" }), client.form(`/share/event/${event.id}`, { intent: "save" })]);
    expect(saved()).toHaveLength(1);
    const page = await (await client.get(`/share/event/${event.id}`)).text();
    expect(page).toContain("Event Saved!");
    expect(page).toContain(">Saved<");

    await client.form(`/share/event/${event.id}`, { intent: "unsave" });
    expect(saved()).toHaveLength(0);
    expect(await (await client.get(`/share/event/${event.id}`)).text()).toContain("Event Removed");

    const own = createEvent(app.db, { createdBy: user.id });
    await client.form(`/share/event/${own.id}`, { intent: "save" });
    expect(app.db.select().from(savedEvents).where(eq(savedEvents.eventId, own.id)).all()).toHaveLength(0);
  });

  it("sends a visitor who saves to /login", async () => {
    const event = createEvent(app.db);
    const res = await app.client().form(`/share/event/${event.id}`, { intent: "save" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
  });
});

describe("shared run log page and GET /api/share/run-log/{id}", () => {
  it("shows a PUBLIC run of a PUBLIC rider with its details and join buttons", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC", firstName: "Kaylee", lastName: "Brooks" });
    const run = createRun(app.db, owner.id, { privacy: "PUBLIC", notes: "Tight first barrel", videoUrl: "https://video.example/1", rating: 5 });
    const html = await (await app.client().get(`/share/run-log/${run.id}`)).text();
    for (const text of ["Cowtown Coliseum", "Kaylee Brooks", "Dash", "15.482s", "5 out of 5 stars", "clean-run", "Tight first barrel", "Watch Video", "Join", "Get Started Free"]) {
      expect(html).toContain(text);
    }
    const api = await (await app.client().get(`/api/share/run-log/${run.id}`)).json();
    expect(api).toMatchObject({ arenaName: "Cowtown Coliseum", ownerName: "Kaylee Brooks", ownerFirstName: "Kaylee", horseName: "Dash", time: "15.482", rating: 5, tags: ["clean-run"] });
    expect(JSON.stringify(api)).not.toContain(owner.email);
  });

  it("invites only visitors to join: a signed-in rider reading a shared run or horse has the main navigation instead", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    const horse = app.db.insert(horses).values({ userId: owner.id, name: "Shared Dash", shared: true }).returning().get();
    const run = createRun(app.db, owner.id, { privacy: "PUBLIC", horseId: horse.id, horseName: horse.name });
    const reader = await signedInRider(app);
    for (const path of [`/share/run-log/${run.id}`, `/share/horse/${horse.id}`]) {
      const visitor = await (await app.client().get(path)).text();
      expect(visitor, path).toContain("Get Started Free");
      expect(visitor, path).toContain('href="/register"');
      const html = await (await reader.client.get(path)).text();
      expect(html, path).toContain("Shared Dash");
      expect(html, path).not.toContain("Get Started Free");
      expect(html, path).not.toContain('href="/register"');
      expect(html, path).toContain('aria-label="Main"');
    }
  });

  it("names an invite-only owner by first name only", async () => {
    const owner = createUser(app.db, { privacyMode: "INVITE_ONLY", firstName: "Maddie", lastName: "Secretname" });
    const run = createRun(app.db, owner.id, { privacy: "PUBLIC" });
    const api = await (await app.client().get(`/api/share/run-log/${run.id}`)).json();
    expect(api.ownerName).toBe("Maddie");
    expect(await (await app.client().get(`/share/run-log/${run.id}`)).text()).not.toContain("Secretname");
  });

  it.each([
    ["a PRIVATE run", { privacyMode: "PUBLIC" as const }, "PRIVATE" as const],
    ["a SOLO rider's run", { privacyMode: "SOLO" as const }, "PUBLIC" as const],
    ["a banned rider's run", { privacyMode: "PUBLIC" as const, isActive: false }, "PUBLIC" as const],
  ])("answers %s exactly like a missing one", async (_label, owner, privacy) => {
    const run = createRun(app.db, createUser(app.db, owner).id, { privacy });
    for (const id of [run.id, "no-such-run"]) {
      const page = await app.client().get(`/share/run-log/${id}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("Run Log Not Found");
      const api = await app.client().get(`/api/share/run-log/${id}`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: "Run log not found" });
    }
  });

  it("shows the owner their own private run", async () => {
    const owner = createUser(app.db, { privacyMode: "SOLO" });
    const run = createRun(app.db, owner.id, { privacy: "PRIVATE" });
    const client = app.client();
    await signIn(client, owner.email);
    expect((await client.get(`/api/share/run-log/${run.id}`)).status).toBe(200);
  });
});

describe("profile page", () => {
  async function viewAs(viewerOverrides = {}) {
    const viewer = createUser(app.db, viewerOverrides);
    const client = app.client();
    await client.form("/login", { email: viewer.email, password: PASSWORD, intent: "login" });
    return { viewer, client };
  }

  it("shows a PUBLIC rider's name, badge, ZIP and bio", async () => {
    const target = createUser(app.db, { privacyMode: "PUBLIC", lastName: "Lastly", bio: "Two horses, one dream", homeZipCode: "73301" });
    const { client } = await viewAs();
    const html = await (await client.get(`/profile/${target.id}`)).text();
    for (const text of ["Lastly", "Public", "73301", "Two horses, one dream"]) expect(html).toContain(text);
  });

  it("shows a non-follower only the first name of an INVITE_ONLY rider, and a follower everything", async () => {
    const target = createUser(app.db, { privacyMode: "INVITE_ONLY", lastName: "Hiddenlast", homeZipCode: "80202", bio: "secret bio" });
    const { viewer, client } = await viewAs();
    const limited = await (await client.get(`/profile/${target.id}`)).text();
    expect(limited).toContain(target.firstName);
    for (const hidden of ["Hiddenlast", "80202", "secret bio", target.email]) expect(limited).not.toContain(hidden);

    app.db.insert(follows).values({ followerId: viewer.id, followingId: target.id }).run();
    const full = await (await client.get(`/profile/${target.id}`)).text();
    expect(full).toContain("Hiddenlast");
  });

  it("answers 'Profile Not Found' for a missing or SOLO rider", async () => {
    const solo = createUser(app.db, { privacyMode: "SOLO" });
    const { client } = await viewAs();
    for (const id of [solo.id, "no-such-user"]) {
      const res = await client.get(`/profile/${id}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Profile Not Found");
      expect(html).toContain("Return Home");
    }
  });
});
