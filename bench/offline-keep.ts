/**
 * What a phone keeps for offline use on its first visit, and how long the
 * keeping takes on a slow 4G connection (`npx tsx bench/offline-keep.ts`,
 * after `npm run build`).
 *
 * The real server runs behind a throttling proxy shaped like Lighthouse's
 * "slow 4G": 150 ms round trip (75 ms each way on every chunk), 1.6 Mbit/s
 * down and 750 kbit/s up, shared by all connections. Chromium signs in
 * through the proxy, as a rider would; the clock starts when the first page
 * after sign-in is interactive and stops when the service worker holds
 * every file of the build's list (public/build/offline-<version>.json) and
 * the rider's kept pages. Prints the bytes kept, the bytes that crossed the
 * proxy, the time, and the load average.
 */
import { chromium } from "@playwright/test";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { BENCH_EMAIL, PASSWORD, seed, startServer, tempDir } from "./lib";

const RTT_MS = 150;
const DOWN_BYTES_PER_S = 1_600_000 / 8;
const UP_BYTES_PER_S = 750_000 / 8;
const KEPT_PAGES = ["/", "/events", "/run-log", "/horses"];

/** A shared pipe of `rate` bytes a second: each chunk leaves when the pipe is free, plus the one-way delay. */
function pipe(rate: number) {
  let freeAt = 0;
  let bytes = 0;
  return {
    get bytes() {
      return bytes;
    },
    send(chunk: Buffer, write: (c: Buffer) => void) {
      bytes += chunk.length;
      const start = Math.max(Date.now(), freeAt);
      freeAt = start + (chunk.length / rate) * 1000;
      setTimeout(() => write(chunk), freeAt - Date.now() + RTT_MS / 2);
    },
  };
}

function throttlingProxy(target: number) {
  const down = pipe(DOWN_BYTES_PER_S);
  const up = pipe(UP_BYTES_PER_S);
  const server = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    client.on("data", (c) => up.send(c, (x) => upstream.write(x)));
    upstream.on("data", (c) => down.send(c, (x) => client.write(x)));
    const close = () => setTimeout(() => (client.destroy(), upstream.destroy()), RTT_MS);
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  return { server, down, up };
}

const dataDir = tempDir("bench-offline");
seed(dataDir, { users: 20, events: 40, runs: 40 });
const server = await startServer(dataDir, 3590);
const proxy = throttlingProxy(3590);
await new Promise<void>((resolve) => proxy.server.listen(3591, "127.0.0.1", resolve));
const base = "http://127.0.0.1:3591";

const listFile = fs.readdirSync("public/build").find((f) => /^offline-\w+\.json$/.test(f))!;
const list = JSON.parse(fs.readFileSync(path.join("public/build", listFile), "utf8")) as { bytes: number; gzipped: number; assets: string[] };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
const page = await context.newPage();
await page.goto("/login", { timeout: 120_000 });
await page.getByLabel("Email").fill(BENCH_EMAIL);
await page.getByLabel("Password").fill(PASSWORD);
const beforeSignIn = proxy.down.bytes;
await page.getByRole("button", { name: "Log In" }).click();
await page.waitForURL(/\/$/, { timeout: 120_000 });
await page.waitForFunction(() => document.readyState === "complete", undefined, { timeout: 120_000 });
const interactive = Date.now();

const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: 120_000 }));
for (;;) {
  const kept = new Set(
    await worker.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
      return paths;
    }),
  );
  if ([...list.assets, ...KEPT_PAGES].every((p) => kept.has(p))) break;
  if (Date.now() - interactive > 300_000) throw new Error("not everything kept after 5 minutes");
  await new Promise((r) => setTimeout(r, 100));
}
const keptMs = Date.now() - interactive;

console.log(
  JSON.stringify(
    {
      files: list.assets.length,
      keptKb: Math.round(list.bytes / 1024),
      keptGzippedKb: Math.round(list.gzipped / 1024),
      downloadedSinceSignInKb: Math.round((proxy.down.bytes - beforeSignIn) / 1024),
      network: `slow 4G: ${RTT_MS} ms RTT, ${(DOWN_BYTES_PER_S * 8) / 1e6} Mbit/s down`,
      secondsFromInteractiveToKept: Math.round(keptMs / 100) / 10,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    null,
    2,
  ),
);
await browser.close();
proxy.server.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
