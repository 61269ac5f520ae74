/**
 * Race-day rules benchmark: the pure modules the booth, the live page and
 * the producer's screens call on every change.
 *
 * - **results**: `computeResults` for a 2,000-entry 4D (about 4% scratched,
 *   8% NT, one run in ten with a knocked barrel, times to the thousandth so
 *   some tie), then `applyOverrides` with three overrides;
 * - **draw**: `drawOrder` for 2,000 entries (riders with one to three
 *   horses, 3% late, five apart, a drag every five), a new seed each time;
 *   and the harder case of every rider entering three horses.
 *
 *   npx tsx bench/raceday-rules.ts               # 300 results, 100 draws of each kind
 *   npx tsx bench/raceday-rules.ts --runs 50     # quicker
 *
 * Prints the median, p95 and max wall time of each, and the median and p95
 * of the CPU time it used, in ms, after a warm-up. Goals: results at most 20 ms, a draw at most 50 ms (at p95).
 */
import os from "node:os";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { drawOrder, type DrawEntry } from "../app/features/raceday/draw";
import { applyOverrides, computeResults, defaultPayout, type ClassMoneyRules, type Run } from "../app/features/raceday/results";

const argv = process.argv.slice(2);
const runsArg = argv.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(argv[runsArg + 1]) : 0;
const ENTRIES = 2000;

const rng = xoroshiro128plus(20261126);
const roll = (from: number, to: number) => uniformInt(rng, from, to);

function classRuns(): Run[] {
  return Array.from({ length: ENTRIES }, (_, i): Run => {
    const entryId = `entry-${i}`;
    const r = roll(1, 100);
    if (r <= 4) return { entryId, outcome: "SCRATCH", timeMs: null, penalties: 0 };
    if (r <= 12) return { entryId, outcome: "NT", timeMs: null, penalties: 0 };
    const knocked = roll(1, 100);
    return { entryId, outcome: "TIME", timeMs: roll(14_800, 22_000), penalties: knocked <= 2 ? 2 : knocked <= 10 ? 1 : 0 };
  });
}

function drawEntries(horses: () => number): DrawEntry[] {
  const entries: DrawEntry[] = [];
  for (let rider = 0; entries.length < ENTRIES; rider++) {
    for (let h = horses(); h > 0 && entries.length < ENTRIES; h--) {
      entries.push({ entryId: `entry-${entries.length}`, riderKey: `rider-${rider}`, late: roll(1, 100) <= 3 });
    }
  }
  return entries;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Wall time and CPU time of each run, sorted; the CPU time says what the work costs when other processes share the cores. */
function measure(label: string, runs: number, work: (i: number) => void) {
  for (let i = 0; i < Math.max(10, runs / 5); i++) work(-1 - i);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = cpuMs();
    work(i);
    cpu.push(cpuMs() - c);
    wall.push(performance.now() - t);
  }
  const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  return { label, runs, p50: at(wall, 0.5), p95: at(wall, 0.95), max: at(wall, 1), cpu50: at(cpu, 0.5), cpu95: at(cpu, 0.95) };
}

const rules: ClassMoneyRules = { entryFeeCents: 5000, addedMoneyCents: 50000, producerSharePercent: 20, divisions: 4, splitMs: [500], payout: defaultPayout(4) };
const runs = classRuns();
const mixed = drawEntries(() => {
  const r = roll(1, 10);
  return r <= 5 ? 1 : r <= 8 ? 2 : 3;
});
const threeEach = drawEntries(() => 3);

let sink = 0;
const rows = [
  { ...measure("results: 2,000 entries, 4D", RUNS || 300, () => {
      const r = computeResults(rules, runs);
      sink += r.paidCents;
    }), goal: 20 },
  { ...measure("results and 3 overrides", RUNS || 300, () => {
      const r = computeResults(rules, runs);
      const first = r.divisions[0]!.places;
      sink += applyOverrides(r, first.slice(0, 3).map((p) => ({ entryId: p.entryId, amountCents: p.payoutCents + 100 }))).paidCents;
    }), goal: 20 },
  { ...measure("draw: 2,000 entries, 1-3 horses a rider", RUNS || 100, (i) => {
      sink += drawOrder({ seed: `bench-${i}`, entries: mixed, minGap: 5, dragEvery: 5 }).length;
    }), goal: 50 },
  { ...measure("draw: 2,000 entries, 3 horses every rider", RUNS || 100, (i) => {
      sink += drawOrder({ seed: `bench-${i}`, entries: threeEach, minGap: 5, dragEvery: 5 }).length;
    }), goal: 50 },
];

const ms = (x: number) => `${x.toFixed(2)} ms`;
console.log(`node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores, ${rows[0]!.runs} results / ${rows[2]!.runs} draws measured${sink > 0 ? "" : " (no output?)"}`);
console.log("| | wall p50 | wall p95 | wall max | CPU p50 | CPU p95 | goal (wall p95) |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(`| ${r.label} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${ms(r.cpu50)} | ${ms(r.cpu95)} | ${r.goal} ms: ${r.p95 <= r.goal ? "met" : "MISSED"} |`);
}
