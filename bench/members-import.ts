/**
 * Members import benchmark: a CSV of 10,000 members (a fifth with an
 * account of the same email, a tenth with a number of their own) previewed
 * and then imported into a year, on a real SQLite file migrated like the
 * app's. Goal: the import (checks and writes) in under 2 s.
 *
 *   npx tsx bench/members-import.ts
 */
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../db/client";
import { membershipYears, users } from "../db/schema";
import { importMembers } from "../app/features/members/csv.server";
// The season listens to membership changes (its hook), as in the app: the import is timed with its standings work.
import "../app/features/season/season.server";
import { tempDir } from "./lib";

const MEMBERS = 10_000;
const dataDir = tempDir("members");
Object.assign(process.env, { DATA_DIR: dataDir, APP_ORIGIN: "http://127.0.0.1:3000", NODE_ENV: "production" });
const db = openDatabase(path.join(dataDir, "app.db"));
migrateDatabase(db);

db.transaction(() => {
  for (let i = 0; i < MEMBERS; i += 5) db.insert(users).values({ email: `member${i}@example.com`, password: "x", firstName: `M${i}`, lastName: "Bench", homeZipCode: "76101" }).run();
});
const year = db.insert(membershipYears).values({ name: "2030", startDate: "2030-01-01", endDate: "2030-12-31", kinds: ["OPEN", "YOUTH", "SENIOR"].map((kind) => ({ kind: kind as "OPEN", duesCents: 5000, minAge: null, maxAge: null })), numberPrefix: "CL-" }).returning().get();
const lines = ["name,email,number,kind,year,paid"];
for (let i = 0; i < MEMBERS; i++) lines.push(`Member ${i},member${i}@example.com,${i % 10 === 0 ? `X-${i}` : ""},${["Open", "Youth", "Senior"][i % 3]},2030,${i % 2 ? "cash" : "no"}`);
const csv = lines.join("\n");

const time = (label: string, work: () => unknown) => {
  const t = performance.now();
  const c = process.cpuUsage();
  work();
  const cpu = process.cpuUsage(c);
  console.log(`${label.padEnd(30)} wall ${(performance.now() - t).toFixed(0).padStart(6)} ms   cpu ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(6)} ms`);
};
console.log(`Members import bench: ${MEMBERS} lines (${Math.round(csv.length / 1024)} KB); node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`);
time("preview (dry run)", () => importMembers(db, year.id, csv, true));
time("import", () => {
  const report = importMembers(db, year.id, csv, false);
  if (!report.written || report.created + report.linked !== MEMBERS) throw new Error(`import refused: ${JSON.stringify(report.refused.slice(0, 3))}`);
});
db.$client.close();
