/**
 * Race day live results benchmark. Starts the real server (one worker) on a
 * small seeded database with one race (a class of 200 drawn entries, its
 * draw published), then:
 *
 * - opens --pages (1,000) live streams (`GET /api/events/{id}/live`, what
 *   each open live page follows), and for --times (30) rounds enters a time
 *   at the booth (`POST /api/events/{id}/times`, as the producer) and times
 *   how long each open page waits until that time reaches it, from the moment
 *   the booth sent it: median, p99 and worst over every page and round.
 *   Goal: p99 within 1 s.
 * - measures the live page itself (`GET /events/{id}/live`, signed out):
 *   the server's CPU per request under a closed-loop load (bench/README.md,
 *   "CPU per request"), in units of bench/unit.ts measured beside it, and
 *   the floor of a signed-out page (the terms of service) the same way.
 *   Goal: at most 2 units.
 *
 *   npx tsx bench/raceday-live.ts
 *   npx tsx bench/raceday-live.ts --pages 1000 --times 30 --duration 8
 *
 * Needs a build (`npm run build`). Loopback only. Prints the figures and
 * writes bench/results-raceday-live.json.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { openDatabase } from "../db/client";
import { arg, machine, measure, percentile, seed, signIn, startServer, tempDir, treeCpuMs, warmUp } from "./lib";

const PAGES = Number(arg("pages", "1000"));
const TIMES = Number(arg("times", "30"));
const DURATION = Math.min(60, Number(arg("duration", "8")));
const PORT = Number(arg("port", "3392"));
const ENTRIES = 200;
const LATENCY_GOAL_MS = 1000;
const CPU_GOAL_UNITS = 2;

const dataDir = tempDir("bench-raceday");
console.log(`Race day live results: ${PAGES.toLocaleString()} open live pages, ${TIMES} times at the booth, one worker`);
const seeded = seed(dataDir, { users: 1000, events: 200, runs: 0 });

// One race: an approved event of the bench rider's (its producer), a class of ENTRIES walk-ups, drawn and published.
const db = openDatabase(path.join(dataDir, "app.db"));
const sqlite = db.$client;
const { id: eventId } = sqlite.prepare("SELECT id FROM events WHERE showbill_approved = 1 LIMIT 1").get() as { id: string };
sqlite.prepare("UPDATE events SET created_by = ? WHERE id = ?").run(seeded.benchUserId, eventId);
const classId = randomUUID();
const now = Date.now();
sqlite
  .prepare(
    `INSERT INTO race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, drawn_at, draw_published_at, created_at)
     VALUES (?, ?, 'Open 4D', 0, 5000, 100000, 20, 4, '[500]', 3, ?, 5, 5, 0, ?, ?, ?)`,
  )
  .run(classId, eventId, JSON.stringify({ divisionPercents: [35, 27, 22, 16], table: [{ maxEntries: 50, percents: [40, 30, 20, 10] }, { maxEntries: 9999, percents: [28, 22, 18, 14, 10, 8] }] }), now, now, now);
const entryIds: string[] = [];
const insertEntry = sqlite.prepare(
  `INSERT INTO race_entries (id, event_id, class_id, rider_name, horse_name, back_number, paid, status, late, draw_position, drags_before, created_at)
   VALUES (?, ?, ?, ?, ?, ?, 1, 'ENTERED', 0, ?, ?, ?)`,
);
sqlite.transaction(() => {
  for (let i = 0; i < ENTRIES; i++) {
    const id = randomUUID();
    entryIds.push(id);
    insertEntry.run(id, eventId, classId, `Rider ${i + 1}`, `Horse ${i + 1}`, 100 + i, i + 1, Math.floor(i / 5), now);
  }
})();
sqlite.close();

const server = await startServer(dataDir, PORT, { workers: 1 });
const cookie = await signIn(server.url);

/** One open live page: its stream, and when each awaited time reached it. */
type Page = { buffer: string; request: http.ClientRequest; seen: Map<string, number> };

function openPage(): Promise<Page> {
  return new Promise((resolve, reject) => {
    const page: Page = { buffer: "", request: null as unknown as http.ClientRequest, seen: new Map() };
    page.request = http.get(`${server.url}/api/events/${eventId}/live`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`live stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let first = true;
      res.on("data", (chunk: string) => {
        const at = performance.now();
        page.buffer += chunk;
        // Only the latest message matters: keep what follows the last complete one.
        const end = page.buffer.lastIndexOf("\n\n");
        if (end < 0) return;
        const messages = page.buffer.slice(0, end);
        page.buffer = page.buffer.slice(end + 2);
        for (const match of messages.matchAll(/"time":"(\d+\.\d{3})"/g)) if (!page.seen.has(match[1]!)) page.seen.set(match[1]!, at);
        if (first && messages.includes("event: live")) {
          first = false;
          resolve(page);
        }
      });
      res.on("error", () => {});
    });
    page.request.on("error", reject);
  });
}

const pages: Page[] = [];
for (let i = 0; i < PAGES; i += 50) {
  pages.push(...(await Promise.all(Array.from({ length: Math.min(50, PAGES - i) }, openPage))));
}
console.log(`  ${pages.length} live pages open`);

const latencies: number[] = [];
let missed = 0;
for (let round = 0; round < TIMES; round++) {
  // A time no page has seen yet: 14.000 + the round, in thousandths.
  const time = (14 + (round + 1) / 1000).toFixed(3);
  const sent = performance.now();
  const res = await fetch(`${server.url}/api/events/${eventId}/times`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ entryId: entryIds[round], outcome: "TIME", time, penalties: 0, clientId: randomUUID() }),
  });
  if (res.status !== 201) throw new Error(`the booth's time answered ${res.status}: ${await res.text()}`);
  const deadline = sent + 5000;
  while (pages.some((p) => !p.seen.has(time)) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  for (const p of pages) {
    const at = p.seen.get(time);
    if (at === undefined) missed += 1;
    else latencies.push(at - sent);
  }
  await new Promise((r) => setTimeout(r, 100));
}
for (const p of pages) p.request.destroy();
latencies.sort((a, b) => a - b);
const delivery = {
  pages: PAGES,
  times: TIMES,
  deliveries: latencies.length,
  missed,
  p50: +percentile(latencies, 50).toFixed(1),
  p99: +percentile(latencies, 99).toFixed(1),
  max: +(latencies.at(-1) ?? NaN).toFixed(1),
};
console.log(`  a time to ${PAGES} pages: p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, worst ${delivery.max} ms, ${missed} missed (goal: p99 <= ${LATENCY_GOAL_MS} ms)`);

// The live page, signed out: CPU per request at saturation, in units; beside it the floor of a
// signed-out page (the terms of service, a page with no data: bench/README.md, "The floor of a page").
async function pageCost(title: string, url: string) {
  const load = { url, connections: 8, headers: { "Accept-Encoding": "gzip, deflate, br" } };
  await warmUp(server.child.pid!, load);
  const unitRun = spawnSync("node", ["--import", "tsx", "bench/unit.ts"], { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
  if (unitRun.status !== 0) throw new Error(`bench/unit.ts failed:\n${unitRun.stderr}`);
  const unit = JSON.parse(unitRun.stdout) as { ms: number };
  const c0 = treeCpuMs(server.child.pid!);
  const row = await measure(title, { ...load, duration: DURATION });
  const cpuMs = (treeCpuMs(server.child.pid!) - c0) / Math.max(1, row.requests);
  const cost = { cpuMsPerRequest: +cpuMs.toFixed(3), unitMs: unit.ms, units: +(cpuMs / unit.ms).toFixed(2), rps: row.rps, p99: row.p99, errors: row.errors };
  console.log(`  ${title}: ${cost.cpuMsPerRequest} ms CPU a request = ${cost.units} units (unit ${unit.ms} ms)`);
  return cost;
}
await new Promise((r) => setTimeout(r, 500));
const livePage = await pageCost("GET /events/:id/live", `${server.url}/events/${eventId}/live`);
const floor = await pageCost("GET /terms-of-service (floor)", `${server.url}/terms-of-service`);

await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
const results = { at: new Date().toISOString(), machine: machine(), delivery, livePage, floor, goals: { latencyP99Ms: LATENCY_GOAL_MS, livePageUnits: CPU_GOAL_UNITS } };
fs.writeFileSync("bench/results-raceday-live.json", `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `  met: delivery ${delivery.p99 <= LATENCY_GOAL_MS && missed === 0 ? "yes" : "NO"}, live page ${livePage.units <= CPU_GOAL_UNITS ? "yes" : "NO"} (${livePage.units} units; the floor of a signed-out page ${floor.units})`,
);
