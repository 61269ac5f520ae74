import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { alertDigestItems, alertPreferences, emailUnsubscribes, jobs, users } from "../../db/schema";
import { setClock } from "../../app/lib/clock.server";
import { sendAlert, type Alert } from "../../app/features/alerts/alerts.server";
import { enqueueJob } from "../../app/features/alerts/jobs.server";
import { MAX_ATTEMPTS, RETRY_AFTER_MS } from "../../server/jobs";
import { createUser, signIn } from "../helpers/factories";
import { linkIn, type CapturedMail } from "../helpers/mail";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Alert email end to end: the job runner sends through the test's real SMTP
 * server; the mail's unsubscribe link and headers are followed as a reader
 * and a mail app would; the digest runs on the app's clock, moved by the test.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({}, { jobs: true });
});
afterAll(() => app.close());
afterEach(() => {
  setClock(null);
  app.smtp.refuse(null);
});

let seq = 0;
const alert = (userId: string, overrides: Partial<Alert> = {}): Alert => ({
  userId,
  kind: "change",
  subject: `event:e${++seq}-${Date.now()}:change:1`,
  title: `Spring Fling ${seq} moved`,
  message: `Spring Fling ${seq} now runs Mar 7, 2030 (was Mar 6, 2030).`,
  url: `/share/event/e${seq}`,
  ...overrides,
});
const mailsTo = (email: string) => app.smtp.messages.filter((m) => m.to.includes(email));
const jobByKey = (key: string) => app.db.select().from(jobs).where(eq(jobs.key, key)).get();
const unsubscribed = (email: string) => app.db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, email)).get() !== undefined;

function expectUnsubscribeHeaders(mail: CapturedMail) {
  const link = linkIn(mail, "/unsubscribe/");
  expect(mail.headers["list-unsubscribe"]).toBe(`<${link}>`);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.html).toContain(`href="${link}"`);
  expect(mail.html).toContain("Unsubscribe from alert emails");
  return link;
}

describe("instant alert email", () => {
  it("mails the alert once, with its link, an unsubscribe link and the one-click headers", async () => {
    const rider = createUser(app.db);
    const a = alert(rider.id);
    expect(sendAlert(app.db, a)).toBe(true);
    await app.runJobs();
    const [mail, ...more] = mailsTo(rider.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(a.title);
    expect(mail!.text).toContain(a.message);
    expect(mail!.text).toContain(`${app.url}${a.url}`);
    expect(mail!.html).toContain(`href="${app.url}${a.url}"`);
    expectUnsubscribeHeaders(mail!);

    // Done is done: more runs, later, send nothing again.
    setClock(new Date(Date.now() + 3 * 60 * 60_000));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(1);
    expect(jobByKey(`email:alert:${a.kind}:${rider.id}:${a.subject}`)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("unsubscribes from the link only on the button's POST, then sends the address nothing", async () => {
    const rider = createUser(app.db);
    sendAlert(app.db, alert(rider.id));
    await app.runJobs();
    const link = expectUnsubscribeHeaders(mailsTo(rider.email)[0]!);
    const path = new URL(link).pathname;
    const visitor = app.client();

    // A mail scanner opening the link unsubscribes nobody.
    const page = await visitor.get(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Unsubscribe from alert emails");
    expect(html).toContain(rider.email);
    expect(html).toMatch(/<form method="post"[^>]*>[\s\S]*>Unsubscribe<\/button>/);
    expect(unsubscribed(rider.email)).toBe(false);

    // A mail already queued (due in a minute) when the reader unsubscribes is not sent either.
    const queued = alert(rider.id);
    const dueAt = new Date(Date.now() + 60_000);
    enqueueJob(app.db, { kind: "alert-email", key: `email:queued:${rider.id}`, dueAt, payload: { ...queued } });
    const done = await visitor.form(path, {});
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    expect(unsubscribed(rider.email)).toBe(true);
    setClock(new Date(dueAt.getTime() + 1000));
    await app.runJobs();
    expect(jobByKey(`email:queued:${rider.id}`)).toMatchObject({ status: "done" });

    sendAlert(app.db, alert(rider.id));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(1);

    // Settings says so, and turns alert email back on.
    const client = app.client();
    await signIn(client, rider.email);
    const settings = await (await client.get("/settings")).text();
    expect(settings).toContain(`Alert email is off for ${rider.email}`);
    const back = await client.form("/settings/alerts", { intent: "resubscribe" });
    expect(back.status).toBe(302);
    expect(unsubscribed(rider.email)).toBe(false);
    expect(await (await client.get("/settings")).text()).not.toContain("Alert email is off");
    sendAlert(app.db, alert(rider.id));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(2);
  });

  it("takes a mail app's one-click unsubscribe (RFC 8058): success, no page", async () => {
    const rider = createUser(app.db);
    sendAlert(app.db, alert(rider.id));
    await app.runJobs();
    const link = expectUnsubscribeHeaders(mailsTo(rider.email)[0]!);
    // As a mail provider posts it: from its own servers, no Origin, no cookies.
    const res = await fetch(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(unsubscribed(rider.email)).toBe(true);
    sendAlert(app.db, alert(rider.id));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(1);
  });

  it("answers a link that is not one of ours with a 400 page, unsubscribing nobody", async () => {
    const rider = createUser(app.db);
    const forged = `${Buffer.from(rider.email).toString("base64url")}.${"A".repeat(43)}`;
    for (const token of [forged, "nonsense", `${Buffer.from(rider.email).toString("base64url")}`]) {
      const page = await app.client().get(`/unsubscribe/${token}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("This unsubscribe link is not valid");
      const post = await app.client().form(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" });
      expect(post.status).toBe(400);
      expect((await app.client().form(`/unsubscribe/${token}`, {})).status).toBe(400);
    }
    expect(unsubscribed(rider.email)).toBe(false);
  });

  it("sends nothing to a rider banned or deleted after the alert was raised", async () => {
    const banned = createUser(app.db);
    const deleted = createUser(app.db);
    sendAlert(app.db, alert(banned.id));
    sendAlert(app.db, alert(deleted.id));
    app.db.update(users).set({ isActive: false }).where(eq(users.id, banned.id)).run();
    app.db.delete(users).where(eq(users.id, deleted.id)).run();
    await app.runJobs();
    expect(mailsTo(banned.email)).toHaveLength(0);
    expect(mailsTo(deleted.email)).toHaveLength(0);
    // And a banned rider is not alerted at all.
    expect(sendAlert(app.db, alert(banned.id))).toBe(false);
  });

  it("retries a failing mail server with backoff, then shows the job failed on the admin dashboard", async () => {
    const logged: string[] = [];
    vi.mocked(console.error).mockImplementation((line: unknown) => void logged.push(String(line)));
    const rider = createUser(app.db);
    const admin = createUser(app.db, { isAdmin: true });
    const a = alert(rider.id);
    const key = `email:alert:${a.kind}:${rider.id}:${a.subject}`;
    app.smtp.refuse("mailbox unavailable, try later");
    const start = Date.now();
    setClock(new Date(start));
    sendAlert(app.db, a);
    await app.runJobs();
    expect(jobByKey(key)).toMatchObject({ status: "pending", attempts: 1 });
    expect(jobByKey(key)!.lastError).toContain("mailbox unavailable");
    expect(jobByKey(key)!.dueAt.getTime()).toBeGreaterThanOrEqual(start + RETRY_AFTER_MS[0]!);

    // Not before its time: a run a little earlier leaves it waiting.
    setClock(new Date(start + RETRY_AFTER_MS[0]! - 5000));
    await app.runJobs();
    expect(jobByKey(key)).toMatchObject({ status: "pending", attempts: 1 });

    let at = start;
    for (const wait of RETRY_AFTER_MS) {
      at += wait + 1000;
      setClock(new Date(at));
      await app.runJobs();
    }
    expect(jobByKey(key)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(mailsTo(rider.email)).toHaveLength(0);
    expect(logged.some((l) => l.includes("job failed") && l.includes(key))).toBe(true);

    // The mail server is back: a failed job stays failed (nothing is sent late or twice).
    app.smtp.refuse(null);
    setClock(new Date(at + 24 * 60 * 60_000));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(0);

    const client = app.client();
    await signIn(client, admin.email);
    const stats = (await (await client.get("/api/admin/stats")).json()) as { failedJobs: number };
    expect(stats.failedJobs).toBeGreaterThanOrEqual(1);
    const dashboard = await (await client.get("/admin")).text();
    expect(dashboard).toContain("Failed deliveries");
    expect(dashboard).toContain(key);
    expect(dashboard).toContain("mailbox unavailable");
  });
});

describe("the daily digest", () => {
  it("gathers a day's alerts into one mail at 7:00 the rider's time, then nothing until there is more", async () => {
    // Fort Worth, TX (76101): Chicago's time, UTC-6 in December.
    const rider = createUser(app.db, { homeZipCode: "76101" });
    app.db.insert(alertPreferences).values({ userId: rider.id, kind: "change", email: "daily", push: false }).run();
    setClock(new Date("2030-12-02T10:00:00Z"));
    const first = alert(rider.id);
    const second = alert(rider.id);
    sendAlert(app.db, first);
    setClock(new Date("2030-12-02T11:30:00Z"));
    sendAlert(app.db, second);
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(0);
    expect(jobByKey(`digest:${rider.id}:2030-12-02`)).toMatchObject({ status: "pending", dueAt: new Date("2030-12-02T13:00:00Z") });

    setClock(new Date("2030-12-02T13:00:01Z"));
    await app.runJobs();
    const [digest, ...more] = mailsTo(rider.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe("Your Cloverleaf alerts: 2 updates");
    for (const a of [first, second]) {
      expect(digest!.text).toContain(a.title);
      expect(digest!.text).toContain(a.message);
      expect(digest!.text).toContain(`${app.url}${a.url}`);
    }
    expectUnsubscribeHeaders(digest!);
    expect(app.db.select().from(alertDigestItems).where(eq(alertDigestItems.userId, rider.id)).all()).toHaveLength(0);

    // An alert after 7:00 waits for the next morning's digest.
    const third = alert(rider.id);
    sendAlert(app.db, third);
    expect(jobByKey(`digest:${rider.id}:2030-12-03`)).toMatchObject({ dueAt: new Date("2030-12-03T13:00:00Z") });
    setClock(new Date("2030-12-02T23:00:00Z"));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(1);
    setClock(new Date("2030-12-03T13:00:01Z"));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(2);
    expect(mailsTo(rider.email)[1]!.subject).toBe(`Your Cloverleaf alert: ${third.title}`);
  });

  it("sends no digest when nothing is waiting", async () => {
    const rider = createUser(app.db);
    setClock(new Date("2030-12-05T12:00:00Z"));
    enqueueJob(app.db, { kind: "alert-digest", key: `digest:${rider.id}:2030-12-05`, dueAt: new Date("2030-12-05T13:00:00Z"), payload: { userId: rider.id } });
    setClock(new Date("2030-12-05T13:00:01Z"));
    await app.runJobs();
    expect(jobByKey(`digest:${rider.id}:2030-12-05`)).toMatchObject({ status: "done" });
    expect(mailsTo(rider.email)).toHaveLength(0);
  });

  it("retries a digest with the same alerts when the mail server fails, and mails them once", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const rider = createUser(app.db, { homeZipCode: "76101" });
    app.db.insert(alertPreferences).values({ userId: rider.id, kind: "reminder", email: "daily", push: false }).run();
    setClock(new Date("2030-12-09T10:00:00Z"));
    const first = alert(rider.id, { kind: "reminder" });
    sendAlert(app.db, first);
    setClock(new Date("2030-12-09T13:00:01Z"));
    app.smtp.refuse("try later");
    await app.runJobs();
    expect(jobByKey(`digest:${rider.id}:2030-12-09`)).toMatchObject({ status: "pending", attempts: 1 });
    // Raised while the digest waits for its retry: it goes in tomorrow's, not this one.
    const later = alert(rider.id, { kind: "reminder" });
    sendAlert(app.db, later);
    app.smtp.refuse(null);
    setClock(new Date("2030-12-09T13:02:00Z"));
    await app.runJobs();
    const [digest, ...more] = mailsTo(rider.email);
    expect(more).toHaveLength(0);
    expect(digest!.text).toContain(first.title);
    expect(digest!.text).not.toContain(later.title);
    setClock(new Date("2030-12-10T13:00:01Z"));
    await app.runJobs();
    expect(mailsTo(rider.email)).toHaveLength(2);
    expect(mailsTo(rider.email)[1]!.text).toContain(later.title);
  });
});

describe("alert preferences", () => {
  it("answers the defaults, stores changes by API and by the Settings form, and refuses bad input", async () => {
    const rider = createUser(app.db);
    const client = app.client();
    await signIn(client, rider.email);
    const read = async () => (await (await client.get("/api/alert-preferences")).json()) as Record<string, unknown>;
    expect(await read()).toEqual({
      preferences: {
        match: { email: "instant", push: true },
        change: { email: "instant", push: true },
        reminder: { email: "instant", push: true },
        result: { email: "instant", push: true },
        standing: { email: "instant", push: true },
      },
      emailUnsubscribed: false,
      // Told on deck at 5 runs out until the rider chooses.
      onDeckRunsOut: 5,
    });

    const put = await client.json("/api/alert-preferences", "PUT", { preferences: { match: { email: "daily" }, reminder: { push: false } } });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { preferences: unknown }).preferences).toEqual({
      match: { email: "daily", push: true },
      change: { email: "instant", push: true },
      reminder: { email: "instant", push: false },
      result: { email: "instant", push: true },
      standing: { email: "instant", push: true },
    });

    for (const [body, message] of [
      [{ preferences: { match: { email: "weekly" } } }, "email must be one of instant, daily, off"],
      [{ preferences: { match: { push: "yes" } } }, "push must be true or false"],
      [{ preferences: { news: { push: true } } }, "This field is not taken here: news"],
      [{ emailUnsubscribed: "no" }, "emailUnsubscribed must be true or false"],
    ] as const) {
      const res = await client.json("/api/alert-preferences", "PUT", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }

    // The Settings form, as a browser without JavaScript sends it: unchecked boxes are absent.
    const form = await client.form("/settings/alerts", { intent: "channels", "match.email": "off", "change.email": "daily", "change.push": "on", "reminder.email": "instant" });
    expect(form.status).toBe(302);
    expect((await read()).preferences).toEqual({
      match: { email: "off", push: false },
      change: { email: "daily", push: true },
      reminder: { email: "instant", push: false },
      // Kinds the form did not send keep their email; an unchecked box turns push off.
      result: { email: "instant", push: false },
      standing: { email: "instant", push: false },
    });
    const page = await (await client.get("/settings")).text();
    expect(page).toContain('id="alert-channels"');
    expect(page).toMatch(/<option value="daily" selected="">Daily digest<\/option>/);
    expect(page).toContain("Turning on notifications for this device needs JavaScript.");

    const bad = await client.form("/settings/alerts", { intent: "channels", "match.email": "hourly" });
    expect(bad.status).toBe(302);
    expect((await read()).preferences).toMatchObject({ match: { email: "off" } });

    // Unsubscribing by API is the same as the link; false turns alert email back on.
    await client.json("/api/alert-preferences", "PUT", { emailUnsubscribed: true });
    expect(unsubscribed(rider.email)).toBe(true);
    await client.json("/api/alert-preferences", "PUT", { emailUnsubscribed: false });
    expect(unsubscribed(rider.email)).toBe(false);

    expect((await app.client().get("/api/alert-preferences")).status).toBe(401);
  });
});
