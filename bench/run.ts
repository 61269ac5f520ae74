/**
 * `npm run bench`: the server's speed and memory on a large data set, in one
 * process as the container runs it.
 *
 * Seeds 100k users, 100k events and 1M run logs (about a minute), starts the
 * real server (node scripts/start.js, production build) on 127.0.0.1, signs in
 * as a rider, and drives each endpoint with autocannon at 50 connections:
 * GET /api/health (the ceiling), the Discover page, event search, the run-log
 * page, a profile with public runs and the notifications list. Then a memory
 * soak: mixed reads and writes at 200 requests per second for 5 minutes,
 * sampling the server's resident memory.
 *
 *   npm run bench                                   # full: 10 s per endpoint, 5 min soak
 *   npm run bench -- --duration 5 --soak-minutes 1  # quicker
 *   npm run bench -- --users 10000 --events 10000 --runs 100000
 *
 * Goals (issue #6): p95 under 25 ms for every listed endpoint, each at least
 * 40% of the health ceiling's throughput; memory growth under 10% in the soak.
 * Writes bench/results.json.
 */
import fs from "node:fs";
import { arg, machine, measure, seed, SEARCH_ZIPS, signIn, startServer, tempDir, type Row } from "./lib";
import { soak } from "./soak";

const sizes = {
  users: Number(arg("users", "100000")),
  events: Number(arg("events", "100000")),
  runs: Number(arg("runs", "1000000")),
};
const DURATION = Number(arg("duration", "10"));
const CONNECTIONS = Number(arg("connections", "50"));
const SOAK_MINUTES = Number(arg("soak-minutes", "5"));
const PORT = Number(arg("port", "3391"));

if (!fs.existsSync("build/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

console.log(`Machine: ${JSON.stringify(machine())}`);
const dataDir = tempDir("bench");
const seeded = seed(dataDir, sizes);
const server = await startServer(dataDir, PORT);
const results: Row[] = [];
let soakResult: Awaited<ReturnType<typeof soak>> | null = null;
try {
  const url = server.url;
  const cookie = await signIn(url);
  const json = { Cookie: cookie, "Content-Type": "application/json", Origin: url };
  const page = (path: string) => [{ method: "GET" as const, path, headers: { Cookie: cookie } }];
  const endpoints: Array<[string, Parameters<typeof measure>[1]["requests"]]> = [
    ["GET /api/health (ceiling)", [{ method: "GET", path: "/api/health" }]],
    ["GET / (Discover)", page("/")],
    [
      "POST /api/events/search",
      SEARCH_ZIPS.map((zip) => ({ method: "POST" as const, path: "/api/events/search", headers: json, body: JSON.stringify({ zipCode: zip, radius: 50 }) })),
    ],
    ["GET /run-log", page("/run-log")],
    [`GET /profile/:id (public runs)`, page(`/profile/${seeded.profileUserId}`)],
    ["GET /notifications", page("/notifications")],
  ];
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each (1 s warm-up first)`);
  for (const [title, requests] of endpoints) {
    await measure("warm-up", { url, requests, connections: 4, duration: 1 }, { quiet: true });
    results.push(await measure(title, { url, requests, connections: CONNECTIONS, duration: DURATION }));
  }
  if (SOAK_MINUTES > 0) soakResult = await soak(server, seeded, { minutes: SOAK_MINUTES, rate: 200 });
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ceiling = results[0]!.rps;
console.log("\nGoals: p95 < 25 ms, throughput >= 40% of the health ceiling");
for (const row of results.slice(1)) {
  const share = Math.round((row.rps / ceiling) * 100);
  const ok = row.p95 < 25 && share >= 40 && row.errors === 0;
  console.log(`  ${row.endpoint.padEnd(34)} p95 ${String(row.p95).padStart(6)} ms  ${String(share).padStart(3)}% of ceiling  ${ok ? "met" : "NOT met"}`);
}
if (soakResult) {
  console.log(
    `  memory soak: ${soakResult.growthPercent}% growth (${soakResult.rssStartMb} -> ${soakResult.rssEndMb} MB), ${soakResult.errors} errors  ${soakResult.growthPercent <= 10 && soakResult.errors === 0 ? "met" : "NOT met"}`,
  );
}
fs.writeFileSync(
  "bench/results.json",
  JSON.stringify({ at: new Date().toISOString(), machine: machine(), sizes, connections: CONNECTIONS, duration: DURATION, results, soak: soakResult }, null, 2),
);
console.log("\nwrote bench/results.json");
