/**
 * Events benchmark: loads N synthetic approved events spread over the US
 * (real ZIP coordinates from the gazetteer, dates over the next year), starts
 * the real server (node scripts/start.js) on 127.0.0.1, and measures
 * POST /api/events/search and the Discover page (GET /) with autocannon at
 * 50 concurrent connections. Loopback only; each run is bounded in time.
 *
 *   npx tsx bench/events.ts                       # 100k and 1M events, 10 s per endpoint
 *   npx tsx bench/events.ts --sizes 100000 --duration 5
 *
 * Needs a build (`npx remix build`). Writes bench/results-events.json.
 * Goal (issue #8): p95 under 20 ms at 100k, and under 2x growth to 1M.
 */
import autocannon from "autocannon";
import bcrypt from "bcryptjs";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../db/client";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const SIZES = arg("sizes", "100000,1000000").split(",").map(Number);
const DURATION = Math.min(60, Number(arg("duration", "10")));
const CONNECTIONS = Number(arg("connections", "50"));
const PORT = Number(arg("port", "3390"));
const PASSWORD = "bench-password-1";
const TYPES = ["barrel_racing", "rodeo", "futurity", "open_show", "pole_bending", "youth_rodeo"];
const GROUNDS = ["dirt", "sand", "mixed", "other"];
/** Searchers in barrel-racing country and in a city. */
const SEARCH_ZIPS = ["76101", "73102", "80202", "59101", "37064", "85001", "10001", "90012"];

type Zip = { zip: string; city: string; state: string; latitude: number; longitude: number };

async function zips(): Promise<Zip[]> {
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  const codes = (require("zipcodes") as { codes: Record<string, Zip & { country: string }> }).codes;
  return Object.values(codes).filter((z) => z.country === "US" && typeof z.latitude === "number" && z.latitude > 18 && z.latitude < 50 && z.longitude > -125);
}

function isoDay(offset: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

async function prepareData(dataDir: string, n: number) {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(path.join(dataDir, "app.db"));
  migrateDatabase(db);
  const sqlite = db.$client;
  const userId = randomUUID();
  sqlite
    .prepare(
      "INSERT INTO users (id, email, password, first_name, last_name, home_zip_code, email_verified, is_active, is_admin, rider_type, privacy_mode, search_radius, created_at, updated_at) VALUES (?, ?, ?, 'Bench', 'Rider', '76101', 1, 1, 0, 'Competitor', 'INVITE_ONLY', 50, ?, ?)",
    )
    .run(userId, "bench@example.com", bcrypt.hashSync(PASSWORD, 4), Date.now(), Date.now());
  const places = await zips();
  const insert = sqlite.prepare(
    `INSERT INTO events (id, name, date, end_date, location, zip_code, arena_type, ground_type, added_money, latitude, longitude, event_type, showbill_approved, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  );
  const started = Date.now();
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const p = places[(i * 7919) % places.length]!;
      const start = (i * 31) % 365;
      const days = i % 5 === 0 ? 2 : 1;
      insert.run(
        randomUUID(),
        `Synthetic Barrel Race ${i}`,
        isoDay(start - 3),
        days > 1 ? isoDay(start - 2) : null,
        `${p.city}, ${p.state}`,
        p.zip,
        i % 3 === 0 ? "indoor" : "outdoor",
        GROUNDS[i % 4],
        i % 2 ? (i % 20) * 500 : null,
        p.latitude,
        p.longitude,
        JSON.stringify([TYPES[i % 6]]),
        Date.now(),
      );
    }
  });
  for (let i = 0; i < n; i += 50_000) batch(i, Math.min(n, i + 50_000));
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.exec("ANALYZE");
  db.$client.close();
  console.log(`  loaded ${n.toLocaleString()} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn("node", ["scripts/start.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_ORIGIN: `http://127.0.0.1:${PORT}`, NODE_ENV: "production", RATE_LIMIT_FACTOR: "1000" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("server did not start");
}

async function cookieFor(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: `http://127.0.0.1:${PORT}` },
    body: JSON.stringify({ email: "bench@example.com", password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(title: string, opts: autocannon.Options) {
  const times: number[] = [];
  const non2xx = { n: 0 };
  // Without a callback autocannon answers an instance that is also a promise of the result.
  const instance = autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (status >= 300) non2xx.n += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const row = {
    endpoint: title,
    requests: times.length,
    rps: Math.round(result.requests.average),
    p50: +percentile(times, 50).toFixed(2),
    p95: +percentile(times, 95).toFixed(2),
    p99: +percentile(times, 99).toFixed(2),
    errors: result.errors + non2xx.n,
  };
  console.log(`  ${title.padEnd(28)} rps ${String(row.rps).padStart(6)}  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms  errors ${row.errors}`);
  return row;
}

/** The query alone, in this process: the spatial index's share of the latency, free of HTTP and rendering. */
async function measureQuery(dataDir: string) {
  const { searchEvents } = await import("../app/features/events/events.server");
  const db = openDatabase(path.join(dataDir, "app.db"));
  const times: number[] = [];
  let found = 0;
  searchEvents(db, { zipCode: "76101", radius: 50 }, null); // loads the gazetteer (about half a second, once per process)
  for (let i = 0; i < 2000; i++) {
    const zip = SEARCH_ZIPS[i % SEARCH_ZIPS.length]!;
    const t = performance.now();
    found += searchEvents(db, { zipCode: zip, radius: 50 }, null).length;
    times.push(performance.now() - t);
  }
  db.$client.close();
  times.sort((a, b) => a - b);
  const row = { endpoint: "searchEvents() in process", p50: +percentile(times, 50).toFixed(3), p95: +percentile(times, 95).toFixed(3), p99: +percentile(times, 99).toFixed(3), avgResults: Math.round(found / 2000) };
  console.log(`  ${row.endpoint.padEnd(28)} p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms  (${row.avgResults} results on average)`);
  return row;
}

const results: Array<Record<string, unknown>> = [];
if (args.includes("--keep")) {
  // Development aid: build one database and leave it for EXPLAIN and timing.
  const dir = arg("keep", "/tmp/bench-events");
  await prepareData(dir, SIZES[0]!);
  console.log(`kept ${dir}/app.db`);
  process.exit(0);
}
for (const size of SIZES) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-events-${size}-`));
  console.log(`\n${size.toLocaleString()} events`);
  await prepareData(dataDir, size);
  results.push({ size, ...(await measureQuery(dataDir)) });
  const server = await startServer(dataDir);
  try {
    const cookie = await cookieFor();
    const url = `http://127.0.0.1:${PORT}`;
    const headers = { Cookie: cookie, "Content-Type": "application/json", Origin: url };
    // Warm up the gazetteer and statement caches.
    await fetch(`${url}/api/events/search`, { method: "POST", headers, body: JSON.stringify({ zipCode: "76101" }) });
    const search = await measure("POST /api/events/search", {
      url,
      requests: SEARCH_ZIPS.map((zip) => ({ method: "POST", path: "/api/events/search", headers, body: JSON.stringify({ zipCode: zip, radius: 50 }) })),
    });
    const page = await measure("GET / (Discover)", { url, requests: [{ method: "GET", path: "/", headers: { Cookie: cookie } }] });
    results.push({ size, ...search }, { size, ...page });
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
fs.writeFileSync("bench/results-events.json", JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, connections: CONNECTIONS, duration: DURATION, results }, null, 2));
console.log("\nwrote bench/results-events.json");
