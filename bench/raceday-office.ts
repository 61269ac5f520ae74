/**
 * Race office benchmark: one 2,000-entry class, its walk-ups entered through
 * the API and its draw published, then
 *
 * - the producer's hub (`GET /events/{id}/race-day`, the entries table's
 *   first page) and a search of it (`?q=`), and the public draw page
 *   (`GET /events/{id}/draw`, signed in as a rider with a run far down the
 *   order, and its 20th page): the HTML's size raw and gzipped, the time to
 *   answer one request at a time (median and p95 of --samples), and the
 *   server's CPU per request under a closed-loop load (bench/README.md,
 *   "CPU per request") beside the floor of a page (the signed-out terms of
 *   service) measured in the same run.
 *
 * Goals: the hub costs at most 4x the floor in CPU, at most 60 KB gzipped,
 * answering within 50 ms; the draw at most 30 KB gzipped a page.
 *
 *   npx tsx bench/raceday-office.ts
 *   npx tsx bench/raceday-office.ts --entries 2000 --duration 6 --samples 40
 *   npx tsx bench/raceday-office.ts --sizes-only   # sizes alone, no load: fine on a busy machine
 *   npx tsx bench/raceday-office.ts --pages floor,hub --profile /tmp/prof   # some pages, the server under node --cpu-prof
 *
 * Needs a build (`npm run build`). Loopback only. Prints the figures with
 * the load average, and writes bench/results-raceday-office.json.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "../db/client";
import { arg, flag, machine, measure, percentile, seed, signIn, startServer, tempDir, treeCpuMs, warmUp } from "./lib";

const ENTRIES = Number(arg("entries", "2000"));
const DURATION = Math.min(60, Number(arg("duration", "6")));
const SAMPLES = Number(arg("samples", "40"));
const PORT = Number(arg("port", "3393"));
const SIZES_ONLY = flag("sizes-only");
/** Which pages to measure (floor, hub, hubSearch, draw, drawPage20); all by default. */
const PAGES = arg("pages", "").split(",").filter(Boolean);
const GOALS = { hubFloorTimes: 4, hubGzipKb: 60, hubMs: 50, drawGzipKb: 30 };

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
console.log(`Race office: one class of ${ENTRIES.toLocaleString()} entries; load average ${load()}`);
const dataDir = tempDir("bench-office");
const seeded = seed(dataDir, { users: 200, events: 50, runs: 0 });

// The bench rider produces an approved event with one class (the class's rules are not what is measured).
const db = openDatabase(path.join(dataDir, "app.db"));
const sqlite = db.$client;
const { id: eventId } = sqlite.prepare("SELECT id FROM events WHERE showbill_approved = 1 LIMIT 1").get() as { id: string };
sqlite.prepare("UPDATE events SET created_by = ? WHERE id = ?").run(seeded.benchUserId, eventId);
const classId = randomUUID();
sqlite
  .prepare(
    `INSERT INTO race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, created_at)
     VALUES (?, ?, 'Open 4D', 0, 5000, 100000, 20, 4, '[500]', 3, ?, 5, 5, 0, ?)`,
  )
  .run(classId, eventId, JSON.stringify({ divisionPercents: [35, 27, 22, 16], table: [{ maxEntries: 50, percents: [40, 30, 20, 10] }, { maxEntries: 9999, percents: [28, 22, 18, 14, 10, 8] }] }), Date.now());
sqlite.close();

// --profile DIR: a .cpuprofile of the server (node --cpu-prof), to read before changing anything.
const server = await startServer(dataDir, PORT, { workers: 1, cpuProfDir: arg("profile", "") || undefined });
const cookie = await signIn(server.url);
const api = (pathname: string, body: unknown) =>
  fetch(`${server.url}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.url }, body: JSON.stringify(body) });

// The entries, as the office enters walk-ups; one of them the producer's own horse, to find on the draw.
const t0 = performance.now();
for (let i = 0; i < ENTRIES; i++) {
  const res = i === Math.floor(ENTRIES * 0.6) ? await api(`/api/events/${eventId}/entries`, { classId, horseName: "Bench Horse" }) : await api(`/api/events/${eventId}/entries`, { classId, riderName: `Walk Up ${i + 1}`, horseName: `Horse ${i + 1}` });
  if (res.status !== 201) throw new Error(`an entry answered ${res.status}: ${await res.text()}`);
}
const drawn = await api(`/api/events/${eventId}/classes/${classId}/draw`, { publish: true, seed: "bench" });
if (drawn.status !== 200) throw new Error(`the draw answered ${drawn.status}: ${await drawn.text()}`);
console.log(`  entered ${ENTRIES} through the API and published the draw in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const headers = { "Accept-Encoding": "gzip, deflate, br" };
async function size(url: string, signedIn: boolean) {
  const res = await fetch(url, { headers: signedIn ? { Cookie: cookie } : {} });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const html = Buffer.from(await res.arrayBuffer());
  return { htmlKb: +(html.length / 1024).toFixed(1), gzipKb: +(gzipSync(html).length / 1024).toFixed(1) };
}
async function latency(url: string, signedIn: boolean) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: { ...headers, ...(signedIn ? { Cookie: cookie } : {}) } });
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1) };
}
async function cpu(title: string, url: string, signedIn: boolean) {
  const opts = { url, connections: 4, headers: { ...headers, ...(signedIn ? { Cookie: cookie } : {}) } };
  await warmUp(server.child.pid!, opts);
  const unitRun = spawnSync("node", ["--import", "tsx", "bench/unit.ts"], { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
  if (unitRun.status !== 0) throw new Error(`bench/unit.ts failed:\n${unitRun.stderr}`);
  const unit = JSON.parse(unitRun.stdout) as { ms: number };
  const c0 = treeCpuMs(server.child.pid!);
  const row = await measure(title, { ...opts, duration: DURATION });
  const ms = (treeCpuMs(server.child.pid!) - c0) / Math.max(1, row.requests);
  return { cpuMsPerRequest: +ms.toFixed(3), unitMs: unit.ms, units: +(ms / unit.ms).toFixed(2), rps: row.rps, errors: row.errors };
}

const pages = {
  floor: { url: `${server.url}/terms-of-service`, signedIn: false },
  hub: { url: `${server.url}/events/${eventId}/race-day`, signedIn: true },
  hubSearch: { url: `${server.url}/events/${eventId}/race-day?q=${encodeURIComponent("Walk Up 1234")}`, signedIn: true },
  draw: { url: `${server.url}/events/${eventId}/draw`, signedIn: true },
  drawPage20: { url: `${server.url}/events/${eventId}/draw?class=${classId}&page=20`, signedIn: false },
};
const results: Record<string, unknown> = {};
for (const [name, { url, signedIn }] of Object.entries(pages)) {
  if (PAGES.length && !PAGES.includes(name)) continue;
  if (SIZES_ONLY) {
    const sized = await size(url, signedIn);
    results[name] = sized;
    console.log(`  ${name.padEnd(11)} ${String(sized.htmlKb).padStart(6)} KB (${sized.gzipKb} KB gzipped)`);
    continue;
  }
  const figures = { ...(await size(url, signedIn)), ...(await latency(url, signedIn)), ...(await cpu(name, url, signedIn)) };
  results[name] = figures;
  console.log(`  ${name.padEnd(11)} ${String(figures.htmlKb).padStart(6)} KB (${figures.gzipKb} KB gzipped)  p50 ${figures.p50} ms  p95 ${figures.p95} ms  ${figures.cpuMsPerRequest} ms CPU = ${figures.units} units  [load ${load()}]`);
}
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
if (SIZES_ONLY || PAGES.length) process.exit(0);

type Figures = { gzipKb: number; p95: number; cpuMsPerRequest: number };
const f = results as Record<keyof typeof pages, Figures>;
const hubTimes = +(f.hub.cpuMsPerRequest / f.floor.cpuMsPerRequest).toFixed(2);
const met = {
  hubCpu: hubTimes <= GOALS.hubFloorTimes,
  hubSize: f.hub.gzipKb <= GOALS.hubGzipKb && f.hubSearch.gzipKb <= GOALS.hubGzipKb,
  hubLatency: f.hub.p95 <= GOALS.hubMs && f.hubSearch.p95 <= GOALS.hubMs,
  drawSize: f.draw.gzipKb <= GOALS.drawGzipKb && f.drawPage20.gzipKb <= GOALS.drawGzipKb,
};
fs.writeFileSync("bench/results-raceday-office.json", `${JSON.stringify({ at: new Date().toISOString(), machine: machine(), loadAverage: os.loadavg(), entries: ENTRIES, results, hubTimesFloor: hubTimes, goals: GOALS, met }, null, 2)}\n`);
console.log(
  `  met: hub CPU ${met.hubCpu ? "yes" : "NO"} (${hubTimes}x the floor), hub size ${met.hubSize ? "yes" : "NO"}, hub latency ${met.hubLatency ? "yes" : "NO"} (p95), draw size ${met.drawSize ? "yes" : "NO"}; load average ${load()}`,
);
