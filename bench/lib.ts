/**
 * What the benchmarks share: command-line flags, the synthetic data set, the
 * real server started as a child process (one or several workers), its CPU
 * time and memory read from /proc, sign-in, a closed-loop autocannon
 * measurement and an open-loop one at a fixed arrival rate.
 */
import autocannon from "autocannon";
import bcrypt from "bcryptjs";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import http from "node:http";
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
 * 200 notifications, 12 saved events and follows; user 1 is the PUBLIC rider
 * whose profile is measured.
 */
/**
 * The app never runs ANALYZE, so SQLite plans a production database's queries from its schema
 * alone, and a bench database must too: with statistics the planner chose better than it does
 * in production (My Events read every approved event at the bench scale without them:
 * bench/README.md, "Profiles"), and with SQLite's sample statistics (sqlite_stat4) it compiles
 * a kept statement again on every run. Data sets seeded before this rule carried statistics;
 * they are cleared when such a data set is reused.
 */
export function withoutStatistics(dataDir: string) {
  const sqlite = openDatabase(path.join(dataDir, "app.db")).$client;
  const stats = sqlite.prepare("SELECT name FROM sqlite_master WHERE name IN ('sqlite_stat1', 'sqlite_stat4')").pluck().all() as string[];
  for (const table of stats) sqlite.exec(`DELETE FROM ${table}`);
  sqlite.close();
}

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
    // When each was run: a minute apart, as when each was logged (lists and trends order by it).
    `INSERT INTO run_logs (id, user_id, event_id, arena_name, arena_type, horse_name, notes, time, rating, placement, tags, privacy, created_at, run_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
  );
  const insertFollow = sqlite.prepare("INSERT OR IGNORE INTO follows (follower_id, following_id, created_at) VALUES (?, ?, ?)");
  const insertSaved = sqlite.prepare("INSERT OR IGNORE INTO saved_events (user_id, event_id, saved_at) VALUES (?, ?, ?)");
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
      now - i * 60_000,
    );
  });
  inBatches(sizes.users, (i) => {
    for (let k = 1; k <= 5; k++) insertFollow.run(userId(i), userId((i * 31 + k * 977) % sizes.users), now);
  });
  insertFollow.run(userId(0), userId(1), now);
  // My Events: the bench rider has saved 12 events spread over the year, as many as Discover shows.
  for (let k = 0; k < 12 && k < sizes.events; k++) insertSaved.run(userId(0), eventId((k * 4999 + 11) % sizes.events), now - k * 3_600_000);
  for (let k = 2; k < 102 && k < sizes.users; k++) insertFollow.run(userId(k), userId(0), now);
  inBatches(200, (i) => insertNotification.run(userId(0), `Announcement ${i}`, `Barrel race news number ${i}`, i % 3 ? 1 : 0, now - i * 3_600_000));
  inBatches(Math.min(sizes.users, 100_000), (i) =>
    insertNotification.run(userId(i), "Welcome", "Welcome to Cloverleaf", 0, now - i),
  );

  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  // No ANALYZE: the app never runs it, so the bench plans queries as a production database does (withoutStatistics).
  sqlite.close();
  console.log(
    `  seeded ${sizes.users.toLocaleString()} users, ${sizes.events.toLocaleString()} events, ${sizes.runs.toLocaleString()} runs in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { dataDir, benchUserId: userId(0), profileUserId: userId(1) };
}

export type Server = { url: string; child: ChildProcess; stop(): Promise<void> };

export type ServerOptions = {
  /** WEB_CONCURRENCY: worker processes (1: one process, as before). */
  workers?: number;
  /** Run node with --cpu-prof, writing one .cpuprofile per process into this directory on exit. */
  cpuProfDir?: string;
};

/** The real server (`node scripts/start.js`) on 127.0.0.1, production mode, with rate limits out of the way. */
/**
 * The Node flags `npm start` runs the server with (package.json), so a bench
 * measures the server as it runs; `--node-flags=--a,--b` measures others
 * (`--node-flags=`: Node's defaults).
 */
const startScript = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
const flagsArg = args.find((a) => a.startsWith("--node-flags="))?.slice("--node-flags=".length);
export const SERVER_NODE_FLAGS = flagsArg !== undefined ? flagsArg.split(",").filter(Boolean) : startScript.split(" ").filter((a) => a.startsWith("--"));

export async function startServer(dataDir: string, port: number, { workers = 1, cpuProfDir }: ServerOptions = {}): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  if (cpuProfDir) fs.mkdirSync(cpuProfDir, { recursive: true });
  const nodeArgs = cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfDir] : [];
  const child = spawn("node", [...SERVER_NODE_FLAGS, ...nodeArgs, "scripts/start.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_ORIGIN: url,
      NODE_ENV: "production",
      RATE_LIMIT_FACTOR: "1000000",
      WEB_CONCURRENCY: String(workers),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        // With several workers, wait until each is up (a worker listens a moment after the first).
        for (let j = 0; j < 100 && workers > 1 && serverProcesses(child.pid!).length < workers + 1; j++) await sleep(100);
        return { url, child, stop };
      }
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await sleep(100);
  }
  await stop();
  throw new Error("server did not start");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------
// The server's own processes, from /proc (Linux)
// ---------------------------------------------------------------------------

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state, [1] the parent. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone
  }
}

/** A process and all its descendants (the primary, its workers, and any helper they started). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of fs.readdirSync("/proc")) {
    const pid = Number(name);
    if (!pid) continue;
    const fields = statFields(pid);
    if (!fields) continue;
    const ppid = Number(fields[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of parents.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/** What /proc/<pid>/comm says of a Node process: "node", or since Node 24 its main thread's name. */
const NODE_COMMS = new Set(["node", "MainThread"]);

/** The node processes of the server: the primary and its workers (not, say, an esbuild service). */
export function serverProcesses(root: number): number[] {
  return processTree(root).filter((pid) => {
    try {
      return NODE_COMMS.has(fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim());
    } catch {
      return false;
    }
  });
}

/**
 * CPU time in ms used so far by a process tree: user + system of every live
 * process, plus what each has collected from children that already exited
 * (a crashed worker's time stays counted). Excludes the load generator.
 */
export function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const f = statFields(pid);
    // utime, stime, cutime, cstime: fields 14-17 of stat, 11-14 after the name.
    if (f) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of the server's node processes together, in MB (pages they share, like node's own code, counted in each). */
export const treeRssMb = (root: number) => serverProcesses(root).reduce((sum, pid) => sum + rssMb(pid), 0);

/** Proportional set size of the server's node processes, in MB: shared pages split between them, so the sum is what they take together. */
export function treePssMb(root: number) {
  let kb = 0;
  for (const pid of serverProcesses(root)) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kb / 1024;
}

/** Signs in through the real API and answers the Cookie header to send. */
export async function signIn(url: string, email = BENCH_EMAIL, password = PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
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

/**
 * Loads an endpoint until its CPU per request stops falling, and answers how
 * many seconds that took. A fresh server runs its code unoptimized at first,
 * and V8 compiles the hot functions on background threads, whose CPU counts
 * as the server's: on Discover the first 3 seconds cost about 1.8 times the
 * steady figure, and the cost settles only after some 4,000 requests
 * (bench/README.md, "Warm-up"). So: windows of 2 seconds (every worker
 * loaded), at least `least` seconds in all, until two windows in a row are
 * no cheaper than the cheapest before them, within 3%; at most `most`
 * seconds. `pid` is the server's first process (its workers are counted).
 */
export async function warmUp(pid: number, opts: Pick<autocannon.Options, "url" | "requests" | "connections">, { least = 4, most = 40 } = {}): Promise<number> {
  const WINDOW = 2;
  let best = Infinity;
  let seconds = 0;
  let flat = 0;
  for (;;) {
    const c0 = treeCpuMs(pid);
    const row = await measure("warm-up", { ...opts, duration: WINDOW }, { quiet: true });
    seconds += WINDOW;
    const cost = (treeCpuMs(pid) - c0) / Math.max(1, row.requests);
    flat = cost >= best * 0.97 ? flat + 1 : 0;
    best = Math.min(best, cost);
    if ((flat >= 2 && seconds >= least) || seconds >= most) return seconds;
  }
}

export function machine() {
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "unknown", memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));

export type Request = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

export type OpenLoopRow = {
  rate: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  statuses: Record<string, number>;
  /** Requests that got no answer, by error code (ECONNRESET, timeout, ...). */
  failures: Record<string, number>;
  /** How late the generator sent its requests (p99, ms): above a few ms it could not keep the schedule. */
  lateP99: number;
};

/**
 * Open loop: requests leave at a fixed rate, evenly spaced, whether or not
 * earlier ones were answered (a keep-alive pool with as many connections as
 * requests in flight). Each time runs from writing the request to the last
 * byte of the answer. autocannon's `overallRate` is not used here: it lets
 * each connection send its share of a second back to back and then wait for
 * the next second, so arrivals come in bursts and the percentiles measure
 * the burst.
 */
export async function openLoop(url: string, requests: Request[], { rate, duration }: { rate: number; duration: number }): Promise<OpenLoopRow> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.max(1, Math.round(rate * duration));
  const interval = 1000 / rate;
  const times: number[] = [];
  const late: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: Record<string, number> = {};
  let errors = 0;
  let answered = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const fire = (i: number, due: number) => {
    const spec = requests[i % requests.length]!;
    const sent = performance.now();
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      answered += 1;
      if (answered === total) done();
    };
    late.push(sent - due);
    const req = http.request(
      { host: target.hostname, port: target.port, path: spec.path, method: spec.method, headers: spec.headers, agent, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on("end", () => {
          times.push(performance.now() - sent);
          statuses[res.statusCode!] = (statuses[res.statusCode!] ?? 0) + 1;
          if (res.statusCode! >= 300) errors += 1;
          settle();
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      failures[code] = (failures[code] ?? 0) + 1;
      errors += 1;
      settle();
    });
    req.end(spec.body);
  };
  const start = performance.now() + 20;
  let next = 0;
  const tick = () => {
    const now = performance.now();
    while (next < total && start + next * interval <= now) {
      fire(next, start + next * interval);
      next += 1;
    }
    if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
  };
  setTimeout(tick, 20);
  await finished;
  agent.destroy();
  times.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  const pct = (p: number) => +percentile(times, p).toFixed(1);
  return {
    rate,
    requests: times.length,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: +(times.at(-1) ?? NaN).toFixed(1),
    errors,
    statuses,
    failures,
    lateP99: +percentile(late, 99).toFixed(1),
  };
}
