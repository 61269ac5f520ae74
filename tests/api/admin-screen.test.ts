import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannedEmails, eventReports, events, notifications, userReports, users } from "../../db/schema";
import { createEvent, createRun, createUser, PASSWORD, signIn, uploadImage } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/** The /admin screen's loader and action, through forms as a browser without JavaScript sends them. */
let app: TestServer;
let admin: Client;
let adminUser: ReturnType<typeof createUser>;
beforeAll(async () => {
  app = await startTestServer();
  const user = createUser(app.db, { isAdmin: true, firstName: "Ada", lastName: "Boss" });
  adminUser = user;
  admin = app.client();
  await admin.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
});
afterAll(() => app.close());

describe("/admin", () => {
  it("shows the four stat cards and the eight tabs", async () => {
    const html = await (await admin.get("/admin")).text();
    for (const label of [
      "Total Users", "Active Users", "Total Events", "Pending Showbills",
      "User Management", "Reported Users", "Reported Events", "Event Moderation", "Run Log Visibility", "Invitation Stats", "Notifications",
    ]) {
      expect(html).toContain(label);
    }
  });

  it("refuses a non-admin's form post with 403", async () => {
    const rider = createUser(app.db);
    const client = app.client();
    await client.form("/login", { email: rider.email, password: PASSWORD, intent: "login" });
    const res = await client.form("/admin", { intent: "ban", userId: rider.id });
    expect(res.status).toBe(403);
  });

  it("asks before banning a reported user, then bans; Unban undoes it, and both are in the audit log by name", async () => {
    const target = createUser(app.db, { firstName: "Troll", lastName: "Account" });
    const reporter = createUser(app.db);
    app.db.insert(userReports).values({ reporterId: reporter.id, reportedUserId: target.id, reason: "harassment" }).run();
    const tab = await (await admin.get("/admin?tab=reported-users")).text();
    // The reason reads as words, and the question is in the page before anything is done.
    expect(tab).toContain("<strong>Harassment</strong>");
    expect(tab).toContain(`Ban ${target.email}?`);
    const res = await admin.form("/admin?tab=reported-users", { intent: "ban", userId: target.id });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?tab=reported-users");
    expect(app.db.select().from(users).where(eq(users.id, target.id)).get()!.isActive).toBe(false);
    const banned = await (await admin.get("/admin?tab=reported-users")).text();
    expect(banned).toContain("User Banned");
    expect(banned).toContain(`Unban ${target.email}`);

    const unban = await admin.form("/admin?tab=users", { intent: "unban", userId: target.id });
    expect(unban.status).toBe(302);
    expect(app.db.select().from(users).where(eq(users.id, target.id)).get()!.isActive).toBe(true);
    expect(app.db.select().from(bannedEmails).where(eq(bannedEmails.email, target.email)).get()).toBeUndefined();
    const back = app.client();
    expect((await back.json("/api/auth/login", "POST", { email: target.email, password: PASSWORD })).status).toBe(200);

    const audit = await (await admin.get("/admin?tab=audit")).text();
    expect(audit).toContain("Banned user");
    expect(audit).toContain("Unbanned user");
    expect(audit).toContain(`Troll Account (${target.email})`);
    expect(audit).toContain(`${adminUser.firstName} ${adminUser.lastName}`);
    expect(audit).not.toMatch(/>user\.(un)?ban</);
    expect(audit).not.toContain(`>${target.id}<`);
  });

  it("refuses an administrator's password reset under 8 characters, as riders' passwords are", async () => {
    const rider = createUser(app.db);
    const short = await admin.form(`/admin?tab=users&manage=${rider.id}`, { intent: "reset-password", userId: rider.id, newPassword: "abc123" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 8 characters");
    const page = await (await admin.get(`/admin?tab=users&manage=${rider.id}`)).text();
    expect(page).toContain("New password (at least 8 characters)");
    const ok = await admin.form(`/admin?tab=users&manage=${rider.id}`, { intent: "reset-password", userId: rider.id, newPassword: "abc12345" });
    expect(ok.status).toBe(302);
    await app.smtp.waitFor(rider.email, /Your password was changed/);
  });

  it("approves a pending showbill from its tab and notifies the creator", async () => {
    const producer = createUser(app.db);
    const event = createEvent(app.db, { createdBy: producer.id, showbillUrl: "/uploads/bill.jpg", showbillApproved: false, name: "Pending Bash" });
    expect(await (await admin.get("/admin?tab=showbills")).text()).toContain("Pending Bash");
    const res = await admin.form("/admin?tab=showbills", { intent: "showbill", eventId: event.id, approved: "true" });
    expect(res.status).toBe(302);
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()!.showbillApproved).toBe(true);
    expect(app.db.select().from(notifications).where(eq(notifications.userId, producer.id)).get()!.title).toBe("Showbill Approved");
  });

  it("reviews showbills from their previews, not the full-size files", async () => {
    const producer = createUser(app.db);
    const client = app.client();
    await signIn(client, producer.email);
    const { url } = await uploadImage(client, "showbill", "#335577", { width: 1600, height: 2000 });
    createEvent(app.db, { createdBy: producer.id, showbillUrl: url, showbillApproved: false, name: "Preview Derby" });
    const html = await (await admin.get("/admin?tab=showbills")).text();
    const img = html.match(/<img[^>]*alt="Showbill for Preview Derby"[^>]*>/)?.[0] ?? "";
    expect(img).toMatch(/src="\/uploads\/[^"]+\.preview\.webp"/);
    expect(img).not.toContain(`src="${url}"`);
    // The full file is one tap away.
    expect(html).toContain(`href="${url}"`);
  });

  it("keeps a long unbroken report description inside its column", async () => {
    const reporter = createUser(app.db);
    const event = createEvent(app.db, { name: "Overflow Open" });
    app.db.insert(eventReports).values({ reporterId: reporter.id, eventId: event.id, reason: "wrong-info", description: "x".repeat(400) }).run();
    const html = await (await admin.get("/admin?tab=reported-events")).text();
    // The cell wraps anywhere; the browser suite measures it at 1366 px.
    expect(html).toMatch(/<td class="[^"]*\[overflow-wrap:anywhere\][^"]*"><strong>Wrong information<\/strong><p[^>]*>x{400}<\/p><\/td>/);
  });

  it("says which field of an incomplete announcement is missing", async () => {
    const bad = await admin.form("/admin?tab=notifications", { intent: "notify-selected", title: "Hi", message: "There" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please select at least one user (if using selected users option)");
    const noTitle = await admin.form("/admin?tab=notifications", { intent: "notify-all", title: "", message: "There" });
    expect(await noTitle.text()).toContain("Please fill in the title");
  });

  it("asks before sending to all users, with the number it would reach; Cancel keeps the message", async () => {
    createUser(app.db, { isActive: false }); // a banned rider is neither counted nor sent to
    const before = app.db.select().from(notifications).all().length;
    const active = app.db.select().from(users).where(eq(users.isActive, true)).all().length;
    const ask = await admin.form("/admin?tab=notifications", { intent: "notify-all", title: "Arena closed", message: "Rain out" });
    expect(ask.status).toBe(200);
    const question = await ask.text();
    expect(question).toContain(`Send “Arena closed” to all ${active} active users?`);
    expect(app.db.select().from(notifications).all()).toHaveLength(before);

    const cancel = await admin.form("/admin?tab=notifications", { intent: "notify-edit", title: "Arena closed", message: "Rain out" });
    expect(cancel.status).toBe(200);
    const draft = await cancel.text();
    expect(draft).not.toContain("Send “Arena closed” to all");
    expect(draft).toContain(">Rain out</textarea>");
    expect(app.db.select().from(notifications).all()).toHaveLength(before);

    const ok = await admin.form("/admin?tab=notifications", { intent: "notify-all", title: "Arena closed", message: "Rain out", confirmed: "yes" });
    expect(ok.status).toBe(302);
    expect(app.db.select().from(notifications).all()).toHaveLength(before + active);
    expect(await (await admin.get("/admin?tab=notifications")).text()).toContain(`Sent to ${active} users.`);
  });

  it("says “Sent to 1 user.”, not “1 users”", async () => {
    const one = createUser(app.db);
    const ok = await admin.form("/admin?tab=notifications", { intent: "notify-selected", title: "Hi", message: "There", userIds: one.id });
    expect(ok.status).toBe(302);
    expect(await (await admin.get("/admin?tab=notifications")).text()).toContain("Sent to 1 user.");
  });

  it("lists events newest first, 50 a page, with Previous and Next that keep the tab", async () => {
    const base = Date.now() + 86_400_000; // after every event the other tests made
    for (let i = 0; i < 55; i++) createEvent(app.db, { name: `Paged Rodeo ${String(i).padStart(2, "0")}`, createdAt: new Date(base + i * 1000) });
    const names = (html: string) => [...html.matchAll(/>Paged Rodeo (\d\d)<\/a>/g)].map((m) => m[1]);
    const first = await (await admin.get("/admin?tab=events")).text();
    expect(names(first)).toHaveLength(50);
    expect(names(first)[0]).toBe("54");
    expect(first).toContain('href="?tab=events&amp;page=2"');
    expect(first).not.toContain(">Previous<");
    const second = await (await admin.get("/admin?tab=events&page=2")).text();
    expect(names(second)).toEqual(["04", "03", "02", "01", "00"]);
    expect(second).toContain('href="?tab=events&amp;page=1"');
    // Not a page: the first one, never an error.
    for (const page of ["0", "-3", "x", "2.5", "1e400"]) expect((await admin.get(`/admin?tab=events&page=${page}`)).status).toBe(200);
    expect(names(await (await admin.get("/admin?tab=events&page=2.5")).text())).toEqual(names(second));
  });

  it("finds events by any part of their name, any case, newest first; % and _ are only characters", async () => {
    createEvent(app.db, { name: "Spring Fling Barrel Race" });
    createEvent(app.db, { name: "Fall Fling Futurity" });
    createEvent(app.db, { name: "100% Payback Jackpot" });
    const names = async (q: string) => {
      const res = await admin.get(`/admin?tab=events&q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return [...(await res.text()).matchAll(/class="link" href="\/share\/event\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
    };
    expect(await names("fling")).toEqual(["Fall Fling Futurity", "Spring Fling Barrel Race"]);
    expect(await names("  BARREL race ")).toContain("Spring Fling Barrel Race");
    expect(await names("100%")).toEqual(["100% Payback Jackpot"]);
    expect(await names("%")).toEqual(["100% Payback Jackpot"]);
    expect(await names("_")).toEqual([]);
    const none = await (await admin.get("/admin?tab=events&q=nothing-by-this-name")).text();
    expect(none).toContain("No events named like “nothing-by-this-name”");
    // The search box keeps what was asked; Next keeps the search.
    const paged = await (await admin.get("/admin?tab=events&q=Paged%20Rodeo")).text();
    expect(paged).toContain('value="Paged Rodeo"');
    expect(paged).toContain('href="?tab=events&amp;q=Paged+Rodeo&amp;page=2"');
  });

  it("lists public runs newest first, 50 a page; a Private rider's never", async () => {
    const rider = createUser(app.db, { privacyMode: "PUBLIC" });
    const solo = createUser(app.db, { privacyMode: "SOLO" });
    const base = Date.now() + 86_400_000;
    for (let i = 0; i < 52; i++) createRun(app.db, rider.id, { privacy: "PUBLIC", arenaName: `Paged Arena ${String(i).padStart(2, "0")}`, runAt: new Date(base + i * 1000) });
    createRun(app.db, solo.id, { privacy: "PUBLIC", arenaName: "Paged Arena solo", runAt: new Date(base + 99_000) });
    const arenas = (html: string) => [...html.matchAll(/<td[^>]*>Paged Arena (\w+)<\/td>/g)].map((m) => m[1]);
    const first = await (await admin.get("/admin?tab=runs")).text();
    expect(arenas(first)).toHaveLength(50);
    expect(arenas(first)[0]).toBe("51");
    expect(first).toContain('href="?tab=runs&amp;page=2"');
    const second = await (await admin.get("/admin?tab=runs&page=2")).text();
    expect(arenas(second).slice(0, 2)).toEqual(["01", "00"]);
    expect(second + first).not.toContain("Paged Arena solo");
  });

  it("finds a rider's public runs by the start of their email or name; asks for more when too many riders match", async () => {
    const wynonna = createUser(app.db, { privacyMode: "PUBLIC", firstName: "Wynonna", lastName: "Earp", email: `wearp-${Date.now()}@example.com` });
    const doc = createUser(app.db, { privacyMode: "PUBLIC", firstName: "Doc", lastName: "Holliday" });
    const soloNamesake = createUser(app.db, { privacyMode: "SOLO", firstName: "Wynonna", lastName: "Solo" });
    const base = Date.now() + 2 * 86_400_000;
    for (let i = 0; i < 51; i++) createRun(app.db, wynonna.id, { privacy: "PUBLIC", arenaName: `Earp Arena ${String(i).padStart(2, "0")}`, runAt: new Date(base + i * 1000) });
    createRun(app.db, wynonna.id, { privacy: "PRIVATE", arenaName: "Earp Arena private" });
    createRun(app.db, doc.id, { privacy: "PUBLIC", arenaName: "Holliday Arena" });
    createRun(app.db, soloNamesake.id, { privacy: "PUBLIC", arenaName: "Solo Arena" });
    const arenas = async (q: string, page = 1) => {
      const res = await admin.get(`/admin?tab=runs&q=${encodeURIComponent(q)}&page=${page}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      return { html, names: [...html.matchAll(/<td[^>]*>(\w+ Arena[^<]*)<\/td>/g)].map((m) => m[1]) };
    };
    // By first name, last name (any case) and email: Wynonna Earp's public runs only, newest first, 50 a page.
    for (const q of ["wyn", "  EARP ", "wearp-"]) {
      const { names } = await arenas(q);
      expect(names).toHaveLength(50);
      expect(names[0]).toBe("Earp Arena 50");
      expect(names.every((n) => /^Earp Arena \d\d$/.test(n))).toBe(true);
    }
    const first = await arenas("wyn");
    expect(first.html).toContain('value="wyn"');
    expect(first.html).toContain('href="?tab=runs&amp;q=wyn&amp;page=2"');
    expect((await arenas("wyn", 2)).names).toEqual(["Earp Arena 00"]);
    expect((await arenas("holl")).names).toEqual(["Holliday Arena"]);
    expect((await arenas("nobody-by-this-name")).html).toContain("No public runs of riders matching “nobody-by-this-name”");
    for (let i = 0; i < 101; i++) createUser(app.db, { lastName: "Crowdedname" });
    const crowded = await arenas("crowded");
    expect(crowded.names).toEqual([]);
    expect(crowded.html).toContain("More than 100 riders match “crowded”: type more of their email or name.");
  });

  it("shows the audit log to admins", async () => {
    const html = await (await admin.get("/admin?tab=audit")).text();
    expect(html).toContain("Banned user");
  });
});
