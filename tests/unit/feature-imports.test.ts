import fs from "node:fs";
import path from "node:path";

/**
 * The features' import graph, read from the source: which feature folder of
 * app/features imports which (by `~/features/<name>` or a relative path that
 * leaves its folder). Two features that import each other are one feature in
 * two folders: neither can be read, tested or changed alone. The pairs that
 * still do are listed below, each a circle still to cut; no pair may join the
 * list, and a pair cut leaves it (the test says so), so the list only shrinks.
 */
const FEATURES = path.resolve("app/features");

const STILL_CIRCLES = [
  "admin <-> events",
  "alerts <-> events",
  "alerts <-> ondeck",
  "books <-> raceday",
  "horses <-> raceday",
  "horses <-> runs",
  "notifications <-> social",
  "ondeck <-> raceday",
  "runs <-> social",
];

const IMPORT = /(?:^|[\s;])(?:import|export)\b[^"'`;]*?from\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a file belongs to, or a module it imports points into; null outside app/features. */
function featureOf(file: string) {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith("..") ? null : relative.split(path.sep)[0]!;
}

/** feature -> the features it imports -> the files that do. */
function featureGraph() {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(FEATURES)) {
    const from = featureOf(file)!;
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3]!;
      const target = spec.startsWith("~/features/") ? spec.split("/")[2]! : spec.startsWith(".") ? featureOf(path.resolve(path.dirname(file), spec)) : null;
      if (!target || target === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges.set(target, [...(edges.get(target) ?? []), path.relative(process.cwd(), file)]));
    }
  }
  return graph;
}

const graph = featureGraph();

const mutualPairs = () =>
  [...graph].flatMap(([a, edges]) => [...edges.keys()].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`)).sort();

describe("app/features imports", () => {
  it("reads the graph (the check below is not blind)", () => {
    expect(graph.get("season")?.has("members")).toBe(true);
    expect(graph.get("season")?.has("raceday")).toBe(true);
  });

  it("has no new pair of features importing each other, and the listed circles that are cut leave the list", () => {
    const pairs = mutualPairs();
    const added = pairs.filter((pair) => !STILL_CIRCLES.includes(pair));
    const cut = STILL_CIRCLES.filter((pair) => !pairs.includes(pair));
    const why = (pair: string) => {
      const [a, b] = pair.split(" <-> ") as [string, string];
      return `${pair}: ${graph.get(a)!.get(b)!.join(", ")} / ${graph.get(b)!.get(a)!.join(", ")}`;
    };
    expect(added.map(why), "make one of each pair import the other only (a hook, or the shared piece moved down)").toEqual([]);
    expect(cut, "cut: take these off STILL_CIRCLES").toEqual([]);
  });

  it("keeps members and race day below the season: they say what changed through their hooks and never import it", () => {
    expect([...(graph.get("members")?.get("season") ?? []), ...(graph.get("raceday")?.get("season") ?? [])]).toEqual([]);
  });
});
