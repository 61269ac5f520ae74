import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { TMP_DIR } from "../helpers/paths";
import { ensureFreshBuild, staleBuild } from "../helpers/fresh-build";

/**
 * A test run never tests a build older than its source: the staleness rule
 * and the locked rebuild (tests/helpers/fresh-build.ts) on a small project
 * tree in a temporary directory, whose `npm run build` writes build/index.js.
 */
let root: string;
const HOUR = 3_600_000;
const start = Date.now() - 10 * HOUR;

function write(file: string, text = "", at = start) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  setTime(file, at);
}

function setTime(file: string, at: number) {
  fs.utimesSync(path.join(root, file), new Date(at), new Date(at));
}

/** The tree as a checkout leaves it: every file and directory as old as the sources, the build an hour later. */
function project() {
  write("app/root.tsx");
  write("app/routes/x.tsx");
  write("db/schema/index.ts");
  write("db/migrations/0000_init.sql");
  write("public/sw.js");
  write("server/app.ts");
  write("tests/unit/a.test.ts");
  write(
    "package.json",
    JSON.stringify({ type: "module", scripts: { build: "node build.js" } }),
  );
  // The build takes a moment, records that it ran, and writes the server build.
  write(
    "build.js",
    `import fs from "node:fs";
await new Promise((resolve) => setTimeout(resolve, 1500));
fs.appendFileSync("builds.log", "built\\n");
fs.writeFileSync("node-env.txt", String(process.env.NODE_ENV));
fs.mkdirSync("build", { recursive: true });
fs.writeFileSync("build/index.js", "");
fs.mkdirSync("build/server", { recursive: true });
fs.writeFileSync("build/server/index.js", "");`,
  );
  write("public/build/entry.js", "", start + HOUR);
  write("build/index.js", "", start + HOUR);
  write("build/server/index.js", "", start + HOUR);
  for (const dir of ["app", "app/routes", "db", "db/schema", "db/migrations", "public", "public/build", "server", "tests", "tests/unit", "build", "build/server", "."]) setTime(dir, start);
}

const builds = () => (fs.existsSync(path.join(root, "builds.log")) ? fs.readFileSync(path.join(root, "builds.log"), "utf8").split("\n").filter(Boolean).length : 0);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(TMP_DIR, "fresh-build-"));
  project();
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("staleBuild", () => {
  it("finds a build newer than every source up to date", () => {
    expect(staleBuild(root)).toBeUndefined();
  });

  it("names the source saved after the build", () => {
    setTime("app/routes/x.tsx", start + 2 * HOUR);
    expect(staleBuild(root)).toBe(`build is older than ${path.join("app", "routes", "x.tsx")}`);
  });

  it("names the newest of several changed sources", () => {
    setTime("app/root.tsx", start + 2 * HOUR);
    setTime("db/schema/index.ts", start + 3 * HOUR);
    setTime("package.json", start + 2 * HOUR);
    expect(staleBuild(root)).toBe(`build is older than ${path.join("db", "schema", "index.ts")}`);
  });

  it("finds a deleted route by its directory", () => {
    fs.rmSync(path.join(root, "app/routes/x.tsx"));
    expect(staleBuild(root)).toBe(`build is older than ${path.join("app", "routes")} (a file was removed or renamed)`);
  });

  it("names the file rather than its directory when an editor saves by replacing the file", () => {
    fs.writeFileSync(path.join(root, "app/routes/x.tsx.tmp"), "saved");
    fs.renameSync(path.join(root, "app/routes/x.tsx.tmp"), path.join(root, "app/routes/x.tsx"));
    expect(staleBuild(root)).toBe(`build is older than ${path.join("app", "routes", "x.tsx")}`);
  });

  it("ignores what the build does not read: its own output, public files, migrations, tests", () => {
    for (const file of ["public/build/entry.js", "build/server/index.js", "public/sw.js", "db/migrations/0000_init.sql", "tests/unit/a.test.ts"]) setTime(file, start + 2 * HOUR);
    expect(staleBuild(root)).toBeUndefined();
  });

  it("finds a change to the server, which the build compiles", () => {
    setTime("server/app.ts", start + 2 * HOUR);
    expect(staleBuild(root)).toBe(`build is older than ${path.join("server", "app.ts")}`);
  });

  it("finds a build whose compiled server is missing", () => {
    fs.rmSync(path.join(root, "build/server"), { recursive: true });
    expect(staleBuild(root)).toBe("no compiled server found");
  });

  it("finds no build", () => {
    fs.rmSync(path.join(root, "build"), { recursive: true });
    expect(staleBuild(root)).toBe("no build found");
  });
});

describe("ensureFreshBuild", () => {
  it("builds a stale build once, says so in one line, and leaves a fresh one alone", () => {
    setTime("app/routes/x.tsx", start + 2 * HOUR);
    const lines: string[] = [];
    expect(ensureFreshBuild(root, { log: (line) => lines.push(line) })).toBe(true);
    expect(lines).toEqual([`build is older than ${path.join("app", "routes", "x.tsx")}: rebuilding`]);
    expect(builds()).toBe(1);
    expect(staleBuild(root)).toBeUndefined();
    expect(ensureFreshBuild(root, { log: (line) => lines.push(line) })).toBe(false);
    expect(builds()).toBe(1);
    expect(lines).toHaveLength(1);
  });

  it("builds when there is no build", () => {
    fs.rmSync(path.join(root, "build"), { recursive: true });
    const lines: string[] = [];
    ensureFreshBuild(root, { log: (line) => lines.push(line) });
    expect(lines).toEqual(["no build found: building"]);
    expect(fs.existsSync(path.join(root, "build/index.js"))).toBe(true);
  });

  it("makes a production build even when the tests run with NODE_ENV=test", () => {
    expect(process.env.NODE_ENV).toBe("test");
    fs.rmSync(path.join(root, "build"), { recursive: true });
    ensureFreshBuild(root, { log: () => {} });
    expect(fs.readFileSync(path.join(root, "node-env.txt"), "utf8")).toBe("production");
  });

  it("dates the build from when it began, so a source saved during it is built next time", () => {
    setTime("app/routes/x.tsx", start + 2 * HOUR);
    ensureFreshBuild(root, {
      log: () => {},
      build: () => {
        fs.writeFileSync(path.join(root, "build/index.js"), "");
        fs.writeFileSync(path.join(root, "app/root.tsx"), "saved while building");
        setTime("app/root.tsx", Date.now() + 1000);
      },
    });
    expect(staleBuild(root)).toBe(`build is older than ${path.join("app", "root.tsx")}`);
  });

  it("fails with the build's output when the build fails", () => {
    fs.writeFileSync(path.join(root, "build.js"), 'console.error("syntax error in app/root.tsx"); process.exit(1);');
    setTime("app/root.tsx", start + 2 * HOUR);
    expect(() => ensureFreshBuild(root, { log: () => {} })).toThrow(/npm run build failed:[\s\S]*syntax error in app\/root.tsx/);
  });

  it("builds once when two runs side by side find the build stale", async () => {
    setTime("app/routes/x.tsx", start + 2 * HOUR);
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/helpers/fresh-build.ts"), root], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("error", reject);
        child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`))));
      });
    const outputs = await Promise.all([run(), run()]);
    expect(builds()).toBe(1);
    expect(outputs.join("").match(/rebuilding/g)).toHaveLength(1);
    expect(fs.existsSync(path.join(root, "tests/.tmp/build.lock"))).toBe(false);
  });
});
