import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { alertPreferences, emailUnsubscribes, jobs, pushSubscriptions, users } from "../../db/schema";
import { loadConfig } from "../../app/lib/config.server";
import { setClock } from "../../app/lib/clock.server";
import { cancelJob, enqueueJob, rescheduleJob } from "../../app/features/alerts/jobs.server";
import { sendAlert } from "../../app/features/alerts/alerts.server";
import { INTERRUPTED, MAX_ATTEMPTS, RETRY_AFTER_MS, runDueJobs, settleInterrupted, type JobHandler } from "../../server/jobs";
import { createUser, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * The durable job table and its runner (server/jobs.ts), with handlers of
 * the test's own: what runs when, retries, failure, interruption; and
 * sendAlert's once-only ledger and channel choices.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());
afterEach(() => setClock(null));

/** The runner logs retries, failures and interruptions as errors: collect them for the test to check. */
function collectLoggedErrors() {
  const lines: string[] = [];
  vi.mocked(console.error).mockImplementation((line: unknown) => void lines.push(String(line)));
  return lines;
}

const job = (key: string) => app.db.select().from(jobs).where(eq(jobs.key, key)).get();
let seq = 0;
const key = (name: string) => `${name}-${++seq}-${Date.now()}`;

describe("the job runner", () => {
  it("runs a job once, when due by the app's clock, and not before", async () => {
    const ran: string[] = [];
    const handlers: Record<string, JobHandler> = { "test-note": (_db, j) => void ran.push(j.key) };
    const k = key("later");
    const due = new Date(Date.now() + 60 * 60_000);
    expect(enqueueJob(app.db, { kind: "test-note", key: k, dueAt: due })).toBe(true);
    expect(enqueueJob(app.db, { kind: "test-note", key: k, dueAt: new Date() })).toBe(false);

    await runDueJobs(app.db, loadConfig(), handlers);
    expect(ran).not.toContain(k);
    setClock(new Date(due.getTime() + 1000));
    await runDueJobs(app.db, loadConfig(), handlers);
    await runDueJobs(app.db, loadConfig(), handlers);
    expect(ran.filter((r) => r === k)).toHaveLength(1);
    expect(job(k)).toMatchObject({ status: "done", attempts: 1, lastError: null });
    // Done is done: the key cannot be enqueued again.
    expect(enqueueJob(app.db, { kind: "test-note", key: k, dueAt: new Date() })).toBe(false);
  });

  it("moves and cancels only pending jobs", async () => {
    const k = key("move");
    enqueueJob(app.db, { kind: "test-note", key: k, dueAt: new Date(Date.now() + 1000_000) });
    const to = new Date(Date.now() + 2000_000);
    expect(rescheduleJob(app.db, k, to, { a: 1 })).toBe(true);
    expect(job(k)).toMatchObject({ dueAt: to, payload: { a: 1 } });
    expect(cancelJob(app.db, k)).toBe(true);
    expect(job(k)).toBeUndefined();
    expect(cancelJob(app.db, k)).toBe(false);
  });

  it("retries a failing job with growing waits, then marks it failed with its last error", async () => {
    const logged = collectLoggedErrors();
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      "test-fail": () => {
        calls++;
        throw new Error(`mail server said no (${calls})`);
      },
    };
    const k = key("fail");
    enqueueJob(app.db, { kind: "test-fail", key: k, dueAt: new Date() });
    let clock = Date.now();
    await runDueJobs(app.db, loadConfig(), handlers);
    for (const wait of RETRY_AFTER_MS) {
      const pending = job(k)!;
      expect(pending).toMatchObject({ status: "pending", lastError: `mail server said no (${calls})` });
      // Not before its wait is over.
      setClock(new Date(clock + wait - 5000));
      await runDueJobs(app.db, loadConfig(), handlers);
      expect(job(k)!.attempts).toBe(pending.attempts);
      clock += wait + 1000;
      setClock(new Date(clock));
      await runDueJobs(app.db, loadConfig(), handlers);
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(job(k)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: `mail server said no (${MAX_ATTEMPTS})` });
    expect(logged.filter((l) => l.includes("job will be retried"))).toHaveLength(RETRY_AFTER_MS.length);
    expect(logged.filter((l) => l.includes('"job failed"'))).toHaveLength(1);
  });

  it("never runs again a job cut off while running, unless its kind only writes once-only rows", () => {
    const logged = collectLoggedErrors();
    const sent = key("cut");
    const safe = key("safe");
    for (const [k, kind] of [[sent, "alert-email"], [safe, "test-safe"]] as const) {
      enqueueJob(app.db, { kind, key: k, dueAt: new Date() });
      app.db.update(jobs).set({ status: "running", attempts: 1 }).where(eq(jobs.key, k)).run();
    }
    settleInterrupted(app.db, new Set(["test-safe"]));
    expect(job(sent)).toMatchObject({ status: "failed", lastError: INTERRUPTED });
    expect(job(safe)).toMatchObject({ status: "pending" });
    expect(logged.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ msg: "jobs interrupted by a stop", failed: 1, rerun: 1 })]);
  });
});

describe("sendAlert", () => {
  const alert = (userId: string, subject: string) => ({
    userId,
    kind: "change" as const,
    subject,
    title: "Spring Fling moved",
    message: "Date: May 3 → May 10",
    url: "/share/event/x",
  });

  it("notifies once per rider and subject, in the app, with the alert's link", async () => {
    const rider = createUser(app.db);
    const subject = key("event");
    expect(sendAlert(app.db, alert(rider.id, subject))).toBe(true);
    expect(sendAlert(app.db, alert(rider.id, subject))).toBe(false);
    const client = app.client();
    await signIn(client, rider.email);
    const body = (await (await client.get("/api/notifications")).json()) as { notifications?: unknown[] } | unknown[];
    const list = (Array.isArray(body) ? body : (body.notifications ?? [])) as Array<Record<string, unknown>>;
    const mine = list.filter((n) => n.title === "Spring Fling moved");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: "alert", subtype: "change", metadata: { url: "/share/event/x" } });
    // Instant email by default for a confirmed address; no push job without a device.
    expect(job(`email:alert:change:${rider.id}:${subject}`)).toMatchObject({ kind: "alert-email", status: "pending" });
    expect(job(`push:alert:change:${rider.id}:${subject}`)).toBeUndefined();
    const page = await (await client.get("/notifications")).text();
    expect(page).toContain('href="/share/event/x"');
  });

  it("sends nothing to a banned rider", () => {
    const rider = createUser(app.db, { isActive: false });
    expect(sendAlert(app.db, alert(rider.id, key("event")))).toBe(false);
  });

  it("follows the rider's channels: daily digest, push with a device, no mail once unsubscribed or unconfirmed", () => {
    const rider = createUser(app.db);
    app.db.insert(alertPreferences).values({ userId: rider.id, kind: "change", email: "daily", push: true }).run();
    app.db.insert(pushSubscriptions).values({ userId: rider.id, endpoint: `https://push.example/${rider.id}`, p256dh: "k", auth: "a" }).run();
    const subject = key("event");
    sendAlert(app.db, alert(rider.id, subject));
    expect(job(`email:alert:change:${rider.id}:${subject}`)).toBeUndefined();
    expect(job(`push:alert:change:${rider.id}:${subject}`)).toMatchObject({ kind: "alert-push" });
    const digest = app.db.select().from(jobs).where(eq(jobs.kind, "alert-digest")).all().find((j) => j.key.startsWith(`digest:${rider.id}:`));
    expect(digest?.dueAt.getTime()).toBeGreaterThan(Date.now());

    const gone = createUser(app.db);
    app.db.insert(emailUnsubscribes).values({ email: gone.email }).run();
    const s2 = key("event");
    sendAlert(app.db, alert(gone.id, s2));
    expect(job(`email:alert:change:${gone.id}:${s2}`)).toBeUndefined();

    const unconfirmed = createUser(app.db, { emailVerified: false });
    const s3 = key("event");
    expect(sendAlert(app.db, alert(unconfirmed.id, s3))).toBe(true);
    expect(job(`email:alert:change:${unconfirmed.id}:${s3}`)).toBeUndefined();
    expect(app.db.select().from(users).where(eq(users.id, unconfirmed.id)).get()).toBeDefined();
  });
});
