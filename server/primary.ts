import cluster, { type Worker } from "node:cluster";
import type { Config } from "../app/lib/config.server";
import { relayUserChanges } from "../app/lib/live.server";
import { DRAIN_MS } from "./serve";

/** What the primary sends a worker to make it drain and exit. */
const STOP_MESSAGE = { type: "cloverleaf:stop" } as const;

export const isStopMessage = (message: unknown) =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === STOP_MESSAGE.type;

const log = (line: Record<string, unknown>) =>
  (line.level === "error" ? console.error : console.log)(JSON.stringify(line));

/**
 * The primary process with WEB_CONCURRENCY above 1: it serves nothing
 * itself. It starts that many workers (each runs this same entry point and
 * serves the app on the shared port), relays live-notification signals
 * between them, replaces a worker that dies, and on stop has every worker
 * drain before it answers `onStopped`.
 *
 * A worker that dies before all have started means the server cannot start
 * (a port in use, a broken build): everything stops with exit code 1 rather
 * than restarting in a loop.
 */
export function runPrimary(cfg: Config, onStopped: (code: number) => void) {
  relayUserChanges();
  const workers = new Set<Worker>();
  const listened = new Set<Worker>();
  let started = false;
  let stopping = false;

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    workers.add(worker);
    worker.once("listening", () => {
      listened.add(worker);
      log({ level: "info", msg: "worker started", worker: worker.id, pid: worker.process.pid });
      if (!started && listened.size === cfg.webConcurrency) {
        started = true;
        log({ level: "info", msg: "listening", port: cfg.port, origin: cfg.appOrigin, dataDir: cfg.dataDir, workers: cfg.webConcurrency });
      }
    });
  };

  let finished = false;
  const finish = (code: number) => {
    if (finished) return;
    finished = true;
    for (const worker of workers) worker.process.kill("SIGKILL");
    onStopped(code);
  };

  cluster.on("exit", (worker, code, signal) => {
    const pid = worker.process.pid;
    workers.delete(worker);
    const hadListened = listened.delete(worker);
    if (stopping) {
      if (workers.size === 0) finish(0);
      return;
    }
    if (!started) {
      log({ level: "error", msg: "worker failed to start, stopping", worker: worker.id, pid, code, signal });
      stopping = true;
      finish(1);
      return;
    }
    log({ level: "error", msg: "worker crashed, starting another", worker: worker.id, pid, code, signal });
    // One that died before serving anything is not restarted at once, so a fault at start cannot spin.
    if (hadListened) fork();
    else setTimeout(fork, 1000);
  });

  for (let i = 0; i < cfg.webConcurrency; i++) fork();

  return {
    stop() {
      if (stopping) return;
      stopping = true;
      if (workers.size === 0) return finish(0);
      for (const worker of workers) if (worker.isConnected()) worker.send(STOP_MESSAGE, undefined, () => {});
      // Each worker cuts its own requests after DRAIN_MS; this is the backstop.
      setTimeout(() => finish(0), DRAIN_MS + 1000).unref();
    },
  };
}
