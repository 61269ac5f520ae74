/**
 * `npm run lighthouse`: Lighthouse 12 (mobile form factor, its default
 * simulated slow 4G and 4x CPU slowdown) in Debian's Chromium against the
 * real server, on the landing page and login (signed out), Discover and the
 * run log (signed in as the demo rider), a shared event, and the race pages:
 * the entry form (the rider), the draw, a class's results, the live page, a
 * series' standings and the arena screen (signed out), and the booth and
 * the announcer's view (the race's producer).
 *
 *   npm run lighthouse                    # builds if there is no build
 *   npm run lighthouse -- --build         # rebuilds first
 *   npm run lighthouse -- --runs 3        # median of 3 runs per page
 *   npm run lighthouse -- --port 3402 --json /tmp/lighthouse.json
 *   npm run lighthouse -- --only "Run log" --reports /tmp/lh   # one page (or "A,B"), full HTML report kept
 *
 * It seeds the demo data into a temporary DATA_DIR, starts `node
 * scripts/start.js` there, prints performance, accessibility and the
 * JavaScript each page loaded (gzipped, as the budget of
 * tests/api/js-budget.test.ts counts it), removes the temporary data, and
 * exits 1 if a page scores below 0.95 performance or 1.0 accessibility.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer, type Server } from "../bench/lib";
import { openDatabase } from "../db/client";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};

const PORT = Number(arg("port", "3402"));
const RUNS = Math.max(1, Number(arg("runs", "1")));
const JSON_OUT = arg("json", "");
/** `--only "Landing,Run log"`: those pages alone, by their names below. */
const ONLY = arg("only", "").split(",").filter(Boolean);
const REPORTS = arg("reports", "");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"];
/** The demo rider of scripts/seed-demo.ts, and the producer of its open race. */
const DEMO = { email: "kaylee@demo.cloverleaf.app", password: "demo-password-1" };
const PRODUCER = { email: "cody@demo.cloverleaf.app", password: "demo-password-1" };
const GOALS = { performance: 0.95, accessibility: 1 };

type Page = { name: string; path: string; as: "visitor" | "rider" | "producer" };
type PageResult = {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  /**
   * Every script Lighthouse's Chromium loaded, as the server sends it gzipped: what the
   * JavaScript budget counts (Chromium itself gets brotli, and scripts fetched through the
   * service worker show no transfer in Lighthouse, so its own transfer sizes are not used).
   */
  jsGzipBytes: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
};

function build() {
  if (!flag("build") && fs.existsSync("build/index.js")) return;
  console.log("Building...");
  const result = spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function seedDemo(dataDir: string) {
  const result = spawnSync("node", ["--import", "tsx", "scripts/seed-demo.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seed-demo failed:\n${result.stderr}`);
}

/** An approved, upcoming event: what a shared link usually points at. */
function sharedEventId(dataDir: string) {
  const db = openDatabase(path.join(dataDir, "app.db"));
  try {
    const row = db.$client
      .prepare("SELECT id FROM events WHERE showbill_approved = 1 AND date >= date('now') ORDER BY date LIMIT 1")
      .get() as { id: string } | undefined;
    if (!row) throw new Error("the demo data has no approved upcoming event");
    return row.id;
  } finally {
    db.$client.close();
  }
}

/**
 * The demo's race pages: its race taking entries (with the producer who runs it) and a class whose
 * results are published, with that race's series.
 */
function racePages(dataDir: string) {
  const db = openDatabase(path.join(dataDir, "app.db"));
  try {
    const one = <T>(sql: string, what: string) => {
      const row = db.$client.prepare(sql).get() as T | undefined;
      if (!row) throw new Error(`the demo data has no ${what}`);
      return row;
    };
    const open = one<{ id: string }>(
      "SELECT e.id FROM events e JOIN users u ON u.id = e.created_by WHERE u.email = 'cody@demo.cloverleaf.app' AND e.showbill_approved = 1 AND e.date >= date('now') AND EXISTS (SELECT 1 FROM race_classes c WHERE c.event_id = e.id) ORDER BY e.date LIMIT 1",
      "race taking entries",
    );
    const done = one<{ classId: string; eventId: string }>("SELECT id AS classId, event_id AS eventId FROM race_classes WHERE results_published_at IS NOT NULL ORDER BY position LIMIT 1", "published results");
    const series = one<{ id: string }>("SELECT id FROM series ORDER BY start_date LIMIT 1", "series");
    return { openId: open.id, doneId: done.eventId, classId: done.classId, seriesId: series.id };
  } finally {
    db.$client.close();
  }
}

async function signIn(url: string, who = DEMO) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Bytes on the wire of one file asked for with `Accept-Encoding: gzip` (node's fetch would decompress it). */
function gzipBytesOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`))));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

type NetworkItem = { url: string; resourceType?: string; statusCode?: number };

/** One Lighthouse run; a run whose trace failed (it happens on a busy machine) is tried again, twice at most. */
async function audit(port: number, url: string, cookie: string | null, attempt = 1): Promise<Measured> {
  try {
    return await auditOnce(port, url, cookie);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  (retrying ${url}: ${error instanceof Error ? error.message.split("\n")[0] : error})`);
    return audit(port, url, cookie, attempt + 1);
  }
}

type Measured = Omit<PageResult, "name" | "path">;

async function auditOnce(port: number, url: string, cookie: string | null): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    output: REPORTS ? ["html", "json"] : "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    const file = path.join(REPORTS, `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}`);
    const [html, json] = result.report as string[];
    fs.writeFileSync(`${file}.html`, html!);
    fs.writeFileSync(`${file}.json`, json!);
    console.log(`  report: ${file}.html`);
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (r) => r.resourceType === "Script" && r.statusCode === 200,
  );
  const scripts = [...new Set(requests.map((r) => r.url))];
  const gzip = (await Promise.all(scripts.map(gzipBytesOf))).reduce((a, b) => a + b, 0);
  // What to look at when a page misses the goal: failed accessibility checks and the weak metrics.
  const failing = (category: string, below: number) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < below)
      .map((a) => `${category}: ${a.id} ${a.displayValue ?? ""}`.trim());
  const failedAudits = [...failing("accessibility", 1), ...failing("performance", 0.9)];
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    jsGzipBytes: gzip,
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
    cls: +(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
    failedAudits,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(results: PageResult[]) {
  const rows = [
    ["page", "path", "performance", "accessibility", "JS gzip KB", "LCP ms", "TBT ms", "CLS"],
    ...results.map((r) => [r.name, r.path, r.performance.toFixed(2), r.accessibility.toFixed(2), kb(r.jsGzipBytes), String(r.lcpMs), String(r.tbtMs), String(r.cls)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
}

function chromiumVersion() {
  const out = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout ?? "";
  return /Chromium [\d.]+/.exec(out)?.[0] ?? out.trim();
}

async function main() {
  build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
  let server: Server | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      // On Ctrl-C the browser and the server get the signal too and may be gone already.
      await Promise.resolve(chrome?.kill()).catch(() => {});
      await server?.stop().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    })());
  // Ctrl-C (or a `timeout`) too leaves no server, browser or data behind.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    seedDemo(dataDir);
    const eventId = sharedEventId(dataDir);
    server = await startServer(dataDir, PORT);
    const cookies = { visitor: null, rider: await signIn(server.url), producer: await signIn(server.url, PRODUCER) };
    const race = racePages(dataDir);
    const pages: Page[] = [
      { name: "Landing", path: "/", as: "visitor" },
      { name: "Login", path: "/login", as: "visitor" },
      { name: "Discover", path: "/", as: "rider" },
      { name: "Shared event", path: `/share/event/${eventId}`, as: "visitor" },
      { name: "Run log", path: "/run-log", as: "rider" },
      { name: "Entry form", path: `/events/${race.openId}/enter`, as: "rider" },
      { name: "Draw", path: `/events/${race.doneId}/draw`, as: "visitor" },
      { name: "Class results", path: `/events/${race.doneId}/results/${race.classId}`, as: "visitor" },
      { name: "Live", path: `/events/${race.doneId}/live`, as: "visitor" },
      { name: "Standings", path: `/series/${race.seriesId}`, as: "visitor" },
      { name: "Arena screen", path: `/events/${race.doneId}/arena`, as: "visitor" },
      { name: "Booth", path: `/events/${race.openId}/booth`, as: "producer" },
      { name: "Announcer", path: `/events/${race.openId}/announcer`, as: "producer" },
    ];
    // Its own Ctrl-C handler would exit before the clean-up below.
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
    // One unmeasured load warms the server (first render, file caches) the way a running server is.
    await audit(chrome.port, `${server.url}/login`, null);

    const results: PageResult[] = [];
    for (const page of pages.filter((p) => ONLY.length === 0 || ONLY.includes(p.name))) {
      const runs: Measured[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, server.url + page.path, cookies[page.as]));
      // The run with the median performance score stands for the page.
      const chosen = runs.find((r) => r.performance === median(runs.map((x) => x.performance)))!;
      results.push({ name: page.name, path: page.path.replace(eventId, ":id").replace(race.openId, ":id").replace(race.doneId, ":id").replace(race.classId, ":classId").replace(race.seriesId, ":id"), ...chosen });
      console.log(`  ${page.name}: performance ${runs.map((r) => r.performance.toFixed(2)).join(" ")}, accessibility ${chosen.accessibility.toFixed(2)}, LCP ${chosen.lcpMs} ms, TBT ${chosen.tbtMs} ms`);
    }

    console.log(`\nLighthouse 12, mobile, simulated slow 4G and 4x CPU slowdown; ${chromiumVersion()}, node ${process.version}, ${os.cpus().length} cores`);
    printTable(results);
    const failing = results.filter((r) => r.performance < GOALS.performance || r.accessibility < GOALS.accessibility);
    for (const r of failing) console.log(`\n${r.name} is below the goal (${GOALS.performance} performance, ${GOALS.accessibility} accessibility):\n  ${r.failedAudits.join("\n  ")}`);
    if (JSON_OUT) {
      fs.writeFileSync(
        JSON_OUT,
        `${JSON.stringify({ date: new Date().toISOString(), chromium: chromiumVersion(), node: process.version, cpus: os.cpus().length, runs: RUNS, results }, null, 2)}\n`,
      );
    }
    return failing.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
