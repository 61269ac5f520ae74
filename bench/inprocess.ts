/**
 * `npx tsx bench/inprocess.ts --before <checkout>`: the CPU per page of Remix's
 * request handler alone, this checkout's build against another's, in one
 * process: no HTTP, no express, no compression, no socket. Each page is
 * asked for as a Fetch Request, as server/remix.ts hands it to Remix, and the
 * two builds take turns, so both see the machine in the same state. Without
 * the sockets and the load generator it is quieter than whole-server figures
 * (20% or more apart from run to run on this shared VM), but two runs of it
 * still differ by up to 10%: run it twice before trusting a ratio near 1.
 * The instrument for judging a change to rendering, loaders or patches/ (each
 * build runs with its own checkout's Remix runtime). What it
 * leaves out (the HTTP layer, compression, the socket write) is measured by
 * `npm run bench` and bench/compare.ts.
 *
 *   npx tsx bench/inprocess.ts --before ../old                  # the default pages
 *   npx tsx bench/inprocess.ts --before ../old --paths /run-log --rounds 9
 *   npx tsx bench/inprocess.ts                                   # this build alone
 *
 * Both builds read the same demo data (scripts/seed-demo.ts, seeded once into
 * a temporary DATA_DIR), signed in as the demo rider; GET requests only. With
 * `--data-dir d/scale` (a data set `npm run bench -- --data-dir d` kept), that
 * data set instead, signed in as the bench rider (`--email`, `--password`).
 */
import type { ServerBuild } from "@remix-run/node";
import Database from "better-sqlite3";
import { execSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DOCUMENT_BODY, type WithDocumentBody } from "../app/lib/document-body";
import { arg, BENCH_EMAIL, PASSWORD, tempDir } from "./lib";

const ROUNDS = Number(arg("rounds", "7"));
const N = Number(arg("requests", "300"));
const ORIGIN = "http://127.0.0.1:3000";

// --data-dir: a data set seeded before (`npm run bench -- --data-dir d` leaves d/scale), signed in
// as --email (the bench scale's rider: bench@example.com, bench-password-1); else the demo data.
const given = arg("data-dir", "");
const dataDir = given ? path.resolve(given) : tempDir("inprocess");
if (!given) execSync("node --import tsx scripts/seed-demo.ts", { env: { ...process.env, DATA_DIR: dataDir }, stdio: "ignore" });
const email = arg("email", given ? BENCH_EMAIL : "kaylee@demo.cloverleaf.app");
const password = arg("password", given ? PASSWORD : "demo-password-1");
// Read by each build's config when it is first asked: one data set, one session secret for both.
Object.assign(process.env, { DATA_DIR: dataDir, APP_ORIGIN: ORIGIN, NODE_ENV: "production", RATE_LIMIT_FACTOR: "1000000" });

const roots = [arg("before", ""), "."].filter(Boolean).map((root) => path.resolve(root));
// Each build with its own checkout's Remix runtime, so a change to patches/ is compared too.
const handlers = await Promise.all(
  roots.map(async (root) => {
    const remix = (await import(pathToFileURL(path.join(root, "node_modules/@remix-run/node/dist/index.js")).href)) as typeof import("@remix-run/node");
    return remix.createRequestHandler((await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild, "production");
  }),
);
const handle = handlers.at(-1)!;

const login = await handle(
  new Request(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  }),
  { cspNonce: "", clientIp: "127.0.0.1" },
);
const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
if (!cookie.includes("__session=")) throw new Error(`could not sign in: ${login.status}`);

const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
const one = (sql: string) => (db.prepare(sql).get() as { id: string }).id;
const profileId = one(
  `SELECT u.id FROM users u JOIN run_logs r ON r.user_id = u.id WHERE u.privacy_mode = 'PUBLIC' AND r.privacy = 'PUBLIC'
   AND u.email <> '${email}' GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`,
);
const eventId = one("SELECT id FROM events WHERE showbill_approved = 1 AND date >= date('now') ORDER BY date LIMIT 1");
db.close();

/** A path signed in, or signed out when it starts with "out:". */
const paths = arg("paths", `/,/run-log,/events,/notifications,/profile/${profileId},out:/share/event/${eventId},/terms-of-service,out:/terms-of-service`).split(",");

async function page(h: typeof handle, target: string) {
  const out = target.startsWith("out:");
  const url = `${ORIGIN}${out ? target.slice(4) : target}`;
  const res: WithDocumentBody = await h(new Request(url, { headers: { Accept: "text/html", ...(out ? {} : { Cookie: cookie }) } }), {
    cspNonce: "nonce",
    clientIp: "127.0.0.1",
  });
  if (res.status !== 200) throw new Error(`${target}: ${res.status}`);
  return res[DOCUMENT_BODY]?.length ?? (await res.arrayBuffer()).byteLength;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`${roots.length === 2 ? `before = ${roots[0]}, after = ${roots[1]}` : `this build`}; median of ${ROUNDS} rounds of ${N} requests, ms of CPU a page\n`);
for (const target of paths) {
  const sizes = await Promise.all(handlers.map(async (h) => {
    let size = 0;
    for (let i = 0; i < 200; i++) size = await page(h, target);
    return size;
  }));
  const times: number[][] = handlers.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, h] of handlers.entries()) {
      const start = process.cpuUsage();
      for (let k = 0; k < N; k++) await page(h, target);
      const used = process.cpuUsage(start);
      times[i]!.push((used.user + used.system) / 1000 / N);
    }
  }
  const ms = times.map(median);
  const cells = ms.map((m, i) => `${m.toFixed(3)} ms (${(sizes[i]! / 1024).toFixed(1)} KB)`);
  console.log(`${target.padEnd(30)} ${cells.join("  ->  ")}${ms.length === 2 ? `  after / before ${(ms[1]! / ms[0]!).toFixed(2)}` : ""}`);
}
