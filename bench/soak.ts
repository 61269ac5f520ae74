/**
 * Soak: mixed reads and writes at a fixed rate against the real server,
 * sampling its resident memory every 5 s. Zero errors and flat memory (under
 * 10% growth from the first minute after a 30 s warm-up to the last minute) is the goal.
 *
 * Used by `npm run bench -- --soak-minutes m` (at the bench scale, with its
 * workers) and on its own as `npm run soak` (10 minutes, one process):
 *
 *   npm run soak                                   # 10 min at 200 req/s on 10k users, 10k events, 100k runs
 *   npm run soak -- --minutes 2 --rate 100
 *
 * Writes: logging runs (each with a fresh clientId), saving and unsaving an
 * event, following and unfollowing, marking notifications read. Reads:
 * Discover, event search, run log, a profile, notifications, health.
 */
import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { arg, machine, percentile, seed, SEARCH_ZIPS, signIn, startServer, tempDir, treeRssMb, type Seeded, type Server } from "./lib";

export type SoakResult = {
  minutes: number;
  rate: number;
  requests: number;
  achievedRps: number;
  errors: number;
  statusCounts: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  growthPercent: number;
  samples: Array<{ s: number; rssMb: number }>;
};

const WARM_UP_SECONDS = 30;

export async function soak(server: Server, seeded: Seeded, { minutes, rate }: { minutes: number; rate: number }): Promise<SoakResult> {
  const url = server.url;
  const cookie = await signIn(url);
  const json = { Cookie: cookie, "Content-Type": "application/json", Origin: url };
  const get = (path: string) => ({ method: "GET" as const, path, headers: { Cookie: cookie } });
  const eventId = "00000002-0000-4000-8000-000000000007";
  const requests: autocannon.Request[] = [
    get("/"),
    { method: "POST", path: "/api/events/search", headers: json, body: JSON.stringify({ zipCode: SEARCH_ZIPS[0], radius: 100 }) },
    {
      method: "POST",
      path: "/api/run-logs",
      headers: json,
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ arenaName: "Soak Arena", horseName: "Rollin", time: "15.482", clientId: randomUUID() }),
      }),
    },
    get("/run-log"),
    { method: "POST", path: `/api/events/${eventId}/save`, headers: json },
    get(`/profile/${seeded.profileUserId}`),
    { method: "DELETE", path: `/api/events/${eventId}/save`, headers: json },
    get("/notifications"),
    { method: "POST", path: "/api/follow", headers: json, body: JSON.stringify({ targetId: seeded.profileUserId }) },
    get("/api/health"),
    { method: "DELETE", path: `/api/follow/${seeded.profileUserId}`, headers: json },
    { method: "PATCH", path: "/api/notifications/mark-all-read", headers: json },
  ];

  console.log(`\nSoak: ${minutes} min at ${rate} req/s, mixed reads and writes`);
  const samples: Array<{ s: number; rssMb: number }> = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const s = Math.round((Date.now() - started) / 1000);
    const mb = +treeRssMb(server.child.pid!).toFixed(1);
    samples.push({ s, rssMb: mb });
    if (s % 60 < 5) console.log(`  ${String(s).padStart(4)} s  rss ${mb} MB`);
  }, 5_000);

  const times: number[] = [];
  const statusCounts: Record<string, number> = {};
  let bad = 0;
  // 10 connections: at this rate the server is near its limit on a 2-core machine, and more
  // connections only queue more work (25 reached 155 req/s where 10 reached 172, same code).
  const instance = autocannon({ url, requests, connections: 10, overallRate: rate, duration: minutes * 60 }) as unknown as autocannon.Instance &
    Promise<autocannon.Result>;
  instance.on("response", (_c: unknown, status: number, _b: number, ms: number) => {
    times.push(ms);
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    if (status >= 400) bad += 1;
  });
  const result = await instance;
  clearInterval(sampler);

  times.sort((a, b) => a - b);
  const pct = (p: number) => +percentile(times, p).toFixed(1);
  // Compare the first minute after a 30 s warm-up (heap, JIT and SQLite's page cache filling up)
  // with the last minute; every sample, warm-up included, is in the output and in rssMaxMb.
  const warm = samples.filter((sample) => sample.s > WARM_UP_SECONDS);
  const window = Math.max(1, Math.min(12, Math.floor(warm.length / 3)));
  const mean = (xs: typeof samples) => xs.reduce((a, b) => a + b.rssMb, 0) / xs.length;
  const rssStart = mean(warm.slice(0, window));
  const rssEnd = mean(warm.slice(-window));
  const out: SoakResult = {
    minutes,
    rate,
    requests: times.length,
    achievedRps: Math.round(times.length / (minutes * 60)),
    errors: result.errors + result.timeouts + bad,
    statusCounts,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    rssStartMb: +rssStart.toFixed(1),
    rssEndMb: +rssEnd.toFixed(1),
    rssMaxMb: Math.max(...samples.map((s) => s.rssMb)),
    growthPercent: +(((rssEnd - rssStart) / rssStart) * 100).toFixed(1),
    samples,
  };
  console.log(
    `  ${out.requests} requests (${out.achievedRps} req/s), errors ${out.errors}, statuses ${JSON.stringify(statusCounts)}, p50 ${out.p50} / p95 ${out.p95} / p99 ${out.p99} ms`,
  );
  console.log(`  memory: ${out.rssStartMb} MB (first minute after warm-up) -> ${out.rssEndMb} MB (last minute), max ${out.rssMaxMb} MB, growth ${out.growthPercent}%`);
  return out;
}

// `npm run soak`: its own smaller data set and server.
if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const minutes = Number(arg("minutes", "10"));
  const rate = Number(arg("rate", "200"));
  const sizes = { users: Number(arg("users", "10000")), events: Number(arg("events", "10000")), runs: Number(arg("runs", "100000")) };
  if (!fs.existsSync("build/index.js")) {
    console.error("No build: run `npm run build` first.");
    process.exit(1);
  }
  console.log(`Machine: ${JSON.stringify(machine())}`);
  const dataDir = tempDir("soak");
  const seeded = seed(dataDir, sizes);
  const server = await startServer(dataDir, Number(arg("port", "3392")));
  let result: SoakResult;
  try {
    result = await soak(server, seeded, { minutes, rate });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.writeFileSync("bench/results-soak.json", JSON.stringify({ at: new Date().toISOString(), machine: machine(), sizes, ...result }, null, 2));
  const ok = result.errors === 0 && result.growthPercent <= 10;
  console.log(`\n${ok ? "Goal met" : "Goal NOT met"}: zero errors and memory growth under 10%. Wrote bench/results-soak.json`);
  process.exitCode = ok ? 0 : 1;
}
