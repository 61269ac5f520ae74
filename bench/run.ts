/**
 * `npm run bench`: what each request costs the server, and what that means
 * for throughput and latency, on the demo data and at the bench scale.
 *
 * For each data set (the demo of scripts/seed-demo.ts; 100k riders, 100k
 * events and 1M runs from bench/lib.ts) in a temporary DATA_DIR, and for each
 * endpoint:
 *
 * - CPU per request: the server's own CPU time (user + system of the primary
 *   and every worker, from /proc, so the load generator on the same cores does
 *   not count) over a closed-loop run, divided by the answers, in ms and in
 *   units. The unit is one React renderToString of a fixed 300-row table
 *   (bench/unit.ts), measured in its own process just before each endpoint,
 *   while the server is idle, so both see the machine in the same state.
 * - Saturation throughput, closed loop (autocannon), with 1 worker and with
 *   WEB_CONCURRENCY workers.
 * - Latency at a fixed arrival rate of half the single-worker throughput (an
 *   open loop, lib.ts openLoop), with 1 worker and with WEB_CONCURRENCY
 *   workers at the same rate: p50, p95, p99 of every response.
 *
 *   npm run bench                                            # everything: about 20 minutes
 *   npm run bench -- --only demo --duration 4                # quicker
 *   npm run bench -- --only demo --endpoints discover,runlog
 *   npm run bench -- --profile /tmp/prof --only demo --endpoints discover
 *   npm run bench -- --soak-minutes 5                        # and the memory soak, at the bench scale
 *
 * Flags: --only demo|scale, --endpoints a,b (keys below), --duration s (each
 * measurement, default 8), --warm-up s (the least warm-up of each endpoint, default 4; it goes on
 * until the CPU per request stops falling),
 * --identity (ask for uncompressed answers), --workers N (default os.availableParallelism()),
 * --connections n (closed loop, per worker, default 8), --profile dir (one
 * server per endpoint under node --cpu-prof, 1 worker, closed loop only;
 * profiles in dir/<data set>-<endpoint>/), --soak-minutes m (default 0),
 * --data-dir dir (keep the seeded data there and reuse it next time),
 * --users/--events/--runs (bench scale), --port.
 *
 * Writes bench/results.json (not with --profile).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import {
  arg,
  BENCH_EMAIL,
  flag,
  machine,
  measure,
  openLoop,
  PASSWORD,
  SEARCH_ZIPS,
  seed,
  serverProcesses,
  signIn,
  startServer,
  tempDir,
  treeCpuMs,
  treePssMb,
  treeRssMb,
  type OpenLoopRow,
  type Request,
  type Row,
  type Seeded,
  warmUp,
  withoutStatistics,
} from "./lib";
import { soak, type SoakResult } from "./soak";
import type { Unit } from "./unit";

const ENDPOINTS = ["health", "static", "static-out", "discover", "search", "search-page", "runlog", "runlog-data", "profile", "notifications", "events", "share", "results", "standings", "draw", "live"] as const;
type Key = (typeof ENDPOINTS)[number];

const ONLY = arg("only", "demo,scale").split(",");
const KEYS = arg("endpoints", ENDPOINTS.join(",")).split(",") as Key[];
// A page with a goal in floors is measured beside the floor page.
if (!KEYS.includes("static-out") && KEYS.some((k) => !["health", "static", "search", "search-page", "runlog-data"].includes(k))) KEYS.unshift("static-out");
const DURATION = Number(arg("duration", "8"));
const WARM_UP = Number(arg("warm-up", "4"));
const WORKERS = Number(arg("workers", String(os.availableParallelism())));
const CONNECTIONS = Number(arg("connections", "8"));
const PROFILE = arg("profile", "");
const SOAK_MINUTES = Number(arg("soak-minutes", "0"));
const DATA_DIR = arg("data-dir", "");
const PORT = Number(arg("port", "3391"));
const SIZES = { users: Number(arg("users", "100000")), events: Number(arg("events", "100000")), runs: Number(arg("runs", "1000000")) };

for (const key of KEYS) if (!ENDPOINTS.includes(key)) fail(`unknown endpoint "${key}": one of ${ENDPOINTS.join(", ")}`);
for (const name of ONLY) if (name !== "demo" && name !== "scale") fail(`unknown data set "${name}": demo or scale`);
if (!fs.existsSync("build/index.js")) fail("No build: run `npm run build` first.");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Goals in units of CPU per request. The static page (signed in and out) has
 * none: it is the floor of a page, what the request path, the shell and the
 * framework cost around a screen with no data (bench/README.md, "The floor of
 * a page"). A navigation's data (`runlog-data`) has none either: it is
 * measured to show what a rider with JavaScript costs per tap.
 */
const FLOOR: ReadonlySet<Key> = new Set(["static", "static-out"]);
const GOALS: Partial<Record<Key, number>> = { health: 0.5, discover: 5, search: 1.5, "search-page": 1.5, runlog: 6, profile: 4, notifications: 3, events: 3, share: 2.5 };
/**
 * Goals as a multiple of the floor page (the signed-out terms, `static-out`)
 * measured in the same run: the unit above is a loop of React in another
 * process, the floor is this server's own cost of a page with no data. A
 * page with both is met when both are.
 */
const FLOOR_GOALS: Partial<Record<Key, number>> = { runlog: 4, events: 3, results: 3, discover: 3, standings: 2.5, notifications: 2, draw: 2, live: 2 };
/**
 * A weekend's page mix (docs/scaling.md): what a rider online asks for, one
 * page every 10 s, 5% of riders online at the peak. Writes (logging a run,
 * saving an event) are followed by a page and counted in the margin.
 */
const MIX: Partial<Record<Key, number>> = { discover: 0.25, search: 0.1, runlog: 0.15, profile: 0.15, notifications: 0.1, events: 0.1, share: 0.15 };
/** Writes, static files on a first visit, notification streams' heartbeats. */
const MARGIN = 1.2;
/** The share of a core to plan for: the latency goals are measured at half the capacity. */
const UTILIZATION = 0.5;
const PAGE_EVERY_S = 10;
const ONLINE_SHARE = 0.05;

/** Open-loop latency goals, ms. */
const P95_GOAL = 25;
const P99_GOAL = 50;

/** As a browser asks: the server compresses what it sends, and that is part of the cost (--identity: uncompressed). */
const ACCEPT = { "Accept-Encoding": flag("identity") ? "identity" : "gzip, deflate, br", Accept: "text/html,application/json;q=0.9,*/*;q=0.8" };

type DataSet = {
  name: "demo" | "scale";
  dataDir: string;
  email: string;
  password: string;
  profileUserId: string;
  shareEventId: string;
  /** A race with its draw and results published, in a series with standings: the race pages (the demo data has one). */
  race?: { eventId: string; classId: string; seriesId: string };
  seeded?: Seeded;
};

type Endpoint = { key: Key; title: string; requests: Request[] };

function endpoints(ds: DataSet, url: string, cookie: string): Endpoint[] {
  const page = (p: string) => [{ method: "GET" as const, path: p, headers: { ...ACCEPT, Cookie: cookie } }];
  const searches = (page: Record<string, unknown>) =>
    SEARCH_ZIPS.flatMap((zipCode) =>
      [200, 50].map((radius) => ({
        method: "POST" as const,
        path: "/api/events/search",
        headers: { ...ACCEPT, Cookie: cookie, "Content-Type": "application/json", Origin: url },
        body: JSON.stringify({ zipCode, radius, ...page }),
      })),
    );
  const all: Endpoint[] = [
    { key: "health", title: "GET /api/health", requests: [{ method: "GET", path: "/api/health", headers: ACCEPT }] },
    { key: "static", title: "GET /terms-of-service (signed in)", requests: page("/terms-of-service") },
    { key: "static-out", title: "GET /terms-of-service (signed out)", requests: [{ method: "GET", path: "/terms-of-service", headers: ACCEPT }] },
    { key: "discover", title: "Discover GET / (signed in)", requests: page("/") },
    { key: "search", title: "POST /api/events/search", requests: searches({}) },
    // The same searches a page of 25 at a time (`limit`), as an API client pages through results.
    { key: "search-page", title: "POST /api/events/search, 25 a page", requests: searches({ limit: 25 }) },
    { key: "runlog", title: "GET /run-log", requests: page("/run-log") },
    // What a browser with JavaScript asks for when a rider taps the Run Log tab: the page's data, not its HTML.
    { key: "runlog-data", title: "GET /run-log.data (a navigation)", requests: page("/run-log.data") },
    { key: "profile", title: "GET /profile/:id (public runs)", requests: page(`/profile/${ds.profileUserId}`) },
    { key: "notifications", title: "GET /notifications", requests: page("/notifications") },
    { key: "events", title: "My Events GET /events", requests: page("/events") },
    { key: "share", title: "GET /share/event/:id (signed out)", requests: [{ method: "GET", path: `/share/event/${ds.shareEventId}`, headers: ACCEPT }] },
    ...(ds.race
      ? [
          { key: "results" as const, title: "GET /events/:id/results/:class", requests: page(`/events/${ds.race.eventId}/results/${ds.race.classId}`) },
          { key: "standings" as const, title: "GET /series/:id (standings)", requests: page(`/series/${ds.race.seriesId}`) },
          { key: "draw" as const, title: "GET /events/:id/draw", requests: page(`/events/${ds.race.eventId}/draw`) },
          { key: "live" as const, title: "GET /events/:id/live", requests: page(`/events/${ds.race.eventId}/live`) },
        ]
      : []),
  ];
  return all.filter((e) => KEYS.includes(e.key));
}

// ---------------------------------------------------------------------------
// Data sets
// ---------------------------------------------------------------------------

function query<T>(dataDir: string, sql: string): T {
  const db = openDatabase(path.join(dataDir, "app.db"));
  try {
    const row = db.$client.prepare(sql).get() as T | undefined;
    if (!row) throw new Error(`no row for: ${sql}`);
    return row;
  } finally {
    db.$client.close();
  }
}

/** An approved, upcoming event: what a shared link usually points at. */
const upcomingEvent = (dataDir: string) =>
  query<{ id: string }>(dataDir, "SELECT id FROM events WHERE showbill_approved = 1 AND date >= date('now') ORDER BY date LIMIT 1").id;

function dataDirFor(name: string) {
  if (!DATA_DIR) return { dir: tempDir(`bench-${name}`), fresh: true };
  const dir = path.join(DATA_DIR, name);
  const fresh = !fs.existsSync(path.join(dir, "app.db"));
  if (!fresh) withoutStatistics(dir);
  return { dir, fresh };
}

function demoData(): DataSet {
  const { dir, fresh } = dataDirFor("demo");
  if (fresh) {
    fs.mkdirSync(dir, { recursive: true });
    const result = spawnSync("node", ["--import", "tsx", "scripts/seed-demo.ts"], { env: { ...process.env, DATA_DIR: dir, NODE_ENV: "production" }, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`seed-demo failed:\n${result.stderr}`);
    console.log("  seeded the demo data (scripts/seed-demo.ts)");
  }
  const email = "kaylee@demo.cloverleaf.app";
  // The public rider (not the demo rider) with the most public runs.
  const profile = query<{ id: string }>(
    dir,
    `SELECT u.id FROM users u JOIN run_logs r ON r.user_id = u.id
     WHERE u.privacy_mode = 'PUBLIC' AND r.privacy = 'PUBLIC' AND u.email <> '${email}'
     GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`,
  );
  // The race with the most published results, its draw published, in a series that counts it.
  const race = query<{ eventId: string; classId: string; seriesId: string }>(
    dir,
    `SELECT c.event_id AS eventId, c.id AS classId, se.series_id AS seriesId FROM race_classes c
     JOIN series_events se ON se.event_id = c.event_id AND se.status = 'APPROVED' JOIN race_results r ON r.class_id = c.id
     WHERE c.results_published_at IS NOT NULL AND c.draw_published_at IS NOT NULL
     GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`,
  );
  return { name: "demo", dataDir: dir, email, password: "demo-password-1", profileUserId: profile.id, shareEventId: upcomingEvent(dir), race };
}

function scaleData(): DataSet {
  const { dir, fresh } = dataDirFor("scale");
  const seeded: Seeded = fresh
    ? seed(dir, SIZES)
    : { dataDir: dir, benchUserId: "00000001-0000-4000-8000-000000000000", profileUserId: "00000001-0000-4000-8000-000000000001" };
  return { name: "scale", dataDir: dir, email: BENCH_EMAIL, password: PASSWORD, profileUserId: seeded.profileUserId, shareEventId: upcomingEvent(dir), seeded };
}

// ---------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------

/** The unit, in its own process while the server is idle. */
function measureUnit(): Unit {
  const result = spawnSync("node", ["--import", "tsx", "bench/unit.ts"], { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`bench/unit.ts failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as Unit;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

type Phase = {
  workers: number;
  /** Node processes the server ran as (primary and workers). */
  processes: number;
  rssMb: number;
  /** Memory of all the server's processes together, shared pages counted once. */
  pssMb: number;
  /** The machine's 1-minute load average after each endpoint: above the core count, others competed for the CPU. */
  endpoints: Record<string, { unit?: Unit; closed: Row; cpuMs: number; open?: OpenLoopRow; openCpuMs?: number; load?: number; warmUpS?: number }>;
};

type Checked = { status: number; bytes: number; wireBytes: number };

/** One request first: the status (a failing endpoint is reported, not measured as fast), and the body's size plain and as sent. */
async function check(url: string, e: Endpoint): Promise<Checked> {
  const spec = e.requests[0]!;
  const ask = (encoding: string) =>
    new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const u = new URL(spec.path, url);
      const req = http.request(u, { method: spec.method, headers: { ...spec.headers, "Accept-Encoding": encoding } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode!, bytes }));
      });
      req.on("error", reject);
      req.end(spec.body);
    });
  const plain = await ask("identity");
  const wire = await ask(ACCEPT["Accept-Encoding"]);
  return { status: plain.status, bytes: plain.bytes, wireBytes: wire.bytes };
}

async function runPhase(ds: DataSet, workers: number, list: (url: string, cookie: string) => Endpoint[], opts: { rates?: Map<Key, number>; cpuProfDir?: string; checks?: Map<Key, Checked>; units?: Unit[] }): Promise<Phase> {
  const server = await startServer(ds.dataDir, PORT, { workers, cpuProfDir: opts.cpuProfDir });
  const processes = serverProcesses(server.child.pid!).length;
  const phase: Phase = { workers, processes, rssMb: 0, pssMb: 0, endpoints: {} };
  const connections = CONNECTIONS * workers;
  console.log(
    `\n${ds.name}: WEB_CONCURRENCY=${workers} (${processes} node process${processes > 1 ? "es" : ""}${workers > 1 && processes === 1 ? ": this build ignores WEB_CONCURRENCY" : ""}), closed loop at ${connections} connections${opts.cpuProfDir ? `, --cpu-prof into ${opts.cpuProfDir}` : ""}`,
  );
  try {
    const url = server.url;
    const cookie = await signIn(url, ds.email, ds.password);
    for (const e of list(url, cookie)) {
      if (opts.checks && !opts.checks.has(e.key)) {
        const checked = await check(url, e);
        opts.checks.set(e.key, checked);
        if (checked.status !== 200) console.log(`  ${e.title}: answered ${checked.status}, not 200`);
      }
      const pid = server.child.pid!;
      const warmUpS = await warmUp(pid, { url, requests: e.requests, connections }, { least: WARM_UP });
      const unit = opts.units ? measureUnit() : undefined;
      if (unit) opts.units!.push(unit);
      const c0 = treeCpuMs(pid);
      const closed = await measure(e.title, { url, requests: e.requests, connections, duration: DURATION }, { quiet: true });
      const cpuMs = (treeCpuMs(pid) - c0) / Math.max(1, closed.requests);
      const entry: Phase["endpoints"][string] = { unit, closed, cpuMs: +cpuMs.toFixed(3), warmUpS };
      let line = `  ${e.title.padEnd(36)} ${cpuMs.toFixed(2).padStart(6)} ms CPU/req${unit ? ` (${(cpuMs / unit.ms).toFixed(1)} u of ${unit.ms} ms)` : ""}  ${String(closed.rps).padStart(5)} req/s`;
      if (closed.errors) line += `  errors ${closed.errors} ${JSON.stringify(closed.statuses)}`;
      if (!opts.cpuProfDir) {
        const rate = opts.rates?.get(e.key) ?? Math.max(1, Math.floor(closed.rps / 2));
        opts.rates?.set(e.key, rate);
        const o0 = treeCpuMs(pid);
        const open = await openLoop(url, e.requests, { rate, duration: DURATION });
        entry.open = open;
        entry.openCpuMs = +((treeCpuMs(pid) - o0) / Math.max(1, open.requests)).toFixed(3);
        line += `  | at ${rate}/s: p50 ${open.p50}  p95 ${open.p95}  p99 ${open.p99} ms${open.errors ? `  errors ${open.errors} ${JSON.stringify({ ...open.failures, ...open.statuses })}` : ""}${open.lateP99 > 5 ? `  (generator late by ${open.lateP99} ms at p99)` : ""}`;
      }
      entry.load = +os.loadavg()[0]!.toFixed(1);
      console.log(`${line}  [load ${entry.load}, warmed ${warmUpS} s]`);
      phase.endpoints[e.key] = entry;
    }
    phase.rssMb = +treeRssMb(server.child.pid!).toFixed(1);
    phase.pssMb = +treePssMb(server.child.pid!).toFixed(1);
  } finally {
    await server.stop();
  }
  return phase;
}

// ---------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------

/** A Markdown table; columns with an empty header are left out. */
function table(allHeader: string[], allRows: string[][]) {
  const keep = allHeader.map((h, i) => (h ? i : -1)).filter((i) => i >= 0);
  const header = keep.map((i) => allHeader[i]!);
  const rows = allRows.map((r) => keep.map((i) => r[i]!));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const latency = (o?: OpenLoopRow) => (o ? `${o.p50} / ${o.p95} / ${o.p99}` : "");
const latencyMet = (o?: OpenLoopRow) => (o ? (o.p95 <= P95_GOAL && o.p99 <= P99_GOAL && o.errors === 0 ? "met" : "NOT met") : "");

type Result = {
  name: string;
  unit: number;
  checks: Record<string, Checked>;
  one: Phase;
  many?: Phase;
  rows: Array<Record<string, unknown>>;
  capacity?: ReturnType<typeof capacityOf>;
};

function report(ds: DataSet, checks: Map<Key, Checked>, one: Phase, many?: Phase): Result {
  const keys = KEYS.filter((k) => one.endpoints[k]);
  // Each endpoint in the unit measured just before it; the data set's unit is their median.
  const unit = median(keys.map((k) => one.endpoints[k]!.unit!.ms));
  console.log(
    `\n## ${ds.name === "demo" ? "Demo data" : `Bench scale (${SIZES.users.toLocaleString()} riders, ${SIZES.events.toLocaleString()} events, ${SIZES.runs.toLocaleString()} runs)`}: unit ${unit} ms (median of the ${keys.length} measured before each endpoint)\n`,
  );
  const floorMs = one.endpoints["static-out"]?.cpuMs;
  const rows = keys.map((k) => {
    const a = one.endpoints[k]!;
    const u = a.unit!.ms;
    const b = many?.endpoints[k];
    const c = checks.get(k);
    return {
      key: k,
      title: a.closed.endpoint,
      status: c?.status,
      htmlBytes: c?.bytes,
      wireBytes: c?.wireBytes,
      cpuMs: a.cpuMs,
      unit: u,
      units: +(a.cpuMs / u).toFixed(2),
      floorTimes: floorMs ? +(a.cpuMs / floorMs).toFixed(2) : undefined,
      goalUnits: GOALS[k],
      goalFloorTimes: FLOOR_GOALS[k],
      met:
        GOALS[k] === undefined && (FLOOR_GOALS[k] === undefined || !floorMs)
          ? undefined
          : (GOALS[k] === undefined || a.cpuMs / u <= GOALS[k]) && (FLOOR_GOALS[k] === undefined || !floorMs || a.cpuMs / floorMs <= FLOOR_GOALS[k]) && a.closed.errors === 0,
      cpuMsAtHalfLoad: a.openCpuMs,
      rpsOne: a.closed.rps,
      rpsMany: b?.closed.rps,
      rate: a.open?.rate,
      openOne: a.open,
      openMany: b?.open,
      errors: a.closed.errors + (a.open?.errors ?? 0) + (b?.closed.errors ?? 0) + (b?.open?.errors ?? 0),
    };
  });
  table(
    ["endpoint", "size (gzip)", "CPU/req", "unit", "units", "x floor", "goal", "met", "CPU/req at half load"],
    rows.map((r) => [
      r.title,
      r.htmlBytes === undefined ? "" : `${kb(r.htmlBytes)} (${kb(r.wireBytes!)})`,
      `${r.cpuMs.toFixed(2)} ms`,
      `${r.unit} ms`,
      r.units.toFixed(1),
      r.floorTimes === undefined ? "" : `${r.floorTimes.toFixed(1)}x`,
      [r.goalUnits !== undefined ? `<= ${r.goalUnits} u` : "", r.goalFloorTimes !== undefined ? `<= ${r.goalFloorTimes}x floor` : ""].filter(Boolean).join(", ") || (FLOOR.has(r.key) ? "floor" : "none"),
      r.met === undefined ? "" : r.met ? "met" : "NOT met",
      r.cpuMsAtHalfLoad === undefined ? "" : `${r.cpuMsAtHalfLoad.toFixed(2)} ms (${(r.cpuMsAtHalfLoad / r.unit).toFixed(1)} u)`,
    ]),
  );
  if (!PROFILE) {
    const n = many?.workers;
    console.log();
    table(
      ["endpoint", "req/s, 1 worker", n ? `req/s, ${n} workers` : "", "open-loop rate", "1 worker p50 / p95 / p99 ms", n ? `${n} workers p50 / p95 / p99 ms` : "", `p95 <= ${P95_GOAL}, p99 <= ${P99_GOAL}`],
      rows.map((r) => [
        r.title,
        String(r.rpsOne),
        r.rpsMany === undefined ? "" : String(r.rpsMany),
        `${r.rate}/s`,
        latency(r.openOne),
        latency(r.openMany),
        n ? `${latencyMet(r.openOne)} / ${latencyMet(r.openMany)}` : latencyMet(r.openOne),
      ]),
    );
    console.log(
      `\n  server memory after the run (resident; proportional, shared pages counted once): ${one.rssMb} MB; ${one.pssMb} MB with 1 worker${many ? `, ${many.rssMb} MB; ${many.pssMb} MB with WEB_CONCURRENCY=${many.workers} (${many.processes} node processes)` : ""}`,
    );
    const errors = rows.filter((r) => r.errors);
    for (const r of errors) console.log(`  ${r.title}: ${r.errors} errors (non-2xx answers, socket errors or timeouts)`);
  }
  const capacity = capacityOf(one);
  if (capacity) {
    console.log(
      `  capacity at the weekend mix: ${capacity.cpuMsPerPage} ms of CPU a page (x${MARGIN} margin) -> ${capacity.pagesPerCoreS} pages/s a core at ${UTILIZATION * 100}% -> ${capacity.onlinePerCore.toLocaleString()} riders online, ${capacity.ridersPerCore.toLocaleString()} riders a core (${ONLINE_SHARE * 100}% online, a page every ${PAGE_EVERY_S} s)`,
    );
  }
  return { name: ds.name, unit, checks: Object.fromEntries(checks), one, many, rows, capacity };
}

/**
 * Riders one core holds at the weekend peak, from the single-worker costs
 * (the higher of saturation and half load). Null unless every page of the mix was measured.
 */
function capacityOf(one: Phase) {
  let ms = 0;
  for (const [key, share] of Object.entries(MIX) as Array<[Key, number]>) {
    const e = one.endpoints[key];
    if (!e) return null;
    ms += share * Math.max(e.cpuMs, e.openCpuMs ?? 0);
  }
  const cpuMsPerPage = ms * MARGIN;
  const pagesPerCoreS = (UTILIZATION * 1000) / cpuMsPerPage;
  const onlinePerCore = Math.floor((pagesPerCoreS * PAGE_EVERY_S) / 10) * 10;
  return {
    mix: MIX,
    margin: MARGIN,
    utilization: UTILIZATION,
    cpuMsPerPage: +cpuMsPerPage.toFixed(2),
    pagesPerCoreS: +pagesPerCoreS.toFixed(1),
    onlinePerCore,
    ridersPerCore: Math.floor(onlinePerCore / ONLINE_SHARE / 100) * 100,
  };
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

console.log(`Machine: ${JSON.stringify({ ...machine(), availableParallelism: os.availableParallelism(), load: os.loadavg().map((l) => +l.toFixed(2)) })}`);
console.log(`Each measurement ${DURATION} s; WEB_CONCURRENCY ${WORKERS}; data sets ${ONLY.join(", ")}; endpoints ${KEYS.join(", ")}`);
const started = Date.now();
const results: Result[] = [];
let soakResult: SoakResult | null = null;
const units: Unit[] = [];

for (const name of ONLY as Array<"demo" | "scale">) {
  console.log(`\n# ${name}`);
  const ds = name === "demo" ? demoData() : scaleData();
  try {
    const checks = new Map<Key, Checked>();
    const list = (url: string, cookie: string) => endpoints(ds, url, cookie);
    if (PROFILE) {
      // One server per endpoint, so each profile holds that endpoint alone.
      const one: Phase = { workers: 1, processes: 1, rssMb: 0, pssMb: 0, endpoints: {} };
      for (const key of KEYS) {
        const dir = path.resolve(PROFILE, `${name}-${key}`);
        const phase = await runPhase(ds, 1, (url, cookie) => list(url, cookie).filter((e) => e.key === key), { cpuProfDir: dir, checks, units });
        Object.assign(one.endpoints, phase.endpoints);
        console.log(`  profiles: ${fs.readdirSync(dir).map((f) => path.join(dir, f)).join(", ")}`);
      }
      results.push(report(ds, checks, one));
      continue;
    }
    const rates = new Map<Key, number>();
    const one = await runPhase(ds, 1, list, { rates, checks, units });
    const many = WORKERS > 1 ? await runPhase(ds, WORKERS, list, { rates }) : undefined;
    if (SOAK_MINUTES > 0 && ds.seeded) {
      const server = await startServer(ds.dataDir, PORT, { workers: WORKERS });
      try {
        soakResult = await soak(server, ds.seeded, { minutes: SOAK_MINUTES, rate: 200 });
      } finally {
        await server.stop();
      }
    }
    results.push(report(ds, checks, one, many));
  } finally {
    if (!DATA_DIR) fs.rmSync(ds.dataDir, { recursive: true, force: true });
  }
}

if (soakResult) {
  console.log(
    `\nMemory soak (bench scale, WEB_CONCURRENCY=${WORKERS}): ${soakResult.growthPercent}% growth (${soakResult.rssStartMb} -> ${soakResult.rssEndMb} MB), ${soakResult.errors} errors  ${soakResult.growthPercent <= 10 && soakResult.errors === 0 ? "met" : "NOT met"}`,
  );
}
console.log(`\nUnit measurements this run: ${units.map((u) => u.ms).join(", ")} ms; ${((Date.now() - started) / 60_000).toFixed(1)} minutes in all`);
if (!PROFILE) {
  fs.writeFileSync(
    "bench/results.json",
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { ...machine(), availableParallelism: os.availableParallelism() },
        options: { only: ONLY, endpoints: KEYS, duration: DURATION, workers: WORKERS, connectionsPerWorker: CONNECTIONS, sizes: SIZES, soakMinutes: SOAK_MINUTES },
        units,
        results,
        soak: soakResult,
      },
      null,
      2,
    )}\n`,
  );
  console.log("wrote bench/results.json");
}
