// `npm run backup [-- <target-dir>]`: a consistent copy of DATA_DIR while the
// app runs: the database through SQLite's online backup API (copying the
// .db file with fs could miss pages still in the WAL, or tear mid-write),
// then the uploaded files and the generated session secret.
// Default target: DATA_DIR/backups/<timestamp>/.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { loadConfig, type Config } from "../app/lib/config.server";
import { openDatabase } from "../db/client";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** 2025-03-01T14-05-09Z: sorts by time and is a valid folder name everywhere. */
function timestamp(date = new Date()) {
  return date.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
}

function targetFolder(cfg: Config, arg: string | undefined) {
  return path.resolve(arg ?? path.join(cfg.dataDir, "backups", timestamp()));
}

async function backupDatabase(source: string, target: string) {
  const db = openDatabase(source);
  try {
    await db.$client.backup(target, {
      // Copy everything in the next step. A backup restarts when another
      // connection writes between steps, so small steps could chase a busy app
      // forever; one step only holds a WAL read snapshot, which blocks no writer.
      progress: () => 0x7fffffff,
    });
  } finally {
    db.$client.close();
  }
}

/** Proves the copy opens and is whole, and makes it one self-contained file. */
function checkCopy(file: string) {
  const copy = new Database(file);
  try {
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`The backup failed its integrity check: ${String(result)}`);
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

async function main() {
  let cfg;
  try {
    cfg = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  if (!fs.existsSync(cfg.databaseFile)) fail(`No database at ${cfg.databaseFile}: nothing to back up.`);

  const folder = targetFolder(cfg, process.argv[2]);
  const dbCopy = path.join(folder, "app.db");
  if (fs.existsSync(dbCopy)) fail(`${dbCopy} already exists; choose an empty folder.`);
  // The copy holds password hashes and session tokens: readable by the owner only.
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });

  await backupDatabase(cfg.databaseFile, dbCopy);
  checkCopy(dbCopy);

  // After the database, so every file a backed-up row points to is already on disk.
  if (fs.existsSync(cfg.uploadsDir)) {
    fs.cpSync(cfg.uploadsDir, path.join(folder, "uploads"), { recursive: true });
  }
  // Horses' papers: private files, kept apart from the public uploads.
  if (fs.existsSync(cfg.privateDir)) {
    fs.cpSync(cfg.privateDir, path.join(folder, "private"), { recursive: true });
  }
  // The generated secrets: without the cookie secret a restore signs everyone out; without the
  // VAPID keys, every phone's push subscription stops working.
  for (const name of ["session-secret", "vapid-keys.json"]) {
    const file = path.join(cfg.dataDir, name);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(folder, name));
  }
  console.log(`Backup written to ${folder}`);
}

main().catch((error: unknown) => fail(`Backup failed: ${(error as Error).message}`));
