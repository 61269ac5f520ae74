import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../db/client";
import { DATABASE_FILE_NAME, dataDirOf, loadConfig, replicaConfig, type Config, type Replica } from "../app/lib/config.server";
import { closeDb } from "../app/lib/db.server";
import { syncReplicaFiles } from "../app/lib/uploads/replica-sync.server";
import { replicaHoldsFiles, restoreSecrets } from "../app/lib/uploads/replica.server";
import { startHousekeeping } from "./housekeeping";
import { startJobRunner } from "./jobs";
import { restoreDatabase, startReplication } from "./litestream";
import { isStopMessage, runPrimary } from "./primary";
import { serve } from "./serve";

/**
 * `npm start` and the container's command. With WEB_CONCURRENCY=1, one
 * process does everything. Above 1, this process is the primary: it does
 * the first-start work (the configuration, whose first load writes the
 * generated session secret; the database file and its migrations) before
 * any worker exists, so no two processes ever race on them, then runs
 * housekeeping and the job runner (server/jobs.ts) and starts the workers, which only serve requests.
 * SIGTERM (the container's stop) or SIGINT finishes requests in flight
 * and exits 0.
 *
 * With LITESTREAM_REPLICA_URL set, the first-start work begins with the
 * replica: a missing database is restored from it (with the generated
 * secrets, and then the files the database references) before anything is
 * migrated or served, and Litestream replicates from then on until after
 * the last write (server/litestream.ts).
 */
const JOB_FINISH_MS = 5000;

const log = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

// A crash is one structured log line like the rest, then exit 1 (a worker is then replaced).
process.on("uncaughtException", (error) => {
  console.error(JSON.stringify({ level: "error", msg: "uncaught exception", pid: process.pid, error: error.stack ?? String(error) }));
  process.exit(1);
});

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

function onStopSignals(stop: (signal: string) => void) {
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** The primary's first step with a replica: the database and the secrets back, before the configuration is read. */
async function restoreOrExit(): Promise<{ replica: Replica | null; restored: boolean }> {
  try {
    const replica = replicaConfig();
    if (!replica) return { replica, restored: false };
    const dataDir = dataDirOf();
    const databaseFile = path.join(dataDir, DATABASE_FILE_NAME);
    const missing = !fs.existsSync(databaseFile);
    const restored = restoreDatabase(databaseFile, replica);
    // An empty database over a replica full of files would drop them all from it at the first reconciliation.
    if (missing && !restored && (await replicaHoldsFiles(replica))) {
      throw new Error(
        `The replica ${replica.url} holds uploaded files but Litestream found no database in it: not starting an empty database over them. Check LITESTREAM_REPLICA_URL and the S3 settings, or use a new replica location.`,
      );
    }
    await restoreSecrets(replica, dataDir);
    return { replica, restored };
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

async function main() {
  const { restored } = cluster.isWorker ? { restored: false } : await restoreOrExit();
  const cfg = configOrExit();

  if (cluster.isWorker) {
    // A stop before the worker serves has nothing to finish.
    const worker: { serving?: Awaited<ReturnType<typeof serve>> } = {};
    const exit = () => (worker.serving ? worker.serving.stop(() => (closeDb(), process.exit(0))) : process.exit(0));
    process.on("message", (message) => isStopMessage(message) && exit());
    onStopSignals(exit);
    worker.serving = await serve(cfg, () => {});
    return;
  }

  const db = openDatabase(cfg.databaseFile, { replicated: cfg.replica !== null });
  migrateDatabase(db);
  if (restored) {
    const moved = await syncReplicaFiles(db, cfg.dataDir, cfg.replica);
    log({ level: "info", msg: "files restored from the replica", files: moved });
  }
  const replication = cfg.replica ? startReplication(cfg.databaseFile, cfg.replica) : null;
  const housekeeping = startHousekeeping(db, cfg);
  const jobRunner = startJobRunner(db, cfg);
  // A job sending when the stop comes may finish (a few seconds at most); one cut off is never re-sent (server/jobs.ts).
  // Litestream stops last: its final sync carries the last write.
  const exit = (code: number) => {
    housekeeping.stop();
    const finished = Promise.race([jobRunner.stop(), new Promise((resolve) => setTimeout(resolve, JOB_FINISH_MS))]);
    void finished
      .then(() => {
        db.$client.close();
        return replication?.stop();
      })
      .then(() => process.exit(code));
  };

  if (cfg.webConcurrency === 1) {
    const { stop } = await serve(cfg, () =>
      log({ level: "info", msg: "listening", port: cfg.port, origin: cfg.appOrigin, dataDir: cfg.dataDir, workers: 1 }),
    );
    onStopSignals((signal) => {
      log({ level: "info", msg: "stopping", signal });
      stop(() => (closeDb(), exit(0)));
    });
    return;
  }

  const primary = runPrimary(cfg, exit);
  onStopSignals((signal) => {
    log({ level: "info", msg: "stopping", signal, workers: cfg.webConcurrency });
    primary.stop();
  });
}

void main();
