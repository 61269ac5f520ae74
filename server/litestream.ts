import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";
import type { Replica } from "../app/lib/config.server";

/**
 * Continuous replication of the database with Litestream 0.3 (the
 * @flydotio/litestream npm package ships its binary), when
 * LITESTREAM_REPLICA_URL is set. The primary process (the only one with
 * WEB_CONCURRENCY=1) restores a missing database from the replica before it
 * migrates, starts `litestream replicate` beside itself once the database is
 * open, and stops it after the last write, so Litestream's final sync carries
 * everything. The files go to the same replica through
 * app/lib/uploads/replica.server.ts.
 * docs/decisions/2026-11-26-continuous-replication.md says why it runs beside
 * the server rather than as its parent (`-exec`).
 */

/** How often Litestream ships new WAL frames: what a host's death can lose, at most. */
export const SYNC_INTERVAL = "1s";
/** How long a stop waits for Litestream's final sync before leaving it to finish alone. */
const STOP_WAIT_MS = 10_000;
/** A Litestream that dies is started again after this. */
const RESTART_MS = 1_000;

const log = (line: Record<string, unknown>) => (line.level === "error" ? console.error : console.log)(JSON.stringify(line));

/** The binary the npm package installed for this platform, or `litestream` on the PATH. */
export function litestreamBinary() {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
    return path.join(path.dirname(pkg), "litestream");
  } catch {
    return "litestream";
  }
}

/**
 * Litestream's configuration for the one database, as JSON (which YAML
 * reads). The S3 credentials are not written: Litestream takes
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY from the environment.
 */
export function litestreamConfig(databaseFile: string, replica: Replica) {
  const target =
    replica.kind === "file"
      ? { type: "file", path: path.join(replica.dir, "db") }
      : {
          type: "s3",
          bucket: replica.bucket,
          path: [replica.prefix, "db"].filter(Boolean).join("/"),
          ...(replica.region ? { region: replica.region } : {}),
          // An S3-compatible service other than AWS is addressed by path (bucket in the path, not the host name).
          ...(replica.endpoint ? { endpoint: replica.endpoint, "force-path-style": true } : {}),
        };
  return {
    // Warnings and errors only, as JSON lines (relayed into the server's log): at info it logs every WAL segment it ships.
    logging: { level: "warn", type: "json" },
    // Litestream looks for new WAL frames every monitor interval (1 s by default) and ships them at most every
    // sync interval: looking four times a second keeps the restore point within about one sync interval.
    dbs: [{ path: databaseFile, "monitor-interval": "250ms", replicas: [{ ...target, "sync-interval": SYNC_INTERVAL }] }],
  };
}

/** Writes the configuration beside the database (rewritten at every start) and answers its path. */
function writeConfig(databaseFile: string, replica: Replica) {
  const file = path.join(path.dirname(databaseFile), "litestream.yml");
  fs.writeFileSync(file, JSON.stringify(litestreamConfig(databaseFile, replica), null, 2), { mode: 0o600 });
  return file;
}

/** Litestream's own lines as the server's log lines (`msg: "litestream"`, its fields under `litestream`). */
function relayLog(child: ChildProcess) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on("line", (line) => {
      let fields: Record<string, unknown>;
      try {
        fields = JSON.parse(line) as Record<string, unknown>;
      } catch {
        fields = { msg: line };
      }
      const level = /^(ERROR|WARN)/i.test(String(fields.level ?? "")) ? "error" : "info";
      log({ level, msg: "litestream", litestream: fields });
    });
  }
}

/**
 * When the database file is missing and the replica has one: restores it
 * (`litestream restore -if-db-not-exists -if-replica-exists`). Leftovers of
 * a lost database (its -wal and -shm, Litestream's shadow folder) are
 * removed first: SQLite would apply an old WAL to the restored file.
 * Answers whether a database was restored. Throws when Litestream fails
 * (the replica is unreachable): starting empty then would hide the loss.
 */
export function restoreDatabase(databaseFile: string, replica: Replica): boolean {
  if (fs.existsSync(databaseFile)) return false;
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  for (const leftover of [`${databaseFile}-wal`, `${databaseFile}-shm`]) fs.rmSync(leftover, { force: true });
  fs.rmSync(path.join(path.dirname(databaseFile), `.${path.basename(databaseFile)}-litestream`), { recursive: true, force: true });
  const config = writeConfig(databaseFile, replica);
  const started = performance.now();
  const result = spawnSync(
    litestreamBinary(),
    ["restore", "-config", config, "-no-expand-env", "-if-db-not-exists", "-if-replica-exists", databaseFile],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
  if (result.error || result.status !== 0) {
    throw new Error(`litestream restore from ${replica.url} failed: ${result.error?.message ?? output}`);
  }
  const restored = fs.existsSync(databaseFile);
  log({
    level: "info",
    msg: restored ? "database restored from the replica" : "no database in the replica yet: starting a new one",
    replica: replica.url,
    ms: Math.round(performance.now() - started),
  });
  return restored;
}

/**
 * Starts `litestream replicate` for the database (open and migrated by
 * now) and keeps it running: one that dies is started again. `stop()`,
 * called after the last write, sends SIGTERM (Litestream then syncs what is
 * left and exits) and waits for it. Should this process exit any other way,
 * Litestream is sent SIGTERM on the way out and finishes its sync alone.
 */
export function startReplication(databaseFile: string, replica: Replica) {
  const config = writeConfig(databaseFile, replica);
  let child: ChildProcess | undefined;
  let stopping = false;

  const start = () => {
    const current = spawn(litestreamBinary(), ["replicate", "-config", config, "-no-expand-env"], { stdio: ["ignore", "pipe", "pipe"] });
    child = current;
    relayLog(current);
    current.on("error", (error) => log({ level: "error", msg: "litestream could not start", error: String(error) }));
    current.on("exit", (code, signal) => {
      if (stopping) return;
      log({ level: "error", msg: "litestream stopped, starting it again", code, signal });
      setTimeout(() => !stopping && start(), RESTART_MS).unref();
    });
    log({ level: "info", msg: "replicating", replica: replica.url, pid: current.pid, syncInterval: SYNC_INTERVAL });
  };
  start();

  const onExit = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  process.on("exit", onExit);

  return {
    stop(): Promise<void> {
      stopping = true;
      process.off("exit", onExit);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          log({ level: "error", msg: "litestream did not finish its last sync in time; leaving it to finish" });
          resolve();
        }, STOP_WAIT_MS);
        current.once("exit", () => {
          clearTimeout(timer);
          log({ level: "info", msg: "litestream stopped after its last sync" });
          resolve();
        });
        current.kill("SIGTERM");
      });
    },
  };
}

export type Replication = ReturnType<typeof startReplication>;
