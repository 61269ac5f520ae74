import cluster from "node:cluster";
import { migrateDatabase, openDatabase } from "../db/client";
import { loadConfig, type Config } from "../app/lib/config.server";
import { closeDb } from "../app/lib/db.server";
import { startHousekeeping } from "./housekeeping";
import { startJobRunner } from "./jobs";
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

async function main() {
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

  const db = openDatabase(cfg.databaseFile);
  migrateDatabase(db);
  const housekeeping = startHousekeeping(db, cfg);
  const jobRunner = startJobRunner(db, cfg);
  // A job sending when the stop comes may finish (a few seconds at most); one cut off is never re-sent (server/jobs.ts).
  const exit = (code: number) => {
    housekeeping.stop();
    const finished = Promise.race([jobRunner.stop(), new Promise((resolve) => setTimeout(resolve, JOB_FINISH_MS))]);
    void finished.then(() => {
      db.$client.close();
      process.exit(code);
    });
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
