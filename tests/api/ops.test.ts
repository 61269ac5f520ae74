import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, migrateDatabase } from "../../db/client";
import { rateLimits, sessions, users } from "../../db/schema";
import { createEvent, createUser, getUserByEmail, signIn } from "../helpers/factories";
import { TMP_DIR } from "../helpers/paths";
import { Client, startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Outcome = { status: number | null; stdout: string; stderr: string };

/**
 * Runs a script the way `npm run` does (compiled, build/server/<name>.js), in
 * a child process against the test server's DATA_DIR. Asynchronous on
 * purpose: the server lives in this process and must keep answering while
 * the script runs.
 */
function runScript(script: "grant-admin" | "backup", args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [`build/server/${script}.js`, ...args], {
    env: { ...process.env, DATA_DIR: app.dataDir, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const done = new Promise<Outcome>((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr })),
  );
  return { child, done };
}

function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(TMP_DIR, prefix));
}

describe("npm run grant-admin", () => {
  it("makes an existing user an administrator, whatever the case of the email typed", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    expect((await client.get("/admin")).status).toBe(403);

    const { status, stdout } = await runScript("grant-admin", [`  ${user.email.toUpperCase()} `]).done;
    expect(status).toBe(0);
    expect(stdout).toContain(`${user.email} is now an administrator.`);
    expect(getUserByEmail(app.db, user.email)!.isAdmin).toBe(true);

    const page = await client.get("/admin");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pending Showbills");
  });

  it("refuses an unknown email with a message and exit code 1", async () => {
    const { status, stdout, stderr } = await runScript("grant-admin", ["nobody@example.com"]).done;
    expect(status).toBe(1);
    expect(stderr).toContain("No user with the email nobody@example.com");
    expect(stdout).toBe("");
  });

  it("prints its usage and exits 1 without an email", async () => {
    const { status, stderr } = await runScript("grant-admin").done;
    expect(status).toBe(1);
    expect(stderr).toContain("Usage: npm run grant-admin -- <email>");
  });

  it("migrates a fresh DATA_DIR first, so the answer is about the user, not a missing table", async () => {
    const { status, stderr } = await runScript("grant-admin", ["first@example.com"], {
      DATA_DIR: tempDir("fresh-"),
    }).done;
    expect(status).toBe(1);
    expect(stderr).toContain("No user with the email first@example.com");
  });
});

/** A free TCP port for a second server, which logs its configured port rather than the bound one. */
async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the production entry point (build/server/index.js, compiled from server/index.ts) on DATA_DIR and waits until it listens. */
async function startServerOn(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["build/server/index.js"], {
    // One process: nothing here depends on the worker count (tests/api/cluster.test.ts covers workers), and it starts sooner.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", APP_ORIGIN: url, WEB_CONCURRENCY: "1" },
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      if (output.includes('"msg":"listening"')) resolve();
    });
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))),
  };
}

describe("npm run backup", () => {
  it("writes a whole, restorable copy while the app serves reads and writes", async () => {
    // Enough rows for the copy to span many pages, so writes land mid-backup.
    const padding = "x".repeat(1000);
    const before = app.db.$client.transaction(() =>
      Array.from({ length: 2000 }, () => createUser(app.db, { bio: padding })),
    )();
    const signedIn = app.client();
    await signIn(signedIn, before[0]!.email);
    fs.mkdirSync(path.join(app.dataDir, "uploads/runs"), { recursive: true });
    fs.writeFileSync(path.join(app.dataDir, "uploads/runs/ride.mp4"), "not really a video");

    const target = path.join(tempDir("backup-"), "copy");
    const backup = runScript("backup", [target]);
    let finished = false;
    void backup.done.then(() => (finished = true));
    const answers: number[] = [];
    let written = 0;
    while (!finished) {
      const visitor = app.client();
      const results = await Promise.all([
        signIn(visitor, before[written % before.length]!.email).then((r) => r.status),
        signedIn.get("/api/auth/user").then((r) => r.status),
        app.client().get("/api/health").then((r) => r.status),
      ]);
      createUser(app.db);
      written += 1;
      answers.push(...results);
    }
    const { status, stdout, stderr } = await backup.done;
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toContain(`Backup written to ${target}`);
    expect(written).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200)).toBe(true);

    expect(fs.readFileSync(path.join(target, "uploads/runs/ride.mp4"), "utf8")).toBe("not really a video");
    expect(fs.existsSync(path.join(target, "app.db-wal"))).toBe(false);
    // The push subscriptions of every phone are bound to these keys.
    expect(fs.readFileSync(path.join(target, "vapid-keys.json"), "utf8")).toBe(fs.readFileSync(path.join(app.dataDir, "vapid-keys.json"), "utf8"));

    // Restore: the backup folder's contents become a fresh DATA_DIR.
    const restored = tempDir("restored-");
    fs.cpSync(target, restored, { recursive: true });
    const db = openDatabase(path.join(restored, "app.db"));
    try {
      expect(db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
      migrateDatabase(db);
      const count = await db.$count(users);
      expect(count).toBeGreaterThanOrEqual(before.length);
      expect(count).toBeLessThanOrEqual(await app.db.$count(users));
      expect(getUserByEmail(db, before.at(-1)!.email)?.bio).toBe(padding);
    } finally {
      db.$client.close();
    }

    // The app starts on the restored folder, and a session from before the backup still works.
    const second = await startServerOn(restored);
    try {
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      const sameCookies = new Client(second.url);
      sameCookies.cookies = new Map(signedIn.cookies);
      const me = await sameCookies.get("/api/auth/user");
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe(before[0]!.email);
    } finally {
      await second.stop();
    }
  });

  it("writes to DATA_DIR/backups/<timestamp>/ by default and refuses to overwrite a backup", async () => {
    const first = await runScript("backup").done;
    expect(first.status).toBe(0);
    const folder = first.stdout.match(/Backup written to (.+)/)![1]!.trim();
    expect(path.dirname(folder)).toBe(path.join(app.dataDir, "backups"));
    expect(path.basename(folder)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(fs.existsSync(path.join(folder, "app.db"))).toBe(true);

    const again = await runScript("backup", [folder]).done;
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already exists");
  });

  it("says so when there is no database to back up", async () => {
    const { status, stderr } = await runScript("backup", [], { DATA_DIR: tempDir("empty-") }).done;
    expect(status).toBe(1);
    expect(stderr).toContain("nothing to back up");
  });
});

describe("keep-alive connections", () => {
  it("stay open past Node's default 5 seconds, so a reverse proxy that pools them is the side that closes one", async () => {
    const dataDir = tempDir("keep-alive-");
    const server = await startServerOn(dataDir);
    const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
    try {
      let received = "";
      let closed = false;
      socket.on("data", (chunk) => (received += chunk));
      socket.on("close", () => (closed = true));
      const ask = async () => {
        received = "";
        socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        for (let i = 0; i < 100 && !/\r\n\r\n[\s\S]*\}/.test(received); i++) await new Promise((r) => setTimeout(r, 20));
        return received;
      };
      const first = await ask();
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(/\r\nKeep-Alive: timeout=125\r\n/i);
      await new Promise((r) => setTimeout(r, 6_000));
      expect(closed).toBe(false);
      expect(await ask()).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
      await server.stop();
    }
  }, 60_000);
});

describe("the server's housekeeping", () => {
  // A real start (the primary, then its workers) takes a while on a loaded machine.
  it("drops expired sessions, spent rate-limit counters, day-old orphan uploads and week-old events' search index entries when it starts, and keeps the live ones", async () => {
    const dataDir = tempDir("housekeeping-");
    const db = openDatabase(path.join(dataDir, "app.db"));
    migrateDatabase(db);
    const user = createUser(db);
    const now = Date.now();
    const HOUR = 60 * 60 * 1000;
    db.insert(sessions)
      .values([
        { sid: "expired", sess: { userId: user.id }, expire: new Date(now - 1000), userId: user.id },
        { sid: "live", sess: { userId: user.id }, expire: new Date(now + HOUR), userId: user.id },
      ])
      .run();
    db.insert(rateLimits)
      .values([
        { key: "login:203.0.113.9", windowStart: now - 2 * HOUR, count: 3 },
        { key: "register:203.0.113.10", windowStart: now - 30 * 60 * 1000, count: 2 },
      ])
      .run();
    // Located events that ended ten days ago, two days ago and not yet: the first leaves the search index.
    const day = (offset: number) => new Date(now + offset * 24 * HOUR).toISOString().slice(0, 10);
    const ended = [
      ["long-over", day(-11), day(-10)],
      ["just-over", day(-2), null],
      ["to-come", day(5), null],
    ] as const;
    for (const [name, date, endDate] of ended) createEvent(db, { name, date, endDate, latitude: 46.8, longitude: -100.78 });
    db.$client.close();
    // An upload no row references, two days old (an upload URL never used).
    const orphan = path.join(dataDir, "uploads", "AAAAAAAAAAAAAAAAAAAAAA.jpg");
    fs.mkdirSync(path.dirname(orphan), { recursive: true });
    fs.writeFileSync(orphan, "x");
    fs.utimesSync(orphan, new Date(now - 48 * HOUR), new Date(now - 48 * HOUR));

    const server = await startServerOn(dataDir);
    await server.stop();

    const after = openDatabase(path.join(dataDir, "app.db"));
    try {
      expect(fs.existsSync(orphan)).toBe(false);
      expect(after.select({ sid: sessions.sid }).from(sessions).all()).toEqual([{ sid: "live" }]);
      expect(after.select({ key: rateLimits.key }).from(rateLimits).all()).toEqual([{ key: "register:203.0.113.10" }]);
      const indexed = after.$client.prepare("SELECT e.name FROM events_rtree r JOIN events e ON e.rowid = r.id ORDER BY e.name").all();
      expect(indexed).toEqual([{ name: "just-over" }, { name: "to-come" }]);
      expect(after.$client.prepare("SELECT count(*) AS n FROM events").get()).toEqual({ n: 3 });
    } finally {
      after.$client.close();
    }
  }, 90_000);
});
