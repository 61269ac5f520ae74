import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, events, followRequests, follows, notifications, runLogs, savedEvents, userReports, users } from "../../db/schema";
import { createEvent, createUser, registration, signedInRider, signIn } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Simultaneous requests against the real server and one SQLite file:
 * duplicates are prevented by unique indexes and guarded updates, and
 * concurrent writers wait for each other (busy_timeout) instead of failing.
 */
let app: TestServer;
let admins: Client[];
beforeAll(async () => {
  app = await startTestServer();
  admins = [];
  for (let i = 0; i < 2; i++) {
    const client = app.client();
    await signIn(client, createUser(app.db, { isAdmin: true }).email);
    admins.push(client);
  }
});
afterAll(() => app.close());

const N = 20;
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const rider = () => signedInRider(app, { homeZipCode: "76101" });

/** Every answer of a burst: a status below 500 and no SQLite error leaking into the body. */
async function answers(responses: Response[]) {
  return Promise.all(
    responses.map(async (res) => {
      const body = await res.text();
      expect(res.status, body.slice(0, 200)).toBeLessThan(500);
      expect(body).not.toMatch(/database is locked|SQLITE_|busy/i);
      return { status: res.status, body };
    }),
  );
}

describe("the same request many times at once never makes two rows", () => {
  it("rests on unique indexes in the database itself", () => {
    const unique = (table: string) =>
      (app.db.$client.prepare(`PRAGMA index_list(${table})`).all() as Array<{ name: string; unique: number; partial: number }>)
        .filter((i) => i.unique)
        .map((i) => ({
          columns: (app.db.$client.prepare(`PRAGMA index_info(${i.name})`).all() as Array<{ name: string }>).map((c) => c.name),
          partial: Boolean(i.partial),
        }));
    expect(unique("saved_events")).toContainEqual({ columns: ["user_id", "event_id"], partial: false });
    expect(unique("follows")).toContainEqual({ columns: ["follower_id", "following_id"], partial: false });
    // One PENDING request per pair; answered ones stay as history.
    expect(unique("follow_requests")).toContainEqual({ columns: ["requester_id", "target_id"], partial: true });
    expect(unique("run_logs")).toContainEqual({ columns: ["user_id", "client_id"], partial: false });
  });

  it(`${N} simultaneous saves of one event by one rider (API and card form): one saved row, every answer a success`, async () => {
    const { user, client } = await rider();
    const event = createEvent(app.db);
    const results = await answers(
      await times(N, (i) =>
        i % 2 ? client.json(`/api/events/${event.id}/save`, "POST") : client.form(`/events/${event.id}/save`, { intent: "save", redirectTo: "/events" }),
      ),
    );
    for (const [i, r] of results.entries()) {
      if (i % 2) expect(JSON.parse(r.body)).toEqual({ saved: true });
      else expect(r.status).toBe(302);
    }
    expect(app.db.select().from(savedEvents).where(and(eq(savedEvents.userId, user.id), eq(savedEvents.eventId, event.id))).all()).toHaveLength(1);
  });

  it(`${N} simultaneous follows of one PUBLIC rider (API and profile form): one follow, one notice`, async () => {
    const { user, client } = await rider();
    const target = createUser(app.db, { privacyMode: "PUBLIC" });
    const results = await answers(
      await times(N, (i) => (i % 2 ? client.json("/api/follow", "POST", { targetId: target.id }) : client.form(`/profile/${target.id}`, { intent: "follow" }))),
    );
    for (const [i, r] of results.entries()) expect(r.status).toBe(i % 2 ? 200 : 302);
    expect(app.db.select().from(follows).where(and(eq(follows.followerId, user.id), eq(follows.followingId, target.id))).all()).toHaveLength(1);
    expect(app.db.select().from(notifications).where(and(eq(notifications.userId, target.id), eq(notifications.type, "follow"))).all()).toHaveLength(1);
  });

  it(`${N} simultaneous follow requests to one INVITE_ONLY rider: one pending request, one notice; ${N} approvals of it: one follow`, async () => {
    const { user, client } = await rider();
    const target = await signedInRider(app, { privacyMode: "INVITE_ONLY" });
    const results = await answers(await times(N, () => client.json("/api/follow", "POST", { targetId: target.user.id })));
    for (const r of results) expect(JSON.parse(r.body)).toEqual({ action: "requested", requiresApproval: true });
    const pending = app.db.select().from(followRequests).where(and(eq(followRequests.requesterId, user.id), eq(followRequests.targetId, target.user.id))).all();
    expect(pending).toHaveLength(1);
    expect(app.db.select().from(notifications).where(and(eq(notifications.userId, target.user.id), eq(notifications.type, "follow_request"))).all()).toHaveLength(1);

    const approvals = await answers(await times(N, () => target.client.json(`/api/follow-requests/${pending[0]!.id}/approve`, "POST")));
    expect(approvals.map((r) => r.status).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    expect(app.db.select().from(follows).where(and(eq(follows.followerId, user.id), eq(follows.followingId, target.user.id))).all()).toHaveLength(1);
  });

  it(`${N} simultaneous approvals of one event by two admins (API and dashboard): approved once, one notice, one audit entry`, async () => {
    const creator = createUser(app.db);
    const event = createEvent(app.db, { createdBy: creator.id, showbillApproved: false });
    const results = await answers(
      await times(N, (i) =>
        i % 2
          ? admins[Math.floor(i / 2) % 2]!.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: true })
          : admins[Math.floor(i / 2) % 2]!.form("/admin?tab=events", { intent: "showbill", eventId: event.id, approved: "true" }),
      ),
    );
    for (const [i, r] of results.entries()) {
      if (i % 2) expect(JSON.parse(r.body)).toEqual({ message: "Showbill Approved" });
      else expect(r.status).toBe(302);
    }
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()!.showbillApproved).toBe(true);
    expect(app.db.select().from(notifications).where(and(eq(notifications.userId, creator.id), eq(notifications.type, "showbill"))).all()).toHaveLength(1);
    expect(app.db.select().from(auditLog).where(and(eq(auditLog.targetId, event.id), eq(auditLog.action, "event.approve"))).all()).toHaveLength(1);

    // A later, different decision is still made and told.
    await answers([await admins[0]!.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: false })]);
    expect(app.db.select().from(notifications).where(and(eq(notifications.userId, creator.id), eq(notifications.type, "showbill"))).all()).toHaveLength(2);
  });

  it(`${N} simultaneous run-log posts with one clientId (API and form, as an offline phone retrying): one run, one 201`, async () => {
    const { user, client } = await rider();
    const clientId = `phone-${Date.now()}`;
    const results = await answers(
      await times(N, (i) =>
        i % 2
          ? client.json("/api/run-logs", "POST", { arenaName: "Retry Arena", time: "15.1", clientId })
          : client.form("/run-log", { intent: "create", arenaName: "Retry Arena", time: "15.1", clientId }),
      ),
    );
    const api = results.filter((_r, i) => i % 2);
    // One request stored it (201, or a form's redirect); every other API answer is that same run (200).
    for (const r of api) expect([200, 201]).toContain(r.status);
    expect(api.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    for (const r of results.filter((_r, i) => !(i % 2))) expect(r.status).toBe(302);
    const ids = new Set(api.map((r) => JSON.parse(r.body).id));
    expect(ids.size).toBe(1);
    const rows = app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe([...ids][0]);
  });
});

describe("concurrent writers", () => {
  /**
   * Another process writing to the same database file (a second app
   * process, a maintenance script): it takes the write lock for 20 ms out of
   * every 50 ms, so the server's writes must wait their turn.
   */
  function competingWriter(dbFile: string, ms: number) {
    const script = `
      const Database = require("better-sqlite3");
      const db = new Database(${JSON.stringify(dbFile)});
      db.pragma("busy_timeout = 5000");
      const sleep = (t) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, t);
      const insert = db.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)");
      const until = Date.now() + ${ms};
      let n = 0;
      process.stdout.write("ready\\n");
      while (Date.now() < until) {
        db.exec("BEGIN IMMEDIATE");
        insert.run("competing-writer:" + n++, Date.now());
        sleep(20);
        db.exec("COMMIT");
        sleep(30);
      }
      process.stdout.write("commits " + n + "\\n");
    `;
    const child: ChildProcess = spawn(process.execPath, ["-e", script], { cwd: path.resolve("."), stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const ready = new Promise<void>((resolve) => child.stdout!.on("data", (d: Buffer) => ((out += d), out.includes("ready") && resolve())));
    const done = new Promise<number>((resolve) => child.once("exit", () => resolve(Number(/commits (\d+)/.exec(out)?.[1] ?? 0))));
    return { ready, done };
  }

  it("60 simultaneous writes on 10 endpoints, while another process writes too: no 5xx, no 'database is locked', every write stored", async () => {
    const riders = await times(10, () => rider());
    const targets = await times(5, async () => createUser(app.db, { privacyMode: "PUBLIC" }));
    const evts = await times(10, async () => createEvent(app.db));
    const writer = competingWriter(path.join(app.dataDir, "app.db"), 4000);
    await writer.ready;

    const regs = await times(7, async () => registration());
    const started = performance.now();
    const latencies: number[] = [];
    const timed = (p: Promise<Response>) => {
      const t = performance.now();
      return p.then((r) => (latencies.push(performance.now() - t), r));
    };
    const requests = [
      ...regs.map((body) => app.client().json("/api/auth/register", "POST", body)),
      ...riders.map(({ client }, i) => client.json("/api/run-logs", "POST", { arenaName: `Load Arena ${i}`, time: "16.0" })),
      ...riders.map(({ client }, i) => client.json(`/api/events/${evts[i]!.id}/save`, "POST")),
      ...riders.slice(0, 5).map(({ client }, i) => client.json("/api/follow", "POST", { targetId: targets[i]!.id })),
      ...riders.slice(0, 5).map(({ client }, i) => client.json("/api/auth/user/profile", "PATCH", { bio: `Loaded bio ${i}` })),
      ...riders.slice(5).map(({ client }, i) =>
        client.json("/api/events", "POST", { name: `Load Event ${i}`, location: "Fort Worth, TX", zipCode: "76101", date: "2031-06-01", eventType: ["rodeo"], confirmTerms: true }),
      ),
      ...riders.slice(0, 5).map(({ client }, i) => client.json("/api/reports", "POST", { reportedUserId: targets[i]!.id, reason: "spam", description: "load" })),
      ...riders.slice(5).map(({ client }) => client.json("/api/notifications/mark-all-read", "PATCH")),
      ...riders.slice(0, 4).map(({ client }, i) => client.form("/run-log", { intent: "create", arenaName: `Form Arena ${i}` })),
      ...riders.slice(6).map(({ client }) => client.json("/api/riders", "POST", { name: "Load Kid" })),
    ].map(timed);
    const results = await answers(await Promise.all(requests));
    expect(requests.length).toBe(60);
    const elapsed = performance.now() - started;
    const commits = await writer.done;

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 400)).toEqual([]);
    for (const body of regs) expect(app.db.select().from(users).where(eq(users.email, body.email)).get()).toBeTruthy();
    for (const [i, { user }] of riders.entries()) {
      const runs = app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all();
      expect(runs.length).toBe(i < 4 ? 2 : 1);
      expect(app.db.select().from(savedEvents).where(eq(savedEvents.userId, user.id)).all()).toHaveLength(1);
    }
    expect(app.db.select().from(userReports).all().filter((r) => r.description === "load")).toHaveLength(5);
    expect(commits).toBeGreaterThan(0);
    latencies.sort((a, b) => a - b);
    console.log(
      JSON.stringify({ concurrentWrites: requests.length, elapsedMs: Math.round(elapsed), p50Ms: Math.round(latencies[Math.floor(latencies.length / 2)]!), maxMs: Math.round(latencies.at(-1)!), competingCommits: commits }),
    );
  });
});
