import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, notifications, userReports, users } from "../../db/schema";
import { createEvent, createUser, PASSWORD } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/** The /admin screen's loader and action, through forms as a browser without JavaScript sends them. */
let app: TestServer;
let admin: Client;
beforeAll(async () => {
  app = await startTestServer();
  const user = createUser(app.db, { isAdmin: true });
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

  it("asks before banning a reported user, then bans", async () => {
    const target = createUser(app.db, { firstName: "Troll" });
    const reporter = createUser(app.db);
    app.db.insert(userReports).values({ reporterId: reporter.id, reportedUserId: target.id, reason: "harassment" }).run();
    const tab = await (await admin.get("/admin?tab=reported-users")).text();
    expect(tab).toContain("harassment");
    const confirm = await (await admin.get(`/admin?tab=reported-users&confirm=ban:${target.id}`)).text();
    expect(confirm).toContain(`Ban ${target.email}?`);
    const res = await admin.form(`/admin?tab=reported-users&confirm=ban:${target.id}`, { intent: "ban", userId: target.id });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?tab=reported-users");
    expect(app.db.select().from(users).where(eq(users.id, target.id)).get()!.isActive).toBe(false);
    expect(await (await admin.get("/admin?tab=reported-users")).text()).toContain("User Banned");
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

  it("shows the SPEC message when an announcement is incomplete, and the count when sent", async () => {
    const bad = await admin.form("/admin?tab=notifications", { intent: "notify-selected", title: "Hi", message: "There" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please fill in all fields and select at least one user (if using selected users option)");
    const ok = await admin.form("/admin?tab=notifications", { intent: "notify-all", title: "Hi", message: "There" });
    expect(ok.status).toBe(302);
    const page = await (await admin.get("/admin?tab=notifications")).text();
    expect(page).toContain("Notification Sent");
    expect(page).toMatch(/Sent to \d+ users\./);
  });

  it("shows the audit log to admins", async () => {
    const html = await (await admin.get("/admin?tab=audit")).text();
    expect(html).toContain("user.ban");
  });
});
