// `npx tsx bench/restore.ts [--data-dir <dir>] [--rounds 3]`: how long Litestream takes to
// restore the bench-scale database (bench/README.md, "Restoring from the replica").
// Seeds the bench scale into a temporary folder (or reuses `<dir>/scale`, as `npm run bench --
// --data-dir <dir>` leaves it), replicates a copy of it to a file replica with the server's own
// Litestream configuration (server/litestream.ts), writes 2,000 runs while it replicates (so a
// restore replays WAL as well as the snapshot), stops Litestream after its last sync, then times
// `litestream restore` into an empty folder `--rounds` times.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { litestreamBinary, litestreamConfig } from "../server/litestream";
import { arg, machine, seed, tempDir } from "./lib";

const ROUNDS = Number(arg("rounds", "3"));
const SIZES = { users: 100_000, events: 100_000, runs: 1_000_000 };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sizeOf = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const file = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? sizeOf(file) : fs.statSync(file).size);
  }, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function seededDatabase() {
  const kept = arg("data-dir", "");
  const dir = kept ? path.join(kept, "scale") : tempDir("restore-seed");
  if (!fs.existsSync(path.join(dir, "app.db"))) {
    console.log(`seeding the bench scale into ${dir} (a minute or two)`);
    seed(dir, SIZES);
  }
  return path.join(dir, "app.db");
}

async function main() {
  const source = seededDatabase();
  const work = tempDir("restore");
  const db = path.join(work, "data", "app.db");
  fs.mkdirSync(path.dirname(db));
  fs.copyFileSync(source, db);
  const replica = { kind: "file" as const, url: `file://${path.join(work, "replica")}`, dir: path.join(work, "replica") };
  const config = path.join(work, "litestream.yml");
  fs.writeFileSync(config, JSON.stringify(litestreamConfig(db, replica)));

  console.log(`database ${mb(fs.statSync(db).size)}; replicating to ${replica.dir}`);
  const replicating = spawn(litestreamBinary(), ["replicate", "-config", config, "-no-expand-env"], { stdio: "inherit" });
  const snapshots = path.join(replica.dir, "db", "generations");
  const started = Date.now();
  while (!fs.existsSync(snapshots) || !fs.readdirSync(snapshots).some((g) => fs.existsSync(path.join(snapshots, g, "snapshots")) && fs.readdirSync(path.join(snapshots, g, "snapshots")).length > 0)) {
    if (Date.now() - started > 300_000) throw new Error("no snapshot after 5 minutes");
    await sleep(200);
  }
  console.log(`snapshot under way after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Writes after the snapshot, as a running server makes them: the restore replays them from the WAL segments.
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(db);
  sqlite.pragma("busy_timeout = 20000");
  sqlite.pragma("wal_autocheckpoint = 0");
  const insert = sqlite.prepare(
    "INSERT INTO run_logs (id, user_id, arena_name, arena_type, time, tags, privacy, run_at, created_at) SELECT lower(hex(randomblob(16))), id, 'Restore Arena', 'indoor', '15.250', '[]', 'PRIVATE', ?, ? FROM users LIMIT 1",
  );
  for (let i = 0; i < 2000; i++) insert.run(Date.now(), Date.now());
  sqlite.close();
  await sleep(3000);
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${replicating.pid}/status`, "utf8"))?.[1];
  console.log(`litestream replicate: ${rss ? `${(Number(rss) / 1024).toFixed(0)} MB resident` : "resident size unknown"} after the snapshot and the writes`);
  const exited = new Promise((resolve) => replicating.once("exit", resolve));
  replicating.kill("SIGTERM");
  await exited;
  console.log(`replica ${mb(sizeOf(replica.dir))} (lz4)`);

  const times: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const out = path.join(work, `restored-${round}`, "app.db");
    fs.mkdirSync(path.dirname(out));
    const t0 = performance.now();
    const result = spawnSync(litestreamBinary(), ["restore", "-config", config, "-no-expand-env", "-o", out, db], { encoding: "utf8" });
    const ms = performance.now() - t0;
    if (result.status !== 0) throw new Error(`restore failed: ${result.stderr}`);
    const check = new Database(out, { readonly: true });
    const runs = check.prepare("SELECT count(*) FROM run_logs WHERE arena_name = 'Restore Arena'").pluck().get();
    const quick = check.pragma("quick_check", { simple: true });
    check.close();
    if (runs !== 2000 || quick !== "ok") throw new Error(`restored database: ${String(runs)} of 2000 runs, quick_check ${String(quick)}`);
    times.push(ms);
    console.log(`  round ${round}: restored ${mb(fs.statSync(out).size)} in ${(ms / 1000).toFixed(2)} s (2,000 runs written after the snapshot present, quick_check ok)`);
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`restore of the bench-scale database: median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(2)} s over ${ROUNDS} rounds (${JSON.stringify(machine())})`);
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
