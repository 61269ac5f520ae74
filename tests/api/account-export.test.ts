import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertPreferences, notifications, pushSubscriptions, raceClasses, raceEntries, raceResults } from "../../db/schema";
import { createEvent, createHorse, createInvite, createSavedSearch, createUser, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * "Download my data" (GET /api/account/export) holds what the rider put in
 * and what is about them: events they created, saved searches and alert
 * settings, notifications, invite links, horses, race entries and results;
 * and none of it of another rider, nor any secret (password hash, push keys).
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

describe("GET /api/account/export", () => {
  it("holds the rider's events, saved searches, alert settings, notifications, invite links, race entries and results", async () => {
    const { user, client } = await signedInRider(app);
    const other = createUser(app.db);
    const mine = createEvent(app.db, { createdBy: user.id, name: `Rider's Own Classic ${Date.now()}` });
    createEvent(app.db, { createdBy: other.id, name: "Somebody Else's Jackpot" });
    await createSavedSearch(app.db, user.id, { name: "Texas weekends" });
    app.db.insert(alertPreferences).values({ userId: user.id, kind: "reminder", email: "daily", push: false }).run();
    app.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: `https://push.example.com/${Date.now()}`, p256dh: "P".repeat(87), auth: "A".repeat(22), userAgent: "Pixel 7" }).run();
    app.db.insert(notifications).values({ userId: user.id, type: "SYSTEM", title: "Welcome aboard", message: "Glad you are here" }).run();
    app.db.insert(notifications).values({ userId: other.id, type: "SYSTEM", title: "Not yours", message: "Someone else's" }).run();
    const invite = createInvite(app.db, user.id);
    const horse = createHorse(app.db, user.id, { name: "Dash Ta Fame" });

    const race = createEvent(app.db, { name: `Race Day ${Date.now()}` });
    const open4d = app.db
      .insert(raceClasses)
      .values({ eventId: race.id, name: "Open 4D", payout: { divisionPercents: [40, 30, 20, 10], table: [{ maxEntries: 100, percents: [100] }] } })
      .returning()
      .get();
    const entry = app.db
      .insert(raceEntries)
      .values({ eventId: race.id, classId: open4d.id, userId: user.id, riderName: user.firstName, horseId: horse.id, horseName: horse.name, backNumber: 42, paid: true })
      .returning()
      .get();
    const othersEntry = app.db
      .insert(raceEntries)
      .values({ eventId: race.id, classId: open4d.id, userId: other.id, riderName: "Other Rider", horseName: "Other Horse" })
      .returning()
      .get();
    const published = new Date();
    app.db.insert(raceResults).values({ entryId: entry.id, classId: open4d.id, eventId: race.id, outcome: "TIME", timeMs: 15_482, penalties: 0, totalMs: 15_482, division: 1, place: 1, payoutCents: 45_000, publishedAt: published }).run();
    app.db.insert(raceResults).values({ entryId: othersEntry.id, classId: open4d.id, eventId: race.id, outcome: "NT", penalties: 0, payoutCents: 0, publishedAt: published }).run();

    const res = await client.get("/api/account/export");
    expect(res.status).toBe(200);
    const body = await res.json();

    expect(body.eventsCreated.map((e: { name: string }) => e.name)).toEqual([mine.name]);
    expect(body.eventsCreated[0]).toMatchObject({ id: mine.id, date: mine.date, location: mine.location });
    expect(body.savedSearches.map((s: { name: string }) => s.name)).toEqual(["Texas weekends"]);
    expect(body.alertSettings.preferences.reminder).toEqual({ email: "daily", push: false });
    expect(body.alertSettings.emailUnsubscribed).toBe(false);
    expect(body.alertSettings.pushDevices).toEqual([{ userAgent: "Pixel 7", createdAt: expect.any(String) }]);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(["Welcome aboard"]);
    expect(body.inviteLinks.map((i: { code: string }) => i.code)).toEqual([invite.code]);
    expect(body.horses.map((h: { name: string }) => h.name)).toEqual(["Dash Ta Fame"]);
    expect(body.raceEntries).toEqual([
      expect.objectContaining({ id: entry.id, eventId: race.id, eventName: race.name, className: "Open 4D", horseName: "Dash Ta Fame", backNumber: 42, paid: true, status: "ENTERED" }),
    ]);
    expect(body.raceResults).toEqual([
      expect.objectContaining({ entryId: entry.id, outcome: "TIME", timeMs: 15_482, division: 1, place: 1, payoutCents: 45_000 }),
    ]);

    const text = JSON.stringify(body);
    expect(text).not.toContain("Somebody Else's Jackpot");
    expect(text).not.toContain("Other Rider");
    expect(text).not.toContain("Not yours");
    expect(text).not.toMatch(/\$2[aby]\$|"password"|p256dh|"auth"|"endpoint"|PPPPPPPP/);
  });
});
