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
 * Goal: the search's p95 grows under 2x from 100k to 1M events.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { arg, flag, machine, measure, percentile, SEARCH_ZIPS, seed, signIn, startServer, tempDir } from "./lib";

const SIZES = arg("sizes", "100000,1000000").split(",").map(Number);
const DURATION = Math.min(60, Number(arg("duration", "10")));
const CONNECTIONS = Number(arg("connections", "50"));
const PORT = Number(arg("port", "3390"));
/** Events only: a thousand riders and no runs. */
const sizesFor = (events: number) => ({ users: 1000, events, runs: 0 });

/** The query alone, in this process: the spatial index's share of the latency, free of HTTP and rendering. */
async function measureQuery(dataDir: string) {
  const { searchEvents } = await import("../app/features/events/search.server");
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
if (flag("keep")) {
  // Development aid: build one database and leave it for EXPLAIN and timing.
  const dir = arg("keep", "/tmp/bench-events");
  seed(dir, sizesFor(SIZES[0]!));
  console.log(`kept ${dir}/app.db`);
  process.exit(0);
}
for (const size of SIZES) {
  const dataDir = tempDir(`bench-events-${size}`);
  console.log(`\n${size.toLocaleString()} events`);
  seed(dataDir, sizesFor(size));
  results.push({ size, ...(await measureQuery(dataDir)) });
  const server = await startServer(dataDir, PORT);
  try {
    const url = server.url;
    const cookie = await signIn(url);
    const headers = { Cookie: cookie, "Content-Type": "application/json", Origin: url };
    // Warm up the gazetteer and statement caches.
    await fetch(`${url}/api/events/search`, { method: "POST", headers, body: JSON.stringify({ zipCode: "76101" }) });
    const search = await measure("POST /api/events/search", {
      url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: SEARCH_ZIPS.map((zip) => ({ method: "POST", path: "/api/events/search", headers, body: JSON.stringify({ zipCode: zip, radius: 50 }) })),
    });
    const page = await measure("GET / (Discover)", { url, connections: CONNECTIONS, duration: DURATION, requests: [{ method: "GET", path: "/", headers: { Cookie: cookie } }] });
    results.push({ size, ...search }, { size, ...page });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
fs.writeFileSync("bench/results-events.json", JSON.stringify({ at: new Date().toISOString(), machine: machine(), cpus: os.cpus().length, connections: CONNECTIONS, duration: DURATION, results }, null, 2));
console.log("\nwrote bench/results-events.json");
