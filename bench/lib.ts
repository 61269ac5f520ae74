/**
 * What the benchmarks share: command-line flags, the synthetic data set, the
 * real server started as a child process, sign-in, and one autocannon
 * measurement with client-side percentiles.
 */
import autocannon from "autocannon";
import bcrypt from "bcryptjs";
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../db/client";

const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(`--${name}`);
export const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1]!.startsWith("--") ? args[i + 1]! : fallback;
};

export const PASSWORD = "bench-password-1";
export const BENCH_EMAIL = "bench@example.com";
/** Searchers in barrel-racing country and in a city. */
export const SEARCH_ZIPS = ["76101", "73102", "80202", "59101", "37064", "85001", "10001", "90012"];
const TYPES = ["barrel_racing", "rodeo", "futurity", "open_show", "pole_bending", "youth_rodeo"];
const GROUNDS = ["dirt", "sand", "mixed", "other"];
const FIRST = ["Kaycee", "Hailey", "Brittany", "Jordan", "Lisa", "Sherry", "Emily", "Dona", "Wenda", "Jessica", "Ivy", "Fallon"];
const LAST = ["Johnson", "Kimzey", "Lockhart", "Tonozzi", "Pozzi", "Cervi", "Miller", "Conner", "Kirby", "Routier", "Saebens", "Bolton"];
const HORSES = ["Rollin", "Dash", "Smash", "Firewater", "Stingray", "Boogie", "Legs", "Scooter"];
const PRIVACY = ["PUBLIC", "PUBLIC", "PUBLIC", "PUBLIC", "PUBLIC", "PUBLIC", "INVITE_ONLY", "INVITE_ONLY", "SOLO", "SOLO"] as const;

export type Sizes = { users: number; events: number; runs: number };
export type Seeded = {
  dataDir: string;
  benchUserId: string;
  /** A PUBLIC rider with public runs whom the bench rider follows. */
  profileUserId: string;
};

type Zip = { zip: string; city: string; state: string; latitude: number; longitude: number; country: string };

function places(): Zip[] {
  const require = createRequire(import.meta.url);
  const codes = (require("zipcodes") as { codes: Record<string, Zip> }).codes;
  return Object.values(codes).filter(
    (z) => z.country === "US" && typeof z.latitude === "number" && z.latitude > 18 && z.latitude < 50 && z.longitude > -125,
  );
}

function isoDay(offset: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

const uuidOf = (kind: number, i: number) =>
  `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;

/**
 * Builds a fresh database: `users` riders (a mix of the three privacy modes,
 * homes on real ZIPs), `events` approved events over the next year across the
 * US, `runs` run logs spread over the riders, about five follows per rider,
 * and notifications. User 0 is the bench rider (PUBLIC, 76101) with 500 runs,
 * 200 notifications and follows; user 1 is the PUBLIC rider whose profile is
 * measured.
 */
export function seed(dataDir: string, sizes: Sizes): Seeded {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(path.join(dataDir, "app.db"));
  migrateDatabase(db);
  const sqlite = db.$client;
  const started = Date.now();
  const zips = places();
  const hash = bcrypt.hashSync(PASSWORD, 4);
  const now = Date.now();
  const userId = (i: number) => uuidOf(1, i);
  const eventId = (i: number) => uuidOf(2, i);

  const insertUser = sqlite.prepare(
    `INSERT INTO users (id, email, password, first_name, last_name, home_zip_code, email_verified, is_active, is_admin, rider_type, privacy_mode, search_radius, favorite_horse, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 1, 1, 0, 'Competitor', ?, 50, ?, ?, ?)`,
  );
  const insertEvent = sqlite.prepare(
    `INSERT INTO events (id, name, date, end_date, location, zip_code, arena_type, ground_type, added_money, latitude, longitude, event_type, showbill_approved, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const insertRun = sqlite.prepare(
    `INSERT INTO run_logs (id, user_id, event_id, arena_name, arena_type, horse_name, notes, time, rating, placement, tags, privacy, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?)`,
  );
  const insertFollow = sqlite.prepare("INSERT OR IGNORE INTO follows (follower_id, following_id, created_at) VALUES (?, ?, ?)");
  const insertNotification = sqlite.prepare(
    "INSERT INTO notifications (user_id, type, title, message, is_read, created_at) VALUES (?, 'announcement', ?, ?, ?, ?)",
  );

  const inBatches = (n: number, each: (i: number) => void) => {
    const batch = sqlite.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) each(i);
    });
    for (let i = 0; i < n; i += 50_000) batch(i, Math.min(n, i + 50_000));
  };

  inBatches(sizes.users, (i) => {
    const home = i === 0 ? "76101" : zips[(i * 104729) % zips.length]!.zip;
    const privacy = i < 2 ? "PUBLIC" : PRIVACY[i % PRIVACY.length]!;
    insertUser.run(
      userId(i),
      i === 0 ? BENCH_EMAIL : `rider${i}@example.com`,
      hash,
      i === 0 ? "Bench" : FIRST[i % FIRST.length]!,
      LAST[(i * 7) % LAST.length]!,
      home,
      privacy,
      HORSES[i % HORSES.length]!,
      now - i * 1000,
      now - i * 1000,
    );
  });
  inBatches(sizes.events, (i) => {
    const p = zips[(i * 7919) % zips.length]!;
    const start = (i * 31) % 365;
    const days = i % 5 === 0 ? 2 : 1;
    insertEvent.run(
      eventId(i),
      `Synthetic Barrel Race ${i}`,
      isoDay(start - 3),
      days > 1 ? isoDay(start - 2) : null,
      `${p.city}, ${p.state}`,
      p.zip,
      i % 3 === 0 ? "indoor" : "outdoor",
      GROUNDS[i % 4]!,
      i % 2 ? (i % 20) * 500 : null,
      p.latitude,
      p.longitude,
      JSON.stringify([TYPES[i % 6]]),
      userId((i * 13) % sizes.users),
      now,
    );
  });
  // The bench rider and the profile rider get 500 runs each; the rest are spread evenly.
  const special = Math.min(1000, sizes.runs);
  inBatches(sizes.runs, (i) => {
    const owner = i < special ? i % 2 : 2 + ((i * 7) % Math.max(1, sizes.users - 2));
    insertRun.run(
      uuidOf(3, i),
      userId(owner),
      i % 4 === 0 ? eventId(i % sizes.events) : null,
      `Arena ${i % 500}`,
      i % 3 === 0 ? "indoor" : "outdoor",
      HORSES[(owner + (i % 3)) % HORSES.length]!,
      i % 5 === 0 ? "Tipped the second barrel, fast home" : null,
      (14 + ((i * 37) % 3000) / 1000).toFixed(3),
      1 + (i % 5),
      i % 7 === 0 ? "1st" : null,
      i % 2 ? "PUBLIC" : "PRIVATE",
      now - i * 60_000,
    );
  });
  inBatches(sizes.users, (i) => {
    for (let k = 1; k <= 5; k++) insertFollow.run(userId(i), userId((i * 31 + k * 977) % sizes.users), now);
  });
  insertFollow.run(userId(0), userId(1), now);
  for (let k = 2; k < 102 && k < sizes.users; k++) insertFollow.run(userId(k), userId(0), now);
  inBatches(200, (i) => insertNotification.run(userId(0), `Announcement ${i}`, `Barrel race news number ${i}`, i % 3 ? 1 : 0, now - i * 3_600_000));
  inBatches(Math.min(sizes.users, 100_000), (i) =>
    insertNotification.run(userId(i), "Welcome", "Welcome to Cloverleaf", 0, now - i),
  );

  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.exec("ANALYZE");
  sqlite.close();
  console.log(
    `  seeded ${sizes.users.toLocaleString()} users, ${sizes.events.toLocaleString()} events, ${sizes.runs.toLocaleString()} runs in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { dataDir, benchUserId: userId(0), profileUserId: userId(1) };
}

export type Server = { url: string; child: ChildProcess; stop(): Promise<void> };

/** The real server (`node scripts/start.js`) on 127.0.0.1, production mode, with rate limits out of the way. */
export async function startServer(dataDir: string, port: number): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["scripts/start.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_ORIGIN: url,
      NODE_ENV: "production",
      RATE_LIMIT_FACTOR: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("server did not start");
}

/** Signs in through the real API and answers the Cookie header to send. */
export async function signIn(url: string, email = BENCH_EMAIL): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export type Row = {
  endpoint: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Answers by status, and requests that got none within autocannon's 10 s timeout. */
  statuses: Record<string, number>;
  timeouts: number;
};

/** One autocannon run; percentiles from every response's own time, errors = socket errors and timeouts + non-2xx. */
export async function measure(title: string, opts: autocannon.Options, { quiet = false } = {}): Promise<Row> {
  const times: number[] = [];
  let bad = 0;
  const statuses: Record<string, number> = {};
  // Without a callback autocannon answers an instance that is also a promise of the result.
  const instance = autocannon(opts) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status >= 300) bad += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const row = {
    endpoint: title,
    requests: times.length,
    rps: Math.round(result.requests.average),
    p50: +percentile(times, 50).toFixed(1),
    p95: +percentile(times, 95).toFixed(1),
    p99: +percentile(times, 99).toFixed(1),
    errors: result.errors + bad,
    statuses,
    timeouts: result.timeouts,
  };
  if (!quiet) console.log(
    `  ${title.padEnd(34)} ${String(row.rps).padStart(6)} rps  p50 ${String(row.p50).padStart(6)}  p95 ${String(row.p95).padStart(6)}  p99 ${String(row.p99).padStart(6)} ms  errors ${row.errors}${row.errors ? ` (statuses ${JSON.stringify(statuses)}, ${row.timeouts} timeouts)` : ""}`,
  );
  return row;
}

export function machine() {
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "unknown", memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
