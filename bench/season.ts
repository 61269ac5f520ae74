/**
 * Season benchmark: a series of 50 races with 500 entries each (a 4D Open
 * with the default points table, 2,000 teams, a fifth of them riders with
 * accounts), on a real SQLite file migrated like the app's.
 *
 * - **recompute**: `recomputeSeries`, every standing from scratch (goal: at most 200 ms);
 * - **publish**: one class re-published after a correction (its race_results
 *   replaced) and `afterClassPublished` (sync, then notify), as the
 *   booth's publish runs them, in one transaction (goal: at most 20 ms);
 * - **page**: the standings page (`/series/{id}`, the 1D) through the
 *   built app's Remix handler in this process, in the bench's unit
 *   (bench/unit.ts: one render of a fixed 300-row table) measured beside it
 *   (goal: at most 3 units).
 *
 *   npm run build && npx tsx bench/season.ts            # 30 recomputes, 100 publishes, 300 pages
 *   npx tsx bench/season.ts --runs 10                   # quicker
 *
 * Prints the median and p95 of wall and CPU time of each, in ms.
 */
import type { ServerBuild } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { migrateDatabase, openDatabase } from "../db/client";
import { events, horses, raceClasses, raceEntries, raceResults, series, seriesEvents, users } from "../db/schema";
import { computeResults, defaultPayout, type Run } from "../app/features/raceday/results";
import { afterClassPublished } from "../app/features/season/season.server";
import { recomputeSeries } from "../app/features/season/sync.server";
import { DOCUMENT_BODY, type WithDocumentBody } from "../app/lib/document-body";
import { arg, flag, tempDir } from "./lib";
import { measureUnit } from "./unit";

const RUNS = Number(arg("runs", "30"));
const RACES = 50;
const ENTRIES = 500;
const TEAMS = 2000;

const dataDir = tempDir("season");
Object.assign(process.env, { DATA_DIR: dataDir, APP_ORIGIN: "http://127.0.0.1:3000", NODE_ENV: "production", RATE_LIMIT_FACTOR: "1000000" });
const db = openDatabase(path.join(dataDir, "app.db"));
migrateDatabase(db);

// A small fixed generator: the same season every run.
let state = 20261126;
const rand = () => ((state = (Math.imul(state ^ (state >>> 15), 1 | state) + 0x6d2b79f5) | 0) >>> 0) / 2 ** 32;
const pick = (n: number) => Math.floor(rand() * n);

const rules = { entryFeeCents: 5_000, addedMoneyCents: 100_000, producerSharePercent: 20, divisions: 4, splitMs: [500], payout: defaultPayout(4) };
type Team = { userId: string | null; horseId: string | null; riderName: string; horseName: string };
const teams: Team[] = [];
db.transaction(() => {
  for (let i = 0; i < TEAMS; i++) {
    if (i % 5 === 0) {
      const user = db.insert(users).values({ email: `season${i}@example.com`, password: "x", firstName: `Rider${i}`, lastName: "Bench", homeZipCode: "76101", emailVerified: true }).returning().get();
      const horse = db.insert(horses).values({ userId: user.id, name: `Horse ${i}` }).returning().get();
      teams.push({ userId: user.id, horseId: horse.id, riderName: `Rider${i} Bench`, horseName: horse.name });
    } else teams.push({ userId: null, horseId: null, riderName: `Walkup ${i}`, horseName: `Pony ${i}` });
  }
});

/** A class's runs: 8% NT, times 15.0 to 18.0 s with a knocked barrel one run in ten. */
function runsFor(entryIds: string[]): Run[] {
  return entryIds.map((entryId) => (rand() < 0.08 ? { entryId, outcome: "NT", timeMs: null, penalties: 0 } : { entryId, outcome: "TIME", timeMs: 15_000 + pick(3_000), penalties: rand() < 0.1 ? 1 : 0 }));
}

function writeResults(cls: { id: string; eventId: string }, runs: Run[]) {
  const results = computeResults(rules, runs);
  const placed = new Map(results.divisions.flatMap((d) => d.places.map((p) => [p.entryId, { division: d.division, ...p }] as const)));
  db.delete(raceResults).where(eq(raceResults.classId, cls.id)).run();
  const at = new Date();
  const rows = runs.map((r) => {
    const p = placed.get(r.entryId);
    return { entryId: r.entryId, classId: cls.id, eventId: cls.eventId, outcome: r.outcome, timeMs: r.timeMs, penalties: r.penalties, totalMs: p?.totalMs ?? null, division: p?.division ?? null, place: p?.place ?? null, payoutCents: p?.payoutCents ?? 0, publishedAt: at };
  });
  for (let i = 0; i < rows.length; i += 500) db.insert(raceResults).values(rows.slice(i, i + 500)).run();
  db.update(raceClasses).set({ resultsPublishedAt: at, resultsVersion: sql`${raceClasses.resultsVersion} + 1` }).where(eq(raceClasses.id, cls.id)).run();
}

const season = db.insert(series).values({ name: "Bench Series", startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"], pointsTable: { mode: "PLACE", places: [[10, 9, 8, 7, 6, 5, 4, 3, 2, 1]] }, qualifyMinRaces: 4, qualifyTop: 15 }).returning().get();
const classes: { id: string; eventId: string; entryIds: string[] }[] = [];
db.transaction(() => {
  for (let r = 0; r < RACES; r++) {
    const event = db.insert(events).values({ name: `Bench Race ${r}`, date: `2030-${String(1 + (r % 12)).padStart(2, "0")}-${String(1 + (r % 28)).padStart(2, "0")}`, location: "Fort Worth, TX", zipCode: "76101", showbillApproved: true }).returning().get();
    db.insert(seriesEvents).values({ seriesId: season.id, eventId: event.id, status: "APPROVED" }).run();
    const cls = db.insert(raceClasses).values({ eventId: event.id, name: "Open 4D", ...rules }).returning().get();
    // 500 different teams of the 2,000, by a random start and stride.
    const start = pick(TEAMS);
    const entryIds: string[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const team = teams[(start + i * 3) % TEAMS]!;
      entryIds.push(db.insert(raceEntries).values({ eventId: event.id, classId: cls.id, ...team, drawPosition: i + 1 }).returning({ id: raceEntries.id }).get().id);
    }
    writeResults(cls, runsFor(entryIds));
    classes.push({ id: cls.id, eventId: event.id, entryIds });
  }
});

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

async function measure(label: string, runs: number, work: (i: number) => unknown, setup?: (i: number) => void) {
  for (let i = 0; i < Math.max(3, Math.ceil(runs / 5)); i++) {
    setup?.(i);
    await work(i);
  }
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    setup?.(i);
    const c = cpuMs();
    const t = performance.now();
    await work(i);
    wall.push(performance.now() - t);
    cpu.push(cpuMs() - c);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(`${label.padEnd(44)} wall median ${f(pct(wall, 0.5))}  p95 ${f(pct(wall, 0.95))}   cpu median ${f(pct(cpu, 0.5))}  p95 ${f(pct(cpu, 0.95))}`);
  return { wall: pct(wall, 0.5), cpu: pct(cpu, 0.5), cpuP95: pct(cpu, 0.95), wallP95: pct(wall, 0.95) };
}

console.log(`Season bench: ${RACES} races x ${ENTRIES} entries, ${TEAMS} teams; ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`);
recomputeSeries(db, season.id);
const standings = db.$client.prepare("SELECT division, count(*) AS n FROM series_standings WHERE series_id = ? GROUP BY division").all(season.id) as { division: number; n: number }[];
console.log(`standings rows per division: ${standings.map((s) => `${s.division}D ${s.n}`).join(", ")}`);

await measure("recompute all standings from scratch", RUNS, () => recomputeSeries(db, season.id));
await measure("publish one class (a correction): standings", RUNS * 3, (i) =>
  db.transaction(() => {
    const cls = classes[i % classes.length]!;
    writeResults(cls, runsFor(cls.entryIds));
    afterClassPublished(db, cls.id);
  }),
);
// The publish's season part alone: a correction's race_results written first (not timed), then the
// season's one call, in the transaction the publish would hold; its longest step is this whole call.
await measure(
  "  of which afterClassPublished (sync + notify)",
  RUNS * 3,
  (i) =>
    db.transaction(() => {
      afterClassPublished(db, classes[i % classes.length]!.id);
    }),
  (i) => {
    const cls = classes[i % classes.length]!;
    writeResults(cls, runsFor(cls.entryIds));
  },
);
if (flag("no-page")) process.exit(0);
const remix = await import("@remix-run/node");
const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
const handle = remix.createRequestHandler(build, "production");
const pageUrl = `http://127.0.0.1:3000/series/${season.id}?class=Open+4D&division=1`;
// The app hands a document's HTML beside the response (app/lib/document-body.ts), as server/remix.ts reads it.
const page = () =>
  handle(new Request(pageUrl), { cspNonce: "", clientIp: "127.0.0.1" }).then(async (res) => {
    const body = (res as WithDocumentBody)[DOCUMENT_BODY];
    return body ? Buffer.from(body).toString("utf8") : await res.text();
  });
const html = await page();
if (!html.includes("Bench Series")) throw new Error(`the standings page did not render: ${html.slice(0, 300)}`);
const unit = measureUnit();
const pageCost = await measure("standings page (1D), Remix handler", RUNS * 10, page);
console.log(`unit ${unit.ms.toFixed(3)} ms; standings page ${(pageCost.cpu / unit.ms).toFixed(2)} units (p95 ${(pageCost.cpuP95 / unit.ms).toFixed(2)}), ${Math.round(html.length / 1024)} KB of HTML`);
db.$client.close();
