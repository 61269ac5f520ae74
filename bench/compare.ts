/**
 * `npx tsx bench/compare.ts --before <checkout>`: CPU per request of this
 * checkout's server against another checkout's (built, with its own
 * node_modules), on the same demo data, the two servers taking turns so that
 * both see the machine in the same state. One process each (WEB_CONCURRENCY=1),
 * 8 connections, compressed answers as a browser asks; each endpoint warmed
 * until its CPU per request stops falling (`warmUp` in bench/lib.ts), then
 * measured over `--requests` answers. Prints each endpoint's
 * median CPU per request over the rounds and the ratio after / before.
 *
 *   npx tsx bench/compare.ts --before ../old --rounds 3 --requests 1000
 *   npx tsx bench/compare.ts --before ../old --endpoints discover,runlog   # some endpoints
 *   npx tsx bench/compare.ts --before ../old --data-dir /tmp/benchdata/scale --port 3304
 *     # a data set `npm run bench -- --data-dir /tmp/benchdata` kept, as its bench rider, on one port
 */
import autocannon from "autocannon";
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { arg, BENCH_EMAIL, PASSWORD, tempDir, treeCpuMs, warmUp } from "./lib";

const before = path.resolve(arg("before", ""));
const after = path.resolve(".");
const ROUNDS = Number(arg("rounds", "3"));
const N = Number(arg("requests", "1000"));
const ONLY = arg("endpoints", "").split(",").filter(Boolean);
if (!fs.existsSync(path.join(before, "build/index.js"))) {
  console.error("--before must be a built checkout of this app");
  process.exit(1);
}

// --data-dir: a data set seeded before (`npm run bench -- --data-dir d` keeps d/scale), copied for
// each server and signed in as --email (the bench scale's rider by default); else the demo data.
const given = arg("data-dir", "");
const seeded = given ? path.resolve(given) : tempDir("compare");
if (!given) execSync("node --import tsx scripts/seed-demo.ts", { env: { ...process.env, DATA_DIR: seeded }, stdio: "ignore" });
const EMAIL = arg("email", given ? BENCH_EMAIL : "kaylee@demo.cloverleaf.app");
const PASSWORD_USED = arg("password", given ? PASSWORD : "demo-password-1");
// --port: one port for both servers, which never run at once.
const PORT = Number(arg("port", "0"));

async function server(root: string, port: number) {
  const dataDir = tempDir("compare-run");
  fs.copyFileSync(path.join(seeded, "app.db"), path.join(dataDir, "app.db"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["scripts/start.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_ORIGIN: url, NODE_ENV: "production", RATE_LIMIT_FACTOR: "1000000", WEB_CONCURRENCY: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD_USED }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const me = (await (await fetch(`${url}/api/auth/user`, { headers: { Cookie: cookie } })).json()) as { id: string };
  const json = { Cookie: cookie, "Content-Type": "application/json", Origin: url };
  const found = (await (await fetch(`${url}/api/events/search`, { method: "POST", headers: json, body: JSON.stringify({ zipCode: "76101", radius: 200 }) })).json()) as Array<{ id: string }>;
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, pid: child.pid!, cookie, me: me.id, eventId: found[0]!.id, stop };
}

type Server = Awaited<ReturnType<typeof server>>;
const gzip = { "Accept-Encoding": "gzip, deflate, br" };
const ENDPOINTS: Array<[string, (s: Server) => autocannon.Request]> = [
  ["health", () => ({ method: "GET", path: "/api/health" })],
  ["discover", (s) => ({ method: "GET", path: "/", headers: { Cookie: s.cookie } })],
  ["search", (s) => ({ method: "POST", path: "/api/events/search", headers: { Cookie: s.cookie, "Content-Type": "application/json", Origin: s.url }, body: JSON.stringify({ zipCode: "76101", radius: 200 }) })],
  ["runlog", (s) => ({ method: "GET", path: "/run-log", headers: { Cookie: s.cookie } })],
  ["profile", (s) => ({ method: "GET", path: `/profile/${s.me}`, headers: { Cookie: s.cookie } })],
  ["notifications", (s) => ({ method: "GET", path: "/notifications", headers: { Cookie: s.cookie } })],
  ["events", (s) => ({ method: "GET", path: "/events", headers: { Cookie: s.cookie } })],
  ["share", (s) => ({ method: "GET", path: `/share/event/${s.eventId}` })],
];

const costs: Record<string, { before: number[]; after: number[] }> = {};
for (let round = 1; round <= ROUNDS; round++) {
  for (const [side, root] of [["before", before], ["after", after]] as const) {
    const s = await server(root, PORT || (side === "before" ? 3481 : 3482));
    for (const [name, request] of ENDPOINTS.filter(([name]) => ONLY.length === 0 || ONLY.includes(name))) {
      const req = request(s);
      req.headers = { ...gzip, ...req.headers };
      await warmUp(s.pid, { url: s.url, requests: [req], connections: 8 });
      const start = treeCpuMs(s.pid);
      await autocannon({ url: s.url, requests: [req], connections: 8, amount: N });
      (costs[name] ??= { before: [], after: [] })[side].push((treeCpuMs(s.pid) - start) / N);
    }
    await s.stop();
    console.log(`round ${round}: ${side} measured`);
  }
}
if (!given) fs.rmSync(seeded, { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\nCPU per request, median of ${ROUNDS} rounds, ${N} requests each (ms)\n`);
console.log("| endpoint | before | after | after / before |\n|---|---|---|---|");
for (const [name, c] of Object.entries(costs)) {
  const b = median(c.before);
  const a = median(c.after);
  console.log(`| ${name} | ${b.toFixed(2)} | ${a.toFixed(2)} | ${(a / b).toFixed(2)} |`);
}
