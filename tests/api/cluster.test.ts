import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { createUser, PASSWORD } from "../helpers/factories";
import { Connection, cookieOf, openStream, slowRequest, startCluster, type Cluster } from "../helpers/cluster";

/**
 * WEB_CONCURRENCY workers behind one port, as the container runs them
 * (`node scripts/start.js`, production build), started on an empty DATA_DIR.
 * The tests run in order on the one server: first start, live notifications
 * across workers, a worker crash, and last the stop.
 */
const WORKERS = 3;
let server: Cluster;
let db: Db;
beforeAll(async () => {
  server = await startCluster(WORKERS);
  db = openDatabase(path.join(server.dataDir, "app.db"));
}, 120_000);
afterAll(() => {
  server.kill();
  db?.$client.close();
});

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = createUser(db, overrides);
  const connection = await Connection.to(server);
  const answer = await connection.request("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
  connection.close();
  expect(answer.status).toBe(200);
  return { user, cookie: cookieOf(answer) };
}

describe("first start", () => {
  it("makes the database, its migrations and the session secret once, in the primary, before any worker starts", () => {
    expect(server.workerPids()).toHaveLength(WORKERS);
    const secrets = fs.readdirSync(server.dataDir).filter((name) => name.startsWith("session-secret"));
    expect(secrets).toEqual(["session-secret"]);
    expect(fs.readFileSync(path.join(server.dataDir, "session-secret"), "utf8")).toMatch(/^[0-9a-f]{64}$/);

    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const applied = db.$client.prepare("select count(*) n from __drizzle_migrations").get() as { n: number };
    expect(applied.n).toBe(journal.entries.length);
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");

    // The primary's first housekeeping follows the migrations and comes before the first worker.
    const firstWorker = server.lines.findIndex((l) => l.msg === "worker started");
    const housekeeping = server.lines.findIndex((l) => l.msg === "housekeeping");
    expect(housekeeping).toBeGreaterThanOrEqual(0);
    expect(housekeeping).toBeLessThan(firstWorker);
  });

  it("runs housekeeping once, not once per worker", () => {
    expect(server.lines.filter((l) => l.msg === "housekeeping")).toHaveLength(1);
  });

  it("signs cookies with the one secret: a session made on one worker is good on every worker", async () => {
    const { user, cookie } = await signedIn();
    for (const pid of server.workerPids()) {
      const connection = await Connection.to(server, { pid });
      const answer = await connection.request("GET", "/api/auth/user", { cookie });
      connection.close();
      expect(answer.status, `worker ${pid}`).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ id: user.id });
    }
  });
});

describe("live notifications", () => {
  it("reach a rider's open stream from a change made through another worker", async () => {
    const rider = await signedIn({ privacyMode: "PUBLIC" });
    const fan = await signedIn();
    const held = await Connection.to(server);
    const other = await Connection.to(server, { not: held.owner });
    const stream = await openStream(held, "/api/notifications/stream", rider.cookie);
    try {
      expect(await stream.next("unread")).toEqual({ count: 0 });

      // Someone else's action, served by another worker.
      const follow = await other.request("POST", "/api/follow", { body: { targetId: rider.user.id }, cookie: fan.cookie });
      expect(follow.status).toBeLessThan(300);
      expect(await stream.next("unread", 5000)).toEqual({ count: 1 });

      // The rider's own action on another device, served by another worker.
      const read = await other.request("PATCH", "/api/notifications/mark-all-read", { cookie: rider.cookie });
      expect(read.status).toBe(200);
      expect(await stream.next("unread", 5000)).toEqual({ count: 0 });
    } finally {
      stream.close();
      held.close();
      other.close();
    }
  });
});

describe("a worker that crashes", () => {
  it("fails only its own requests in flight, is logged and replaced, and the server keeps answering", async () => {
    const { user } = await signedIn();
    const login = { email: user.email, password: PASSWORD };
    const [victim] = server.workerPids();
    const onVictim = await Connection.to(server, { pid: victim });
    const elsewhere = await Connection.to(server, { not: victim });
    const doomed = slowRequest(onVictim, "POST", "/api/auth/login", login);
    const surviving = slowRequest(elsewhere, "POST", "/api/auth/login", login);
    await Promise.all([doomed.started, surviving.started]);

    process.kill(victim!, "SIGKILL");
    await expect(doomed.answer).rejects.toThrow();
    surviving.finish();
    expect((await surviving.answer).status).toBe(200);

    const crash = await server.waitForLog((l) => l.msg?.startsWith("worker crashed") === true && l.pid === victim);
    expect(crash).toMatchObject({ level: "error", signal: "SIGKILL" });
    const replacement = await server.waitForLog((l) => l.msg === "worker started" && server.lines.indexOf(l) > server.lines.indexOf(crash));
    expect(server.workerPids()).toHaveLength(WORKERS);
    expect(server.workerPids()).toContain(replacement.pid);
    expect(server.workerPids()).not.toContain(victim);

    for (let i = 0; i < 2 * WORKERS; i++) {
      const connection = await Connection.to(server);
      expect((await connection.request("GET", "/api/health")).status).toBe(200);
      connection.close();
    }
    onVictim.close();
    elsewhere.close();
  }, 60_000);
});

describe("SIGTERM to the primary", () => {
  it("finishes a request in flight, ends open streams, stops every worker and exits 0", async () => {
    const { user, cookie } = await signedIn();
    const streamConnection = await Connection.to(server);
    const stream = await openStream(streamConnection, "/api/notifications/stream", cookie);
    expect(await stream.next("unread")).toEqual({ count: 0 });
    const requestConnection = await Connection.to(server);
    const slow = slowRequest(requestConnection, "POST", "/api/auth/login", { email: user.email, password: PASSWORD });
    await slow.started;
    const workers = server.workerPids();

    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    await stream.end;
    // The request is still in flight: the rest of its body arrives after the stop.
    await new Promise((r) => setTimeout(r, 300));
    slow.finish();
    expect((await slow.answer).status).toBe(200);
    expect(await server.exit).toBe(0);
    // Streams end at once rather than holding the stop until its cut at 8 seconds.
    expect(Date.now() - stoppedAt).toBeLessThan(7000);
    for (const pid of workers) expect(() => process.kill(pid, 0), `worker ${pid}`).toThrow();
    expect(server.lines.filter((l) => l.level === "error" && !l.msg?.startsWith("worker crashed"))).toEqual([]);
  }, 60_000);
});
