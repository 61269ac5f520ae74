import Database from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE } from "../../app/lib/http.server";
import { TMP_DIR } from "../helpers/paths";

/**
 * The real server process (`node build/server/index.js`, compiled from server/index.ts, as the
 * container runs it) under faults: killed mid-write, stopped gracefully,
 * started on an unusable DATA_DIR.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
});

async function startServer(dataDir: string) {
  const port = await freePort();
  child = spawn(process.execPath, ["build/server/index.js"], {
    // One process: nothing here depends on the worker count (tests/api/cluster.test.ts covers workers), and it starts sooner.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", SMTP_URL: "", RATE_LIMIT_FACTOR: "1000", APP_ORIGIN: "", WEB_CONCURRENCY: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const base = `http://127.0.0.1:${port}`;
  // Listen for the exit now: it may come before anyone awaits it.
  const proc = child;
  const exit = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, proc, exit };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function registerAndSignIn(base: string, dataDir: string) {
  const email = `fault-${Date.now()}@example.com`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "saddle-up-99", firstName: "Kim", homeZipCode: "76101", agreeToTerms: true }),
  });
  expect(reg.status).toBe(201);
  const db = new Database(path.join(dataDir, "app.db"));
  db.prepare("update users set email_verified = 1 where email = ?").run(email);
  db.close();
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "saddle-up-99" }),
  });
  return login.headers.getSetCookie()[0]!.split(";")[0]!;
}

describe("faults", () => {
  it("loses no acknowledged write when killed with SIGKILL mid-stream, and reopens cleanly", async () => {
    const dataDir = fs.mkdtempSync(path.join(TMP_DIR, "kill-"));
    const { base, proc, exit } = await startServer(dataDir);
    const cookie = await registerAndSignIn(base, dataDir);
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop && i < 2000; i++) {
        const name = `rider-${w}-${i}`;
        try {
          const res = await fetch(`${base}/api/run-logs`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify({ arenaName: name, time: "15.5" }) });
          if (res.ok) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    proc.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await exit;

    const db = new Database(path.join(dataDir, "app.db"));
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Set((db.prepare("select arena_name name from run_logs").all() as { name: string }[]).map((r) => r.name));
    db.close();
    const lost = acknowledged.filter((name) => !stored.has(name));
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
  }, 60_000);

  it("finishes a request in flight on SIGTERM, then exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(TMP_DIR, "term-"));
    const { base, proc, exit } = await startServer(dataDir);
    // Registration hashes a password (~90 ms): long enough to be in flight.
    const pending = fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "inflight@example.com", password: "saddle-up-99", firstName: "Ivy", homeZipCode: "76101", agreeToTerms: true }),
    });
    await new Promise((r) => setTimeout(r, 20));
    proc.kill("SIGTERM");
    expect((await pending).status).toBe(201);
    expect(await exit).toBe(0);
  }, 30_000);

  it("refuses to start on an unusable DATA_DIR, with a clear message", () => {
    const file = path.join(fs.mkdtempSync(path.join(TMP_DIR, "bad-")), "a-file");
    fs.writeFileSync(file, "");
    const result = spawnSync(process.execPath, ["build/server/index.js"], {
      env: { ...process.env, DATA_DIR: path.join(file, "data"), PORT: "3999" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATA_DIR: .* is not a writable folder/);
  });
});

/**
 * A real full or read-only disk: DATA_DIR on a small tmpfs of its own, so the
 * server meets ENOSPC from the kernel, for the database and for uploads
 * alike, and an upload folder bind-mounted read-only (EROFS). Mounting needs
 * root (as in the container and CI); elsewhere these tests are skipped with
 * that reason (tests/api/disk-full.test.ts still proves the 503s through
 * SQLite's own limits).
 */
describe("a full or read-only disk under DATA_DIR", () => {
  const mounts: string[] = [];
  afterEach(() => {
    child?.kill("SIGKILL");
    child = undefined;
    for (const dir of mounts.splice(0).reverse()) spawnSync("umount", ["-l", dir]);
  });

  /** A 16 MB tmpfs as DATA_DIR, or null when this process may not mount. */
  function mountSmallDisk() {
    const dir = fs.mkdtempSync(path.join(TMP_DIR, "disk-"));
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", dir], { encoding: "utf8" });
    if (mounted.status !== 0) return null;
    mounts.push(dir);
    return dir;
  }

  /** Fills the disk to the last byte with one file, which the caller deletes to free the space again. */
  function fillDisk(dir: string) {
    const filler = path.join(dir, "filler");
    const fd = fs.openSync(filler, "w");
    try {
      for (const size of [1024 * 1024, 4096, 1]) {
        const chunk = Buffer.alloc(size, 1);
        for (;;) {
          try {
            fs.writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
            throw error;
          }
        }
      }
    } finally {
      fs.closeSync(fd);
    }
    return filler;
  }

  const api = (base: string, cookie: string, pathname: string, method = "GET", body?: unknown) =>
    fetch(`${base}${pathname}`, { method, headers: { "Content-Type": "application/json", Cookie: cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  const logRun = (base: string, cookie: string, arenaName: string) => api(base, cookie, "/api/run-logs", "POST", { arenaName, time: "15.5", notes: "n".repeat(900) });
  const photo = () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
  async function upload(base: string, cookie: string) {
    const grant = await api(base, cookie, "/api/objects/upload?kind=avatar", "POST");
    const { uploadURL } = (await grant.json()) as { uploadURL: string };
    return fetch(`${base}${new URL(uploadURL).pathname}`, { method: "PUT", body: new Uint8Array(await photo()), headers: { "Content-Type": "image/png" } });
  }
  async function health(base: string) {
    const res = await fetch(`${base}/api/health`);
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  }
  /** The health check recovers within a few seconds of the last failed write. */
  async function healthyAgain(base: string) {
    for (let i = 0; i < 40; i++) {
      if ((await health(base)).status === 200) return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  }
  const uploadedFiles = (dataDir: string) => (fs.existsSync(path.join(dataDir, "uploads")) ? fs.readdirSync(path.join(dataDir, "uploads")).sort() : []);

  it("answers 503 on writes and uploads when the disk is full, keeps every acknowledged write, and works again once space is freed", async (ctx) => {
    const dataDir = mountSmallDisk();
    if (!dataDir) return ctx.skip("mounting a tmpfs needs root");
    const { base, proc, exit } = await startServer(dataDir);
    const cookie = await registerAndSignIn(base, dataDir);
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      expect((await logRun(base, cookie, `before-${i}`)).status).toBe(201);
      acknowledged.push(`before-${i}`);
    }
    expect((await upload(base, cookie)).status).toBe(201);
    const filesBefore = uploadedFiles(dataDir);

    const filler = fillDisk(dataDir);
    // SQLite may still reuse space inside its write-ahead log for a while; the first write that needs a new block is refused.
    let refused: Response | undefined;
    for (let i = 0; i < 3000 && !refused; i++) {
      const res = await logRun(base, cookie, `filling-${i}`);
      if (res.status === 201) acknowledged.push(`filling-${i}`);
      else refused = res;
    }
    const storedNow = new Database(path.join(dataDir, "app.db"), { readonly: true });
    const names = new Set((storedNow.prepare("select arena_name name from run_logs").all() as { name: string }[]).map((r) => r.name));
    storedNow.close();
    expect(acknowledged.filter((name) => !names.has(name)), "answered 201 but not stored").toEqual([]);
    expect(refused?.status).toBe(503);
    expect(await refused?.json()).toEqual({ message: SERVICE_UNAVAILABLE });

    const put = await upload(base, cookie);
    expect(put.status).toBe(503);
    expect(await put.json()).toEqual({ message: SERVICE_UNAVAILABLE });
    expect(uploadedFiles(dataDir)).toEqual(filesBefore); // no half-written file left behind

    const page = await fetch(`${base}/run-log`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie }, body: "arenaName=Screen+Arena&time=15.2" });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("Something went wrong. Please try again in a moment.");
    expect(await health(base)).toEqual({ status: 503, body: { status: "unavailable", message: SERVICE_UNAVAILABLE } });
    expect((await api(base, cookie, "/api/run-logs")).status).toBe(200); // reading goes on

    fs.rmSync(filler);
    expect((await logRun(base, cookie, "after")).status).toBe(201);
    acknowledged.push("after");
    expect((await upload(base, cookie)).status).toBe(201);
    expect(await healthyAgain(base)).toBe(true);

    proc.kill("SIGTERM");
    expect(await exit).toBe(0);
    const db = new Database(path.join(dataDir, "app.db"));
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Set((db.prepare("select arena_name name from run_logs").all() as { name: string }[]).map((r) => r.name));
    db.close();
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(stored.has("Screen Arena")).toBe(false);
  }, 60_000);

  it("answers 503 to an upload when the upload folder turns read-only, and stores uploads again once it is writable", async (ctx) => {
    const dataDir = fs.mkdtempSync(path.join(TMP_DIR, "ro-uploads-"));
    const { base } = await startServer(dataDir);
    const cookie = await registerAndSignIn(base, dataDir);
    expect((await upload(base, cookie)).status).toBe(201);
    const uploads = path.join(dataDir, "uploads");
    // A remount of a folder with files open for writing is refused, so only the upload folder is made read-only.
    if (spawnSync("mount", ["--bind", uploads, uploads]).status !== 0) return ctx.skip("bind mounts need root");
    mounts.push(uploads);
    expect(spawnSync("mount", ["-o", "remount,bind,ro", uploads]).status).toBe(0);
    const filesBefore = uploadedFiles(dataDir);

    const put = await upload(base, cookie);
    expect(put.status).toBe(503);
    expect(await put.json()).toEqual({ message: SERVICE_UNAVAILABLE });
    expect(uploadedFiles(dataDir)).toEqual(filesBefore);
    expect((await logRun(base, cookie, "database still writable")).status).toBe(201);

    expect(spawnSync("umount", [uploads]).status).toBe(0);
    mounts.pop();
    expect((await upload(base, cookie)).status).toBe(201);
  }, 60_000);
});
