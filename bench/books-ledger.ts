/**
 * Books and close-out benchmark: one 2,000-entry class with 4,000 money
 * records (a fee for every entry, a late fee, a charge or a refund for
 * about half, reversals among them, taken by three people over two days),
 * then the server's CPU per request under a closed-loop load
 * (bench/README.md, "CPU per request") for
 *
 * - `GET /api/events/{id}/books` (the books read from the ledger),
 * - `GET /api/events/{id}/closeouts` (each day's close-out by taker),
 * - `GET /events/{id}/books` (the screen, both together),
 *
 * beside the floor of a page (the signed-out terms of service) in the same run.
 *
 * Goal: the books and a close-out each at most 20 ms of server CPU a request.
 *
 *   npx tsx bench/books-ledger.ts
 *   npx tsx bench/books-ledger.ts --entries 2000 --records 4000 --duration 6
 *
 * Needs a build (`npm run build`). Loopback only. Prints the figures with
 * the load average, and writes bench/results-books-ledger.json.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { arg, machine, measure, seed, signIn, startServer, tempDir, treeCpuMs, warmUp } from "./lib";

const ENTRIES = Number(arg("entries", "2000"));
const RECORDS = Number(arg("records", "4000"));
const DURATION = Math.min(60, Number(arg("duration", "6")));
const PORT = Number(arg("port", "3394"));
const GOAL_MS = 20;

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
console.log(`Books and close-out: ${ENTRIES.toLocaleString()} entries, ${RECORDS.toLocaleString()} money records; load average ${load()}`);
const dataDir = tempDir("bench-books");
const seeded = seed(dataDir, { users: 200, events: 50, runs: 0 });

// The bench rider produces an approved event with one class; the entries and records are written straight to the database.
const db = openDatabase(path.join(dataDir, "app.db"));
const sqlite = db.$client;
const { id: eventId } = sqlite.prepare("SELECT id FROM events WHERE showbill_approved = 1 LIMIT 1").get() as { id: string };
sqlite.prepare("UPDATE events SET created_by = ? WHERE id = ?").run(seeded.benchUserId, eventId);
const takers = (sqlite.prepare("SELECT id, first_name || ' ' || last_name AS name FROM users LIMIT 3").all() as { id: string; name: string }[]).map((u) => u);
const classId = randomUUID();
sqlite
  .prepare(
    `INSERT INTO race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, created_at)
     VALUES (?, ?, 'Open 4D', 0, 5000, 100000, 20, 4, '[500]', 3, ?, 5, 5, 0, ?)`,
  )
  .run(classId, eventId, JSON.stringify({ divisionPercents: [35, 27, 22, 16], table: [{ maxEntries: 50, percents: [40, 30, 20, 10] }, { maxEntries: 9999, percents: [28, 22, 18, 14, 10, 8] }] }), Date.now());
const insertEntry = sqlite.prepare(
  `INSERT INTO race_entries (id, event_id, class_id, rider_name, horse_name, back_number, paid, paid_method, status, late, draw_position, drags_before, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, 'CASH', ?, 0, ?, 0, ?)`,
);
const insertRecord = sqlite.prepare(
  `INSERT INTO money_records (event_id, kind, amount_cents, method, entry_id, class_id, payee_name, label, reverses_id, taken_by, taken_by_name, day, carried, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
);
const METHODS = ["CASH", "CASH", "CHECK", "CARD", "ONLINE"];
sqlite.transaction(() => {
  const ids: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const id = randomUUID();
    ids.push(id);
    insertEntry.run(id, eventId, classId, `Walk Up ${i + 1}`, `Horse ${i + 1}`, 100 + i, i % 40 === 0 ? "SCRATCHED" : "ENTERED", i + 1, Date.now());
  }
  for (let n = 0; n < RECORDS; n++) {
    const i = n % ENTRIES;
    const taker = takers[n % takers.length]!;
    const day = n % 2 ? "2031-06-14" : "2031-06-15";
    const kind = n < ENTRIES ? "FEE" : n % 4 === 0 ? "REFUND" : n % 4 === 1 ? "LATE_FEE" : n % 4 === 2 ? "CHARGE" : "FEE";
    const reversal = n >= ENTRIES && n % 50 === 3 ? n - ENTRIES + 1 : null;
    insertRecord.run(eventId, kind, reversal ? -5000 : kind === "CHARGE" ? 2500 : 5000, METHODS[n % METHODS.length], kind === "CHARGE" ? null : ids[i], classId, `Walk Up ${i + 1}`, kind === "CHARGE" ? "Stall" : null, reversal, taker.id, taker.name, day, Date.now());
  }
})();
sqlite.close();

// --profile DIR: a .cpuprofile of the server (node --cpu-prof), to read before changing anything.
const server = await startServer(dataDir, PORT, { workers: 1, cpuProfDir: arg("profile", "") || undefined });
const cookie = await signIn(server.url);
const headers = { "Accept-Encoding": "gzip, deflate, br" };

async function cpu(title: string, url: string, signedIn: boolean) {
  const check = await fetch(url, { headers: signedIn ? { Cookie: cookie } : {} });
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
  await check.arrayBuffer();
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
  books: { url: `${server.url}/api/events/${eventId}/books`, signedIn: true },
  closeouts: { url: `${server.url}/api/events/${eventId}/closeouts`, signedIn: true },
  booksScreen: { url: `${server.url}/events/${eventId}/books`, signedIn: true },
};
const results: Record<string, Awaited<ReturnType<typeof cpu>>> = {};
for (const [name, { url, signedIn }] of Object.entries(pages)) {
  results[name] = await cpu(name, url, signedIn);
  console.log(`  ${name.padEnd(12)} ${results[name]!.cpuMsPerRequest} ms CPU = ${results[name]!.units} units, ${results[name]!.rps} req/s  [load ${load()}]`);
}
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

const met = { books: results.books!.cpuMsPerRequest <= GOAL_MS, closeouts: results.closeouts!.cpuMsPerRequest <= GOAL_MS };
fs.writeFileSync("bench/results-books-ledger.json", `${JSON.stringify({ at: new Date().toISOString(), machine: machine(), loadAverage: os.loadavg(), entries: ENTRIES, records: RECORDS, results, goalMs: GOAL_MS, met }, null, 2)}\n`);
console.log(`  met: books ${met.books ? "yes" : "NO"}, close-out ${met.closeouts ? "yes" : "NO"} (at most ${GOAL_MS} ms CPU each); load average ${load()}`);
