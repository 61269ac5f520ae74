import Database from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TMP_DIR } from "../helpers/paths";

/**
 * The real server process (`node --import tsx server/index.ts`, as the
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
  child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", SMTP_URL: "", RATE_LIMIT_FACTOR: "1000", APP_ORIGIN: "" },
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
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, DATA_DIR: path.join(file, "data"), PORT: "3999" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATA_DIR: .* is not a writable folder/);
  });
});
