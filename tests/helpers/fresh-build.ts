import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The API and browser tests run the built server (build/index.js), so a test
 * run after a change to the source would test the build made before it.
 * Before a run, the test setup rebuilds when any file the build reads is
 * newer than the build, and says so in one line; a build that is up to date
 * costs a walk of a few hundred files.
 *
 * Two runs side by side (each with its own E2E_PORT) share the build: the
 * first that finds it stale builds under a lock, the second waits and then
 * finds it fresh. A rebuild while another run is testing replaces the files
 * that run serves (`remix build` empties public/build first); that happens
 * only after a source change, when that run was testing the old source
 * anyway, and it is run again.
 *
 * Run as a script (`node --import tsx tests/helpers/fresh-build.ts [root]`),
 * as the Playwright configuration does before it starts the server.
 */

/**
 * What `npm run build` (remix build, then scripts/precompress.js) reads: the
 * app, the db modules it imports (#db/schema, #db/client; not the migrations,
 * which the server reads at start), the Remix, Tailwind and TypeScript
 * configuration (paths aliases), the dependencies bundled for the browser
 * (package.json, package-lock.json, patches/); and what scripts/build-server.js
 * compiles to build/server/ (server/, the seed, backup and grant-admin
 * scripts), which `npm start` runs. Not public/: the server serves it from
 * disk as it is.
 */
export const BUILD_INPUTS = [
  "app",
  "db/client.ts",
  "db/schema",
  "remix.config.js",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "patches",
  "scripts/precompress.js",
  "scripts/build-server.js",
  "server",
  "scripts/seed-demo.ts",
  "scripts/backup.ts",
  "scripts/grant-admin.ts",
];

const BUILD = "build/index.js";
/** Written last by the build (scripts/build-server.js): without it the build stopped half way. */
const SERVER_BUILD = "build/server/index.js";
const LOCK = "tests/.tmp/build.lock";

/**
 * Why the build in `root` must be made again, or undefined when it is up to
 * date. A directory counts by its own time too, so a file deleted or renamed
 * (which changes its directory, not any file left) also makes it stale.
 */
export function staleBuild(root: string): string | undefined {
  let built: number;
  try {
    built = fs.statSync(path.join(root, BUILD)).mtimeMs;
  } catch {
    return "no build found";
  }
  if (!fs.existsSync(path.join(root, SERVER_BUILD))) return "no compiled server found";
  // The newest file names the change best; a directory alone means a file went from it.
  const newest = { file: { name: "", at: built }, directory: { name: "", at: built } };
  const visit = (relative: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(path.join(root, relative));
    } catch {
      return;
    }
    const kind = stat.isDirectory() ? newest.directory : newest.file;
    if (stat.mtimeMs > kind.at) Object.assign(kind, { name: relative, at: stat.mtimeMs });
    if (stat.isDirectory()) for (const name of fs.readdirSync(path.join(root, relative))) visit(path.join(relative, name));
  };
  for (const input of BUILD_INPUTS) visit(input);
  if (newest.file.name) return `build is older than ${newest.file.name}`;
  if (newest.directory.name) return `build is older than ${newest.directory.name} (a file was removed or renamed)`;
  return undefined;
}

/**
 * Builds `root` when its build is stale, one process at a time; answers
 * whether it built. `build` runs `npm run build` there.
 */
export function ensureFreshBuild(
  root = process.cwd(),
  { log = console.log, build = () => npmRunBuild(root) }: { log?: (line: string) => void; build?: () => void } = {},
): boolean {
  if (!staleBuild(root)) return false;
  const release = lock(path.join(root, LOCK));
  try {
    // Another run may have built while this one waited for the lock.
    const reason = staleBuild(root);
    if (!reason) return false;
    log(`${reason}: ${reason.startsWith("no build") ? "building" : "rebuilding"}`);
    const started = new Date();
    build();
    // The build is as old as the sources it read: a file saved while it ran is newer, and is built next time.
    fs.utimesSync(path.join(root, BUILD), started, started);
    return true;
  } finally {
    release();
  }
}

function npmRunBuild(root: string) {
  // A production build whatever the caller's NODE_ENV: under Vitest it is "test", and Remix would
  // build development code (jsxDEV) that the production server the tests start cannot run.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" as const };
  const result = spawnSync("npm", ["run", "build"], { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}${result.stderr}`);
}

const LOCK_WAIT_MS = 10 * 60_000;

/** A lock between processes: a directory (mkdir is atomic) naming its holder, taken over when the holder is gone. */
function lock(dir: string): () => void {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "pid"), String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (holderGone(dir)) {
      fs.rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Waited ${LOCK_WAIT_MS / 60_000} minutes for another build (${dir}); remove it if no build is running.`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}

function holderGone(dir: string) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, "pid"), "utf8"));
  } catch {
    // Taken a moment ago and its holder not yet named, or left by a holder killed in that moment.
    try {
      return Date.now() - fs.statSync(dir).mtimeMs > 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // Playwright ignores the server command's standard output; its errors are shown.
  ensureFreshBuild(path.resolve(process.argv[2] ?? "."), { log: (line) => console.error(line) });
}
