import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BUSY_TIMEOUT_MS } from "../../db/client";
import { getDb } from "../../app/lib/db.server";
import { SERVICE_UNAVAILABLE } from "../../app/lib/http.server";
import { signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * A database that cannot take a write (full, read-only) answers 503 on
 * writes and loses nothing. The test server runs in this process, and
 * getDb() keeps its connection on globalThis, so the pragmas below act on
 * the very connection the app writes through: SQLite itself then refuses
 * the app's writes with SQLITE_FULL or SQLITE_READONLY. (A real full disk,
 * uploads included, is in tests/api/faults.test.ts.)
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

/** The app logs each storage failure as one structured line; anything else logged fails the test (tests/helpers/setup.ts). */
let logged: string[] = [];
beforeEach(() => {
  logged = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
});
const expectOnlyStorageLogs = (code: RegExp) => {
  expect(logged.length).toBeGreaterThan(0);
  for (const line of logged) {
    const entry = JSON.parse(line) as { msg: string; code: string };
    expect(entry.msg).toBe("storage unavailable");
    expect(entry.code).toMatch(code);
  }
};

const run = (client: Client, arenaName: string) => client.json("/api/run-logs", "POST", { arenaName, time: "15.5", notes: "n".repeat(900) });
const storedArenas = () => new Set(app.db.$client.prepare("select arena_name name from run_logs").all().map((r) => (r as { name: string }).name));

/** A plain form post (no JavaScript) and the same post as Remix's JavaScript client sends it (single fetch). */
const runForm = { arenaName: "Screen Arena", time: "15.2", notes: "n".repeat(900) };
const postRunScreen = (client: Client, jsClient = false) =>
  client.fetch(jsClient ? "/run-log.data" : "/run-log", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(runForm).toString(),
  });

async function healthStatus(client: Client) {
  const res = await client.get("/api/health");
  return { status: res.status, body: (await res.json()) as { status: string; message?: string } };
}

describe("a database that cannot grow (SQLITE_FULL)", () => {
  it("answers 503 with a clear message on API and screen writes, keeps every stored row, and writes again once space returns", async () => {
    const { client } = await signedInRider(app);
    for (let i = 0; i < 5; i++) expect((await run(client, `before-${i}`)).status).toBe(201);
    expect((await healthStatus(client)).status).toBe(200);

    const connection = getDb().$client;
    connection.pragma(`max_page_count = ${connection.pragma("page_count", { simple: true }) as number}`);
    try {
      // Free pages inside the file are used first; the first write that must grow the file is refused.
      const accepted: string[] = [];
      let refused: Response | undefined;
      for (let i = 0; i < 500 && !refused; i++) {
        const res = await run(client, `filling-${i}`);
        if (res.status === 201) accepted.push(`filling-${i}`);
        else refused = res;
      }
      expect(refused?.status).toBe(503);
      expect(refused?.headers.get("content-type")).toContain("application/json");
      expect(await refused?.json()).toEqual({ message: SERVICE_UNAVAILABLE });
      expect(refused?.headers.get("retry-after")).toBe("60");

      const page = await postRunScreen(client);
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain("Something went wrong. Please try again in a moment.");
      expect(html).toContain('href="/"'); // a way on, in the app's own layout

      const jsPost = await postRunScreen(client, true);
      expect(jsPost.status).toBe(503);
      await jsPost.body?.cancel();

      const health = await healthStatus(client);
      expect(health).toEqual({ status: 503, body: { status: "unavailable", message: SERVICE_UNAVAILABLE } });

      // Nothing acknowledged is lost, nothing refused is stored, and the file is sound.
      const stored = storedArenas();
      for (const name of [...[0, 1, 2, 3, 4].map((i) => `before-${i}`), ...accepted]) expect(stored.has(name), name).toBe(true);
      expect(stored.has("Screen Arena")).toBe(false);
      expect(stored.size).toBe(5 + accepted.length);
      expect(app.db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
      expectOnlyStorageLogs(/^SQLITE_FULL$/);
    } finally {
      connection.pragma("max_page_count = 4294967294");
    }

    expect((await run(client, "after")).status).toBe(201);
    expect(storedArenas().has("after")).toBe(true);
    const page = await postRunScreen(client);
    expect(page.status).toBe(302);
    // The health check recovers once no write has failed for a few seconds.
    let health = await healthStatus(client);
    for (let i = 0; i < 30 && health.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      health = await healthStatus(client);
    }
    expect(health).toEqual({ status: 200, body: { status: "ok" } });
  }, 30_000);
});

describe("a read-only database (SQLITE_READONLY)", () => {
  it("answers 503 to a sign-in, an API write and a Settings form, then works again", async () => {
    const { user, client } = await signedInRider(app);
    const connection = getDb().$client;
    connection.pragma("query_only = ON");
    try {
      const write = await run(client, "read-only");
      expect(write.status).toBe(503);
      expect(await write.json()).toEqual({ message: SERVICE_UNAVAILABLE });
      // Signing in writes a session row.
      const login = await app.client().json("/api/auth/login", "POST", { email: user.email, password: "correct-horse-1" });
      expect(login.status).toBe(503);
      expect(await login.json()).toEqual({ message: SERVICE_UNAVAILABLE });
      // A form target without a page of its own (adding a rider in Settings), without and with JavaScript.
      const addRider = (pathname: string) =>
        client.fetch(pathname, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "name=Lily" });
      const page = await addRider("/settings/riders");
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).toContain(SERVICE_UNAVAILABLE);
      const jsPost = await addRider("/settings/riders.data");
      expect(jsPost.status).toBe(503);
      await jsPost.body?.cancel();
      // Reading still works.
      expect((await client.get("/api/run-logs")).status).toBe(200);
      expectOnlyStorageLogs(/^SQLITE_READONLY/);
    } finally {
      connection.pragma("query_only = OFF");
    }
    expect((await run(client, "writable-again")).status).toBe(201);
    expect(app.db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
  });
});

describe("a write lock held past the busy timeout (SQLITE_BUSY)", () => {
  it("answers 503 with a clear message, not a 500, stores nothing, then writes again once the lock is free", async () => {
    const { client } = await signedInRider(app);
    const connection = getDb().$client;
    // Another process (a long write, a backup) holds the write lock; the app's wait is cut short so the test need not wait 20 s.
    const other = new Database(connection.name);
    connection.pragma("busy_timeout = 50");
    other.exec("BEGIN IMMEDIATE");
    try {
      const write = await run(client, "while-locked");
      expect(write.status).toBe(503);
      expect(await write.json()).toEqual({ message: SERVICE_UNAVAILABLE });
      const page = await postRunScreen(client);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("Something went wrong. Please try again in a moment.");
      expectOnlyStorageLogs(/^SQLITE_BUSY/);
    } finally {
      other.exec("COMMIT");
      other.close();
      connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    expect(storedArenas().has("while-locked")).toBe(false);
    expect((await run(client, "unlocked")).status).toBe(201);
  });
});
