// Compiles the server (server/index.ts) and the scripts production runs (the
// seed, the backup, grant-admin) to JavaScript at build time (`npm run build`),
// into build/server/, so production runs plain `node`: no TypeScript compiler
// in the runtime dependencies, no esbuild service started and no server/
// compiled in every worker at each start.
//
// One bundle per entry, with the code they share split into chunks; packages
// stay imports of node_modules, as they were. A module that finds files next
// to itself through `import.meta.url` (db/client.ts its migrations,
// server/app.ts the repository's root) gets its own source file's URL, so it
// finds the same files from build/server/ as it did from its source.
import { build } from "esbuild";
import fs from "node:fs/promises";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "build/server");

export const SERVER_ENTRIES = {
  index: "server/index.ts",
  "seed-demo": "scripts/seed-demo.ts",
  backup: "scripts/backup.ts",
  "grant-admin": "scripts/grant-admin.ts",
};

/** `import.meta.url` in a bundled module: the URL its source file has, reached from the bundle's. */
const sourceUrls = {
  name: "source-urls",
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const fromOut = path.relative(outdir, args.path).split(path.sep).join("/");
      return {
        contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`),
        loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
      };
    });
  },
};

await fs.rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: SERVER_ENTRIES,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  packages: "external",
  sourcemap: "linked",
  tsconfig: "tsconfig.json",
  plugins: [sourceUrls],
  logLevel: "warning",
  metafile: true,
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`compiled the server and its scripts to build/server (${Math.round(bytes / 1024)} KB)`);
