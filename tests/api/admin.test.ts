import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bannedEmails, eventReports, events, notifications, runLogs, sessions, userReports, users } from "../../db/schema";
import { createEvent, createInvite, createRun, createUser, PASSWORD, registration, signIn } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

let app: TestServer;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  app = await startTestServer();
  const user = createUser(app.db, { isAdmin: true });
  adminId = user.id;
  admin = app.client();
  await signIn(admin, user.email);
});
afterAll(() => app.close());

const ENDPOINTS: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/events"],
  ["GET", "/api/admin/pending-showbills"],
  ["GET", "/api/admin/run-logs"],
  ["GET", "/api/admin/reports"],
  ["GET", "/api/admin/event-reports"],
  ["GET", "/api/admin/invitation-stats"],
  ["GET", "/api/admin/audit-log"],
  ["PATCH", "/api/admin/showbills/x/approve", { approved: true }],
  ["DELETE", "/api/admin/users/x/ban"],
  ["PATCH", "/api/admin/reports/1", { status: "DISMISSED" }],
  ["PATCH", "/api/admin/event-reports/1", { status: "DISMISSED" }],
  ["DELETE", "/api/admin/events/x"],
  ["DELETE", "/api/admin/run-logs/x"],
  ["POST", "/api/admin/users/x/reset-password", { newPassword: "abcdefgh" }],
  ["PATCH", "/api/admin/users/x/email", { newEmail: "a@b.co" }],
  ["POST", "/api/admin/mass-notification", { title: "t", message: "m" }],
  ["POST", "/api/admin/send-notification", { userIds: ["x"], title: "t", message: "m" }],
];

describe("every admin endpoint", () => {
  it.each(ENDPOINTS)("%s %s refuses a visitor (401) and a signed-in non-admin (403)", async (method, path, body) => {
    const visitor = await app.client().json(path, method, body);
    expect(visitor.status).toBe(401);
    const rider = app.client();
    await signIn(rider, createUser(app.db).email);
    const res = await rider.json(path, method, body);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("You need administrator privileges to do this.");
  });
});

describe("stats and lists", () => {
  it("counts users, active users, events and pending showbills", async () => {
    const before = await (await admin.get("/api/admin/stats")).json();
    createUser(app.db, { isActive: false });
    createUser(app.db);
    createEvent(app.db, { showbillUrl: "/uploads/x.jpg", showbillApproved: false });
    createEvent(app.db, { showbillApproved: false }); // no file: not a pending showbill
    const after = await (await admin.get("/api/admin/stats")).json();
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.activeUsers - before.activeUsers).toBe(1);
    expect(after.totalEvents - before.totalEvents).toBe(2);
    expect(after.pendingShowbills - before.pendingShowbills).toBe(1);
  });

  it("searches users by email or name prefix, paged, without password hashes", async () => {
    for (let i = 0; i < 30; i++) createUser(app.db, { email: `zed${String(i).padStart(2, "0")}@search.example`, firstName: "Zeddy" });
    const first = await (await admin.get("/api/admin/users?q=zed")).json();
    expect(first.users).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    const second = await (await admin.get("/api/admin/users?q=ZED&page=2")).json();
    expect(second.users).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(JSON.stringify(first)).not.toMatch(/password|\$2[aby]\$/);
    const byName = await (await admin.get("/api/admin/users?q=zedd")).json();
    expect(byName.users.length).toBe(25);
  });

  it("lists every event with its creator and the pending showbills", async () => {
    const producer = createUser(app.db, { firstName: "Prod" });
    const pending = createEvent(app.db, { createdBy: producer.id, showbillUrl: "/uploads/bill.jpg", showbillApproved: false });
    const list = await (await admin.get("/api/admin/events")).json();
    expect(list.find((e: { id: string }) => e.id === pending.id)).toMatchObject({
      showbillApproved: false,
      creator: { firstName: "Prod", email: producer.email },
    });
    const showbills = await (await admin.get("/api/admin/pending-showbills")).json();
    expect(showbills.map((e: { id: string }) => e.id)).toContain(pending.id);
  });
});

describe("showbill approval", () => {
  it("approves or rejects and notifies the creator", async () => {
    const producer = createUser(app.db);
    const event = createEvent(app.db, { createdBy: producer.id, showbillUrl: "/uploads/b.jpg", showbillApproved: false });
    const res = await admin.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: true });
    expect(res.status).toBe(200);
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()).toMatchObject({ showbillApproved: true, showbillReviewedBy: adminId });
    await admin.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: false });
    const notes = app.db.select().from(notifications).where(eq(notifications.userId, producer.id)).all();
    expect(notes.map((n) => n.title)).toEqual(["Showbill Approved", "Showbill Rejected"]);
    expect(notes[0]!.relatedEventId).toBe(event.id);
  });

  it("validates its body and answers 404 for a missing event", async () => {
    const bad = await admin.json("/api/admin/showbills/x/approve", "PATCH", { approved: "yes" });
    expect(bad.status).toBe(400);
    expect((await admin.json("/api/admin/showbills/nope/approve", "PATCH", { approved: true })).status).toBe(404);
  });
});

describe("banning", () => {
  it("deactivates the user, bans the email, ends every session at once", async () => {
    const user = createUser(app.db);
    const phone = app.client();
    await signIn(phone, user.email);
    const res = await admin.json(`/api/admin/users/${user.id}/ban`, "DELETE");
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("User Banned");
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect(app.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expect(app.db.select().from(bannedEmails).where(eq(bannedEmails.email, user.email)).get()).toBeTruthy();
    expect((await app.client().json("/api/auth/login", "POST", { email: user.email, password: PASSWORD })).status).toBe(403);
    const again = await app.client().json("/api/auth/register", "POST", registration({ email: user.email }));
    expect(again.status).toBe(403);
  });

  it("never bans an administrator", async () => {
    const other = createUser(app.db, { isAdmin: true });
    const res = await admin.json(`/api/admin/users/${other.id}/ban`, "DELETE");
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("An administrator account cannot be banned or deleted.");
    expect(app.db.select().from(users).where(eq(users.id, other.id)).get()!.isActive).toBe(true);
  });
});

describe("password and email changes", () => {
  it("resets a password under the riders' rule (at least 8 characters), ends the user's sessions and emails the user", async () => {
    const user = createUser(app.db);
    const phone = app.client();
    await signIn(phone, user.email);
    const short = await admin.json(`/api/admin/users/${user.id}/reset-password`, "POST", { newPassword: "1234567" });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Password must be at least 8 characters");
    const ok = await admin.json(`/api/admin/users/${user.id}/reset-password`, "POST", { newPassword: "12345678" });
    expect(ok.status).toBe(200);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await app.client().json("/api/auth/login", "POST", { email: user.email, password: "12345678" })).status).toBe(200);
    const mail = await app.smtp.waitFor(user.email, /Your password was changed/);
    expect(mail.text).toContain("an administrator has set a new password");
    expect(mail.text).not.toContain("12345678");
  });

  it("changes an email that contains @ and is not taken", async () => {
    const user = createUser(app.db);
    const other = createUser(app.db);
    const noAt = await admin.json(`/api/admin/users/${user.id}/email`, "PATCH", { newEmail: "nope" });
    expect((await noAt.json()).message).toBe("Email must contain @");
    const taken = await admin.json(`/api/admin/users/${user.id}/email`, "PATCH", { newEmail: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    const ok = await admin.json(`/api/admin/users/${user.id}/email`, "PATCH", { newEmail: "Fresh.Address@Example.com" });
    expect(ok.status).toBe(200);
    expect(app.db.select().from(users).where(eq(users.id, user.id)).get()!.email).toBe("fresh.address@example.com");
  });
});

describe("reports", () => {
  it("answers only PENDING reports, and shows the latest 5 processed user reports", async () => {
    const target = createUser(app.db);
    // One open report per reporter and rider: seven riders report the same one.
    const ids = Array.from({ length: 7 }, () =>
      app.db.insert(userReports).values({ reporterId: createUser(app.db).id, reportedUserId: target.id, reason: "spam" }).returning().get().id,
    );
    for (const id of ids.slice(0, 6)) {
      expect((await admin.json(`/api/admin/reports/${id}`, "PATCH", { status: "DISMISSED" })).status).toBe(200);
    }
    const again = await admin.json(`/api/admin/reports/${ids[0]}`, "PATCH", { status: "ACTION_TAKEN" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This report has already been processed.");
    expect((await admin.json("/api/admin/reports/999999", "PATCH", { status: "DISMISSED" })).status).toBe(404);
    expect((await admin.json(`/api/admin/reports/${ids[6]}`, "PATCH", { status: "PENDING" })).status).toBe(400);

    const list = await (await admin.get("/api/admin/reports")).json();
    expect(list.pending.map((r: { id: number }) => r.id)).toContain(ids[6]);
    expect(list.processed).toHaveLength(5);
  });

  it("shows every processed event report", async () => {
    const event = createEvent(app.db);
    // One open report per rider per event: six riders.
    const ids = Array.from({ length: 6 }, () =>
      app.db.insert(eventReports).values({ reporterId: createUser(app.db).id, eventId: event.id, reason: "wrong-info" }).returning().get().id,
    );
    for (const id of ids) await admin.json(`/api/admin/event-reports/${id}`, "PATCH", { status: "ACTION_TAKEN" });
    const list = await (await admin.get("/api/admin/event-reports")).json();
    expect(list.processed.filter((r: { eventId: string }) => r.eventId === event.id)).toHaveLength(6);
  });
});

describe("deleting events and runs", () => {
  it("deletes any event and any public run", async () => {
    const event = createEvent(app.db);
    expect((await admin.json(`/api/admin/events/${event.id}`, "DELETE")).status).toBe(200);
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()).toBeUndefined();
    expect((await admin.json(`/api/admin/events/${event.id}`, "DELETE")).status).toBe(404);

    const run = createRun(app.db, createUser(app.db, { privacyMode: "PUBLIC" }).id, { privacy: "PUBLIC" });
    const list = await (await admin.get("/api/admin/run-logs")).json();
    expect(list.find((r: { id: string }) => r.id === run.id)).toMatchObject({ privacy: "PUBLIC", user: { firstName: expect.any(String) } });
    expect((await admin.json(`/api/admin/run-logs/${run.id}`, "DELETE")).status).toBe(200);
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()).toBeUndefined();
  });
});

describe("invitation stats", () => {
  it("counts shares and signups and computes the rate with one decimal", async () => {
    const inviter = createUser(app.db);
    createInvite(app.db, inviter.id, { usageCount: 1 });
    for (let i = 0; i < 2; i++) createInvite(app.db, inviter.id);
    const stats = await (await admin.get("/api/admin/invitation-stats")).json();
    expect(stats.find((s: { userId: string }) => s.userId === inviter.id)).toMatchObject({ totalShares: 3, totalSignups: 1, successRate: "33.3" });
  });

  it("counts a sign-up through a link as Settings does, even once that account is deleted", async () => {
    const inviter = createUser(app.db);
    const { code } = createInvite(app.db, inviter.id);
    const joiner = app.client();
    const email = `joiner-${Date.now()}@example.com`;
    expect((await joiner.json("/api/auth/register", "POST", registration({ email, inviteCode: code }))).status).toBe(201);
    const byAdmin = async () =>
      (await (await admin.get("/api/admin/invitation-stats")).json()).find((s: { userId: string }) => s.userId === inviter.id);
    const bySettings = async (client: Client) => (await (await client.get("/api/invite-links")).json())[0].usageCount;
    const owner = app.client();
    await signIn(owner, inviter.email);
    expect(await byAdmin()).toMatchObject({ totalShares: 1, totalSignups: 1, successRate: "100.0" });
    expect(await bySettings(owner)).toBe(1);

    const joined = app.db.select().from(users).where(eq(users.email, email)).get()!;
    app.db.delete(users).where(eq(users.id, joined.id)).run();
    expect(await byAdmin()).toMatchObject({ totalShares: 1, totalSignups: 1, successRate: "100.0" });
    expect(await bySettings(owner)).toBe(1);
  });
});

describe("announcements", () => {
  it("sends to every active user and answers the count", async () => {
    const active = app.db.select().from(users).where(eq(users.isActive, true)).all().length;
    const res = await admin.json("/api/admin/mass-notification", "POST", { type: "admin", subtype: "announcement", title: "Arena closed", message: "Rain out tonight" });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(active);
  });

  it("sends to selected users only", async () => {
    const a = createUser(app.db);
    const b = createUser(app.db);
    const res = await admin.json("/api/admin/send-notification", "POST", { userIds: [a.id, b.id, "ghost"], title: "Hi", message: "Welcome" });
    expect((await res.json()).count).toBe(2);
    expect(app.db.select().from(notifications).where(eq(notifications.userId, a.id)).get()).toMatchObject({ type: "admin", subtype: "announcement", title: "Hi" });
  });

  it.each([
    [{ title: " ", message: "m" }, "Please fill in the title"],
    [{ message: "m" }, "Please fill in the title"],
    [{ title: "t", message: "" }, "Please fill in the message"],
    [{ title: "t", message: "m", userIds: [] }, "Please select at least one user (if using selected users option)"],
  ])("refuses %o saying which field is missing", async (body, message) => {
    const path = "userIds" in body ? "/api/admin/send-notification" : "/api/admin/mass-notification";
    const res = await admin.json(path, "POST", body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("keeps what was typed when the dashboard's announcement form is refused, and says which field is missing", async () => {
    const res = await admin.form("/admin?tab=notifications", { intent: "notify-selected", title: "Arena closed Sunday", message: "Rain overnight" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Error: <!-- -->Please select at least one user (if using selected users option)");
    expect(html).toContain('value="Arena closed Sunday"');
    expect(html).toContain(">Rain overnight</textarea>");
  });
});

describe("audit log", () => {
  it("records who did what to which record, readable by admins", async () => {
    const user = createUser(app.db);
    await admin.json(`/api/admin/users/${user.id}/ban`, "DELETE");
    const row = app.db.select().from(auditLog).where(eq(auditLog.targetId, user.id)).get()!;
    expect(row).toMatchObject({ actorId: adminId, action: "user.ban", targetType: "user" });
    expect(row.createdAt).toBeInstanceOf(Date);
    const list = await (await admin.get("/api/admin/audit-log")).json();
    expect(list[0]).toMatchObject({ action: expect.any(String), actorEmail: expect.stringContaining("@") });
  });

  it("names an event as it was called when the action was taken; lines written before names were kept read its name now", async () => {
    const event = createEvent(app.db, { name: "Spring Fling Barrels", showbillApproved: false });
    expect((await admin.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: true })).status).toBe(200);
    app.db.update(events).set({ name: "Summer Slam Barrels" }).where(eq(events.id, event.id)).run();
    // A line from before: no name kept with it.
    app.db.insert(auditLog).values({ actorId: adminId, action: "event.reject", targetType: "event", targetId: event.id }).run();
    const list = (await (await admin.get("/api/admin/audit-log")).json()) as { action: string; targetId: string; targetName: string }[];
    const lines = list.filter((l) => l.targetId === event.id);
    expect(lines.map((l) => [l.action, l.targetName])).toEqual([
      ["event.reject", "Summer Slam Barrels"],
      ["event.approve", "Spring Fling Barrels"],
    ]);
  });
});
