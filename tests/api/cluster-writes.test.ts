import Database from "better-sqlite3";
import { count, eq, like } from "drizzle-orm";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { follows, runLogs, savedEvents, users } from "../../db/schema";
import { createEvent, createUser, PASSWORD, registration } from "../helpers/factories";
import { connectionOwner, cookieOf, send, startCluster, type Answer, type Cluster } from "../helpers/cluster";
import { TMP_DIR } from "../helpers/paths";

/**
 * Eight worker processes writing to the one SQLite file at once, through
 * the real server: every writer waits its turn for the write lock (WAL,
 * busy timeout, transactions that take the lock when they begin), so no
 * user ever sees SQLITE_BUSY or a 5xx, and every acknowledged write is
 * there once the server has stopped. The workers' own writes are too short
 * to collide often on two cores, so another process holds the write lock
 * for 20 ms of every 50 ms meanwhile (as a long write or a backup would):
 * most writes find the lock taken and must wait for it.
 */
const WORKERS = 8;

function lockHolder(dbFile: string) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(dbFile)});
    db.pragma("busy_timeout = 5000");
    const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    let held = 0;
    process.stdout.write("ready\\n");
    process.stdin.on("data", () => (process.stdout.write("held " + held + "\\n"), process.exit(0)));
    setInterval(() => {
      db.exec("BEGIN IMMEDIATE");
      sleep(20);
      db.exec("COMMIT");
      held++;
    }, 50);
  `;
  const child = spawn(process.execPath, ["-e", script], { cwd: path.resolve("."), stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  const ready = new Promise<void>((resolve) => child.stdout.on("data", (d: Buffer) => ((out += d), out.includes("ready") && resolve())));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    ready,
    /** Stops it and answers how many times it held the lock. */
    async stop() {
      child.stdin.write("stop\n");
      await exited;
      return Number(/held (\d+)/.exec(out)?.[1] ?? 0);
    },
  };
}

let server: Cluster;
let db: Db;
beforeAll(async () => {
  server = await startCluster(WORKERS);
  db = openDatabase(path.join(server.dataDir, "app.db"));
}, 180_000);
afterAll(() => {
  server?.kill();
  db?.$client.close();
});

describe(`${WORKERS} workers writing at once`, () => {
  it("never answer SQLITE_BUSY or a 5xx, and lose nothing they acknowledged", async () => {
    const RIDERS = 24;
    const RUNS_EACH = 6;
    const riders = Array.from({ length: RIDERS }, () => createUser(db));
    const targets = Array.from({ length: 8 }, () => createUser(db, { privacyMode: "PUBLIC" }));
    const evts = Array.from({ length: 8 }, () => createEvent(db));
    const newAccounts = Array.from({ length: 16 }, () => registration());

    // Many connections, so the primary hands them out over every worker. Each
    // connection's worker is looked up when it opens, with a request in flight
    // on it: an idle one may be closed by the server's keep-alive timeout
    // before the writes are over.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const owners = new Map<Socket, Promise<number | null>>();
    const call = (method: string, pathname: string, options: { body?: unknown; cookie?: string } = {}) =>
      send(server.url, agent, method, pathname, options, (socket) => {
        if (!owners.has(socket)) owners.set(socket, connectionOwner(server.port, socket.localPort!, server.workerPids()).catch(() => null));
      });

    const cookies = await Promise.all(
      riders.map(async (rider) => cookieOf(await call("POST", "/api/auth/login", { body: { email: rider.email, password: PASSWORD } }))),
    );

    const holder = lockHolder(path.join(server.dataDir, "app.db"));
    await holder.ready;
    const answers: Array<{ what: string; answer: Answer }> = [];
    const acknowledgedRuns: string[] = [];
    const record = async (what: string, pending: Promise<Answer>) => {
      const answer = await pending;
      answers.push({ what, answer });
      return answer;
    };
    const started = performance.now();
    await Promise.all([
      ...riders.map(async (_rider, r) => {
        const cookie = cookies[r]!;
        for (let i = 0; i < RUNS_EACH; i++) {
          const arenaName = `Cluster Arena ${r}-${i}`;
          const run = await record("run", call("POST", "/api/run-logs", { body: { arenaName, time: "15.482" }, cookie }));
          if (run.status === 201) acknowledgedRuns.push(arenaName);
          if (i === 2) await record("follow", call("POST", "/api/follow", { body: { targetId: targets[r % targets.length]!.id }, cookie }));
          if (i === 4) await record("save", call("POST", `/api/events/${evts[r % evts.length]!.id}/save`, { cookie }));
          if (i === 6) await record("read", call("PATCH", "/api/notifications/mark-all-read", { cookie }));
        }
      }),
      ...newAccounts.map((body) => record("register", call("POST", "/api/auth/register", { body }))),
    ]);
    const elapsed = performance.now() - started;
    const held = await holder.stop();
    expect(held).toBeGreaterThan(10);

    // A refused write names what the server logged about it, and the requests that waited longest.
    const errors = () =>
      server.lines
        .filter((l) => l.level === "error" || l.msg === "(not JSON)" || (typeof l.ms === "number" && l.ms > 2000))
        .map((l) => JSON.stringify(l).slice(0, 600))
        .join("\n");
    for (const { what, answer } of answers) {
      expect(answer.status, `${what}: ${answer.body.slice(0, 200)}\n${errors()}`).toBeLessThan(400);
      expect(answer.body).not.toMatch(/SQLITE_|database is locked|busy/i);
    }

    // Every worker took part: each answered on some of the connections.
    const workers = await Promise.all(owners.values());
    agent.destroy();
    expect(new Set(workers.filter(Boolean)).size).toBe(WORKERS);
    expect(acknowledgedRuns).toHaveLength(RIDERS * RUNS_EACH);
    expect(answers.filter((a) => a.what === "register").map((a) => a.answer.status)).toEqual(newAccounts.map(() => 201));

    expect(await server.stop()).toBe(0);
    expect(server.lines.filter((l) => l.level === "error")).toEqual([]);

    // What the server acknowledged is on disk, once, after it stopped.
    const after = openDatabase(path.join(server.dataDir, "app.db"));
    try {
      const stored = after.select({ arena: runLogs.arenaName }).from(runLogs).where(like(runLogs.arenaName, "Cluster Arena %")).all();
      expect(stored.map((r) => r.arena).sort()).toEqual([...acknowledgedRuns].sort());
      for (const body of newAccounts) expect(after.select({ id: users.id }).from(users).where(eq(users.email, body.email)).get()).toBeTruthy();
      expect(after.select({ n: count() }).from(follows).get()!.n).toBe(RIDERS);
      expect(after.select({ n: count() }).from(savedEvents).get()!.n).toBe(RIDERS);
    } finally {
      after.$client.close();
    }
    const slowest = Math.max(...server.lines.map((l) => (typeof l.ms === "number" ? l.ms : 0)));
    console.log(JSON.stringify({ workers: WORKERS, writes: answers.length, elapsedMs: Math.round(elapsed), lockHeldTimes: held, slowestMs: slowest }));
  }, 180_000);
});

describe("transactions", () => {
  it("take the write lock when they begin, so a second writer waits for it instead of failing mid-way", () => {
    const file = path.join(fs.mkdtempSync(path.join(TMP_DIR, "immediate-")), "app.db");
    fs.copyFileSync(inject("templateDb"), file);
    const app = openDatabase(file);
    const other = new Database(file);
    try {
      app.$client.pragma("busy_timeout = 50");
      other.exec("BEGIN IMMEDIATE");
      // A deferred transaction would start without the lock and read here; an immediate one waits for it.
      expect(() => app.transaction((tx) => tx.select({ id: users.id }).from(users).all())).toThrow(/locked|busy/i);
      other.exec("COMMIT");
      expect(app.transaction((tx) => tx.select({ id: users.id }).from(users).all())).toEqual([]);
    } finally {
      other.close();
      app.$client.close();
    }
  });
});
