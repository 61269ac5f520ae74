/**
 * Saved-search matching benchmark: approving one event against 10,000 saved
 * searches among 100,000 riders.
 *
 * Builds a fresh database with bench/lib.ts's seed (100,000 riders on real
 * ZIPs, 10,000 approved events), adds 10,000 saved searches centered on
 * their riders' home ZIPs (radii 25/50/100/200 miles, some with dates or an
 * event type, every email choice), then, for pending events placed at
 * rotating real ZIPs (dense cities, SEARCH_ZIPS, among them), one at a time:
 *
 * - approves it with the app's own setShowbillApproval, the function behind
 *   the admin screen and PATCH /api/admin/showbills/{id}/approve: the
 *   update, the audit entry, the creator's notice and the match job,
 *   committed together (what the admin waits for);
 * - runs its match job as the job runner does (runSavedSearchMatch): the
 *   R*Tree, haversine and filters query, then one sendAlert per rider
 *   matched (notification, email job or digest item);
 * - and times the match query alone (findMatches).
 *
 *   npx tsx bench/alerts-match.ts                      # 200 approvals
 *   npx tsx bench/alerts-match.ts --approvals 50 --searches 10000 --users 100000
 *
 * Prints the median and p95 of each in ms. Goal: approving one event, match
 * included, at most 50 ms at p95. Writes bench/results-alerts.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { events, users } from "../db/schema";
import { arg, machine, percentile, SEARCH_ZIPS, seed, tempDir } from "./lib";

const USERS = Number(arg("users", "100000"));
const SEARCHES = Number(arg("searches", "10000"));
const APPROVALS = Number(arg("approvals", "200"));
const GOAL_MS = 50;

const { lookupZip } = await import("../app/lib/gazetteer.server");
const { circleBox } = await import("../app/features/events/search.server");
const { setShowbillApproval } = await import("../app/features/admin/admin.server");
const { findMatches, MATCH_JOB, runSavedSearchMatch } = await import("../app/features/alerts/matching.server");

const dataDir = tempDir("bench-alerts");
console.log(`Saved-search matching: ${SEARCHES.toLocaleString()} saved searches among ${USERS.toLocaleString()} riders`);
seed(dataDir, { users: USERS, events: 10_000, runs: 0 });
const db = openDatabase(path.join(dataDir, "app.db"));
const sqlite = db.$client;

// Saved searches: riders picked across the table, one to five searches each, centered on their home ZIP.
const riders = sqlite.prepare("SELECT id, home_zip_code AS zip FROM users ORDER BY id").all() as { id: string; zip: string }[];
const RADII = [25, 50, 50, 100, 100, 200, 50, 25, 100, 50];
const EMAILS = ["instant", "daily", "off", "instant"] as const;
const insertSearch = sqlite.prepare(
  `INSERT INTO saved_searches (user_id, name, zip_code, latitude, longitude, radius, min_lat, max_lat, min_lng, max_lng, start_date, end_date, event_type, email, paused, created_at, updated_at)
   VALUES (@userId, @name, @zip, @latitude, @longitude, @radius, @minLat, @maxLat, @minLng, @maxLng, @startDate, NULL, @eventType, @email, @paused, @at, @at)`,
);
const today = new Date().toISOString().slice(0, 10);
sqlite.transaction(() => {
  let made = 0;
  for (let r = 0; made < SEARCHES; r++) {
    const rider = riders[(r * 7919) % riders.length]!;
    const place = lookupZip(rider.zip)!;
    const count = 1 + (r % 5);
    for (let k = 0; k < count && made < SEARCHES; k++, made++) {
      const radius = RADII[made % RADII.length]!;
      insertSearch.run({
        userId: rider.id,
        name: `Search ${made}`,
        zip: rider.zip,
        latitude: place.latitude,
        longitude: place.longitude,
        radius,
        ...circleBox(place, radius),
        startDate: made % 7 === 0 ? today : null,
        eventType: made % 5 === 0 ? "barrel_racing" : null,
        email: EMAILS[made % EMAILS.length],
        paused: made % 23 === 0 ? 1 : 0,
        at: Date.now(),
      });
    }
  }
})();

// Pending events to approve: at rotating ZIPs (dense cities first in each round), two weeks out.
const zips = [...SEARCH_ZIPS, ...riders.slice(0, 400).map((r) => r.zip)];
const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const pending = Array.from({ length: APPROVALS }, (_, i) => {
  const zip = zips[i % zips.length]!;
  const place = lookupZip(zip)!;
  return db
    .insert(events)
    .values({
      name: `Bench Approval ${i}`,
      date,
      location: `${place.city}, ${place.state}`,
      zipCode: zip,
      latitude: place.latitude,
      longitude: place.longitude,
      addedMoney: 1000,
      eventType: ["barrel_racing"],
      createdBy: riders[i]!.id,
      showbillApproved: false,
    })
    .returning()
    .get();
});
sqlite.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").run(riders[0]!.id);
const admin = db.select().from(users).where(eq(users.id, riders[0]!.id)).get()!;

// Warm up: the gazetteer and the prepared statements.
findMatches(db, { ...pending[0]!, showbillApproved: true });

const matchJob = sqlite.prepare("SELECT payload FROM jobs WHERE kind = ? AND status = 'pending' AND json_extract(payload, '$.eventId') = ?");
const queryMs: number[] = [];
const approvalMs: number[] = [];
const jobMs: number[] = [];
const perAlertMs: number[] = [];
const matched: number[] = [];
for (const event of pending) {
  let t = performance.now();
  const found = findMatches(db, { ...event, showbillApproved: true });
  queryMs.push(performance.now() - t);
  matched.push(found.length);
  t = performance.now();
  setShowbillApproval(db, admin, event.id, true);
  approvalMs.push(performance.now() - t);
  const job = matchJob.get(MATCH_JOB, event.id) as { payload: string };
  t = performance.now();
  runSavedSearchMatch(db, { payload: JSON.parse(job.payload) });
  jobMs.push(performance.now() - t);
  if (found.length) perAlertMs.push(jobMs[jobMs.length - 1]! / found.length);
}
const alerts = (sqlite.prepare("SELECT count(*) AS n FROM notifications WHERE type = 'alert'").get() as { n: number }).n;
db.$client.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const stats = (list: number[]) => {
  const s = sorted(list);
  return { p50: +percentile(s, 50).toFixed(2), p95: +percentile(s, 95).toFixed(2), max: +s[s.length - 1]!.toFixed(2) };
};
const approval = stats(approvalMs);
const query = stats(queryMs);
const job = stats(jobMs);
const perAlert = stats(perAlertMs);
const riderCounts = sorted(matched);
console.log(`  ${APPROVALS} approvals; riders alerted per approval: median ${percentile(riderCounts, 50)}, p95 ${percentile(riderCounts, 95)}, max ${riderCounts[riderCounts.length - 1]} (${alerts} alerts in all)`);
const line = (label: string, x: { p50: number; p95: number; max: number }, extra = "") =>
  console.log(`  ${label.padEnd(58)} p50 ${x.p50} ms  p95 ${x.p95} ms  max ${x.max} ms${extra}`);
const met = approval.p95 + query.p95 <= GOAL_MS;
line("approve one event (update, audit, notice, match job)", approval);
line("match query alone (R*Tree + haversine + filters)", query);
line("approval + match query, p95 of each", { p50: +(approval.p50 + query.p50).toFixed(2), p95: +(approval.p95 + query.p95).toFixed(2), max: +(approval.max + query.max).toFixed(2) }, `  (goal <= ${GOAL_MS} ms: ${met ? "met" : "NOT met"})`);
line("match job: query + one sendAlert per rider matched", job);
line("  per rider alerted", perAlert);
fs.writeFileSync(
  "bench/results-alerts.json",
  JSON.stringify(
    {
      at: new Date().toISOString(),
      machine: machine(),
      cpus: os.cpus().length,
      users: USERS,
      searches: SEARCHES,
      approvals: APPROVALS,
      ridersAlerted: { p50: percentile(riderCounts, 50), p95: percentile(riderCounts, 95), max: riderCounts[riderCounts.length - 1] },
      approvalMs: approval,
      matchQueryMs: query,
      matchJobMs: job,
      perAlertMs: perAlert,
      goalMs: GOAL_MS,
    },
    null,
    2,
  ),
);
