/**
 * `npx tsx bench/event-search.ts [--before <checkout>]`: the CPU of finding
 * events near a place, in process (no HTTP): `searchEvents` as the search API
 * calls it (100 results) and `listUpcoming` as Discover does (13), at 50 and
 * 200 miles around each of eight ZIPs from Billings to Manhattan.
 *
 * The data: the bench's synthetic events (100,000 by default, `--events`,
 * dates over the coming year, every fifth one two days long), plus
 * `--history` years of past events (3 by default): each year a copy of the
 * coming year's events, as an association that has run the app that long
 * keeps them. Then housekeeping's pruning of the search index runs, as at a
 * server's start, where the checkout has it. With `--before`, that checkout's
 * search runs on its own copy of the same events, in a database made by its
 * own migrations, and the two take turns round by round, so both see the
 * machine in the same state. (Modules the search imports through `~/` come
 * from this checkout for both: only the search's own files differ.)
 *
 *   npx tsx bench/event-search.ts --before ../old
 *   npx tsx bench/event-search.ts --history 0 --rounds 5 --zips 76101,10001
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { arg, SEARCH_ZIPS as ALL_ZIPS, seed, tempDir } from "./lib";

const EVENTS = Number(arg("events", "100000"));
const HISTORY = Number(arg("history", "3"));
const ROUNDS = Number(arg("rounds", "5"));
const REPEAT = Number(arg("repeat", "20"));
const SEARCH_ZIPS = arg("zips", ALL_ZIPS.join(",")).split(",");

const source = tempDir("event-search");
seed(source, { users: 1000, events: EVENTS, runs: 0 });

/** The event columns the bench's seed fills. */
const COLUMNS = "id, name, date, end_date, location, zip_code, arena_type, ground_type, added_money, latitude, longitude, event_type, showbill_approved, created_by, created_at";

type Search = typeof import("../app/features/events/search.server");
type Client = typeof import("../db/client");
type Build = { name: string; search: Search; db: ReturnType<Client["openDatabase"]> };

async function load(name: string, root: string): Promise<Build> {
  const client = (await import(pathToFileURL(path.join(root, "db/client.ts")).href)) as Client;
  const search = (await import(pathToFileURL(path.join(root, "app/features/events/search.server.ts")).href)) as Search;
  // A database of the checkout's own schema (its own migrations), filled with the same events.
  const dir = tempDir(`event-search-${name}`);
  const db = client.openDatabase(path.join(dir, "app.db"));
  client.migrateDatabase(db);
  db.$client.exec(`ATTACH '${path.join(source, "app.db")}' AS source`);
  db.$client.exec(`INSERT INTO users SELECT * FROM source.users`);
  db.$client.exec(`INSERT INTO events (${COLUMNS}) SELECT ${COLUMNS} FROM source.events`);
  db.$client.exec("DETACH source");
  for (let years = 1; years <= HISTORY; years++) {
    db.$client.exec(
      `INSERT INTO events (${COLUMNS})
       SELECT ${COLUMNS.replace("id,", `'past${years}-' || id,`).replace("date, end_date", `date(date, '-${years} years'), date(end_date, '-${years} years')`)}
       FROM events WHERE id NOT LIKE 'past%'`,
    );
  }
  const pruning = path.join(root, "app/features/events/search-index.server.ts");
  if (fs.existsSync(pruning)) {
    const { pruneSearchIndex } = (await import(pathToFileURL(pruning).href)) as typeof import("../app/features/events/search-index.server");
    pruneSearchIndex(db);
  }
  return { name, search, db };
}

const builds: Build[] = [];
const before = arg("before", "");
if (before) builds.push(await load("before", path.resolve(before)));
builds.push(await load("this", path.resolve(".")));

const cases = [
  { title: "search API, 50 mi", run: (b: Build, zip: string) => b.search.searchEvents(b.db, { zipCode: zip, radius: 50 }, null).length },
  { title: "search API, 200 mi", run: (b: Build, zip: string) => b.search.searchEvents(b.db, { zipCode: zip, radius: 200 }, null).length },
  { title: "Discover's 13, 50 mi", run: (b: Build, zip: string) => b.search.listUpcoming(b.db, zip, 50, { limit: 13 }).length },
  { title: "Discover's 13, 200 mi", run: (b: Build, zip: string) => b.search.listUpcoming(b.db, zip, 200, { limit: 13 }).length },
];

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

// Warm up (the gazetteer loads on first use) and check both builds find the same events.
for (const c of cases) {
  for (const zip of SEARCH_ZIPS) {
    const counts = builds.map((b) => c.run(b, zip));
    if (new Set(counts).size > 1) console.log(`  note: ${c.title} at ${zip} found ${counts.join(" / ")} events`);
  }
}

const samples = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    for (const b of builds) {
      const t = cpuUs();
      for (let i = 0; i < REPEAT; i++) for (const zip of SEARCH_ZIPS) c.run(b, zip);
      const key = `${c.title}|${b.name}`;
      samples.set(key, [...(samples.get(key) ?? []), (cpuUs() - t) / (REPEAT * SEARCH_ZIPS.length)]);
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\n${EVENTS.toLocaleString()} events to come, ${HISTORY} years of past ones; median of ${ROUNDS} rounds, µs of CPU a search (${SEARCH_ZIPS.length} ZIPs)\n`);
console.log(`${"".padEnd(24)}${builds.map((b) => b.name.padStart(10)).join("")}${before ? "     ratio" : ""}`);
for (const c of cases) {
  const figures = builds.map((b) => median(samples.get(`${c.title}|${b.name}`)!));
  const ratio = before ? `${(figures[1]! / figures[0]!).toFixed(2)}x`.padStart(10) : "";
  console.log(`${c.title.padEnd(24)}${figures.map((f) => f.toFixed(0).padStart(10)).join("")}${ratio}`);
}
for (const b of builds) b.db.$client.close();
