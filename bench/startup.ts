/**
 * The server run through tsx (`node --import tsx server/index.ts`, as
 * production ran it before the build compiled it) beside the compiled server
 * (`node build/server/index.js`), in one run, rounds alternating: start to
 * first answer, resident memory of each worker at idle and after 1,000
 * requests, with the load average beside each figure.
 *
 *   npm run build && npx tsx bench/startup.ts                 # 3 rounds, 2 workers
 *   npx tsx bench/startup.ts --rounds 5 --workers 2 --node /path/to/node
 *
 * `--node` runs the servers on another Node binary (node_modules must be
 * installed for it); they run with `npm start`'s Node flags (`--node-flags=`
 * for Node's defaults, bench/lib.ts). Each start is on a copy of one migrated data folder, so
 * migrations are not counted.
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, rssMb, serverProcesses, SERVER_NODE_FLAGS, tempDir } from "./lib";

const rounds = Number(arg("rounds", "3"));
const workers = Number(arg("workers", "2"));
const nodeBin = arg("node", process.execPath);
const port = Number(arg("port", "3391"));
const VARIANTS = { tsx: ["--import", "tsx", "server/index.ts"], compiled: ["build/server/index.js"] } as const;
type Variant = keyof typeof VARIANTS;

const load = () => Number(os.loadavg()[0].toFixed(2));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;

async function run(variant: Variant, template: string) {
  const dataDir = tempDir("startup");
  fs.cpSync(template, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(nodeBin, [...SERVER_NODE_FLAGS, ...VARIANTS[variant]], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_ORIGIN: url, NODE_ENV: "production", RATE_LIMIT_FACTOR: "1000000", WEB_CONCURRENCY: String(workers) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let firstAnswerMs = NaN;
  while (Number.isNaN(firstAnswerMs)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${variant}: exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) firstAnswerMs = performance.now() - started;
    } catch {
      await sleep(10);
    }
  }
  const startLoad = load();
  const workerPids = () => serverProcesses(child.pid!).filter((pid) => pid !== child.pid);
  while (workerPids().length < workers) await sleep(50);
  // Idle: every worker listening and nothing asked of it for a moment.
  await sleep(3000);
  const perWorker = () => workerPids().map(rssMb);
  const idle = { rssMb: perWorker(), load: load() };
  const bench = await autocannon({ url: `${url}/terms-of-service`, amount: 1000, connections: 10 });
  const busy = { rssMb: perWorker(), load: load(), non2xx: bench.non2xx, errors: bench.errors };
  const primaryRssMb = rssMb(child.pid!);
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  const exitCode = await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { variant, firstAnswerMs: Math.round(firstAnswerMs), startLoad, idle, busy, primaryRssMb: round1(primaryRssMb), exitCode };
}

// One migrated data folder, copied for every start.
const template = tempDir("startup-template");
{
  const migrate = spawn(nodeBin, ["build/server/seed-demo.js"], { env: { ...process.env, DATA_DIR: template }, stdio: "ignore" });
  await new Promise((r) => migrate.once("exit", r));
}

const results = [];
for (let i = 0; i < rounds; i++) {
  for (const variant of (i % 2 ? ["compiled", "tsx"] : ["tsx", "compiled"]) as Variant[]) {
    const r = await run(variant, template);
    results.push(r);
    const mean = (xs: number[]) => round1(xs.reduce((a, b) => a + b, 0) / xs.length);
    console.log(
      `${variant.padEnd(8)} first answer ${String(r.firstAnswerMs).padStart(5)} ms (load ${r.startLoad})  ` +
        `worker RSS idle ${mean(r.idle.rssMb)} MB (load ${r.idle.load})  after 1,000 requests ${mean(r.busy.rssMb)} MB (load ${r.busy.load})  ` +
        `primary ${r.primaryRssMb} MB  non-2xx ${r.busy.non2xx}  exit ${r.exitCode}`,
    );
  }
}
fs.rmSync(template, { recursive: true, force: true });
const version = (await new Promise<string>((resolve) => {
  const c = spawn(nodeBin, ["-v"]);
  let out = "";
  c.stdout.on("data", (d) => (out += d));
  c.once("exit", () => resolve(out.trim()));
}));
const file = path.resolve(arg("out", `bench/results-startup-${version.split(".")[0]}.json`));
fs.writeFileSync(file, JSON.stringify({ node: version, workers, cpus: os.cpus().length, results }, null, 2) + "\n");
console.log(`node ${version}, ${workers} workers: ${path.relative(".", file)}`);
