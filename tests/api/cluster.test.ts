import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { createUser, PASSWORD } from "../helpers/factories";
import { Connection, cookieOf, openStream, slowRequest, startCluster, type Cluster } from "../helpers/cluster";
import { TMP_DIR } from "../helpers/paths";

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
}, 180_000);
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
  }, 60_000);
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
  }, 60_000);
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

describe("WEB_CONCURRENCY=1", () => {
  it("serves from the one process, runs housekeeping there, and stops on SIGTERM with a stream open", async () => {
    const single = await startCluster(1);
    const data = openDatabase(path.join(single.dataDir, "app.db"));
    try {
      expect(single.lines.filter((l) => l.msg === "worker started")).toEqual([]);
      expect(single.lines.filter((l) => l.msg === "housekeeping")).toHaveLength(1);
      const user = createUser(data);
      const connection = await Connection.to(single);
      expect(connection.owner).toBe(single.child.pid);
      const login = await connection.request("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      const stream = await openStream(connection, "/api/notifications/stream", cookieOf(login));
      expect(await stream.next("unread")).toEqual({ count: 0 });
      const stoppedAt = Date.now();
      single.child.kill("SIGTERM");
      await stream.end;
      expect(await single.exit).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(7000);
    } finally {
      single.kill();
      data.$client.close();
    }
  }, 60_000);
});

describe("a worker that cannot start", () => {
  it("stops the server with exit code 1 and says why, instead of restarting in a loop", async () => {
    const taken = net.createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => taken.once("listening", resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const result = spawnSync(process.execPath, ["scripts/start.js"], {
        env: { ...process.env, WEB_CONCURRENCY: "2", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: fs.mkdtempSync(path.join(TMP_DIR, "taken-")), NODE_ENV: "production" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = `${result.stdout}\n${result.stderr}`.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toContainEqual(expect.objectContaining({ level: "error", msg: "uncaught exception", error: expect.stringContaining("EADDRINUSE") }));
      expect(lines).toContainEqual(expect.objectContaining({ level: "error", msg: "worker failed to start, stopping" }));
    } finally {
      taken.close();
    }
  }, 60_000);
});
