import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The rules a migration history must keep for every database to reach the
 * same schema. Drizzle's migrator (drizzle-orm's sqlite dialect `migrate`)
 * reads the `created_at` of the last migration a database applied and runs
 * every journal entry whose `when` is later, in journal order. So an entry
 * whose `when` is not later than the one before it is skipped on a database
 * that already has the one before, while a fresh database runs it: the two
 * end with different schemas and no error. drizzle-kit chains snapshots by
 * `prevId` and diffs the schema against the last one, so a broken chain or a
 * missing file makes the next generated migration wrong.
 */
export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export interface MigrationHistory {
  entries: JournalEntry[];
  /** Snapshot file name (`0003_snapshot.json`) to its ids. */
  snapshots: Record<string, { id: string; prevId: string }>;
  /** The `.sql` file names in the folder. */
  sqlFiles: string[];
}

/** drizzle-kit's prevId for the first snapshot. */
const ROOT_ID = "00000000-0000-0000-0000-000000000000";

export function readMigrationHistory(folder: string): MigrationHistory {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] };
  const snapshots: MigrationHistory["snapshots"] = {};
  for (const file of fs.readdirSync(path.join(folder, "meta")).filter((f) => f.endsWith("_snapshot.json"))) {
    const { id, prevId } = JSON.parse(fs.readFileSync(path.join(folder, "meta", file), "utf8")) as { id: string; prevId: string };
    snapshots[file] = { id, prevId };
  }
  const sqlFiles = fs.readdirSync(folder).filter((f) => f.endsWith(".sql"));
  return { entries: journal.entries, snapshots, sqlFiles };
}

/** Every broken rule, one sentence each; none for a sound history. */
export function checkMigrationHistory({ entries, snapshots, sqlFiles }: MigrationHistory): string[] {
  const problems: string[] = [];
  const seenTags = new Set<string>();
  const seenNumbers = new Map<string, string>();
  entries.forEach((entry, i) => {
    if (entry.idx !== i) problems.push(`${entry.tag}: idx is ${entry.idx}, expected ${i} (entries must be numbered 0..n in order)`);
    const previous = entries[i - 1];
    if (previous && !(entry.when > previous.when)) {
      problems.push(`${entry.tag}: when ${entry.when} is not later than ${previous.tag}'s ${previous.when}; databases that applied ${previous.tag} would skip it`);
    }
    if (seenTags.has(entry.tag)) problems.push(`${entry.tag}: tag appears twice in the journal`);
    seenTags.add(entry.tag);
    const number = /^(\d+)_/.exec(entry.tag)?.[1];
    if (number === undefined) {
      problems.push(`${entry.tag}: tag does not start with its number`);
    } else {
      const other = seenNumbers.get(number);
      if (other !== undefined) problems.push(`${entry.tag}: number ${number} is also ${other}'s`);
      else if (Number(number) !== i) problems.push(`${entry.tag}: number ${number} is not its place in the journal (${i})`);
      seenNumbers.set(number, entry.tag);
    }
  });

  const journalSql = new Set(entries.map((e) => `${e.tag}.sql`));
  for (const file of journalSql) if (!sqlFiles.includes(file)) problems.push(`${file}: in the journal but not in the folder`);
  for (const file of sqlFiles) if (!journalSql.has(file)) problems.push(`${file}: in the folder but not in the journal`);

  const expectedSnapshots = new Set<string>();
  let prevId = ROOT_ID;
  for (const entry of entries) {
    const file = `${/^(\d+)_/.exec(entry.tag)?.[1] ?? entry.tag}_snapshot.json`;
    expectedSnapshots.add(file);
    const snapshot = snapshots[file];
    if (!snapshot) {
      problems.push(`${file}: missing for ${entry.tag}`);
      continue;
    }
    if (snapshot.prevId !== prevId) problems.push(`${file}: prevId ${snapshot.prevId} does not chain to the snapshot before (${prevId})`);
    prevId = snapshot.id;
  }
  for (const file of Object.keys(snapshots)) if (!expectedSnapshots.has(file)) problems.push(`${file}: has no journal entry`);
  return problems;
}

/**
 * What `drizzle-kit generate` would write for db/schema on top of the
 * migrations in `folder`: the SQL of a new migration, or undefined when the
 * schema and the migrations agree. It runs on a copy, so the folder is never
 * changed; a question drizzle-kit asks (a rename?) also counts as a change.
 */
export function pendingMigration(folder: string, schema = path.resolve("db/schema/index.ts")): string | undefined {
  const work = fs.mkdtempSync(path.join(path.resolve("tests/.tmp"), "generate-"));
  try {
    fs.cpSync(folder, path.join(work, "migrations"), { recursive: true });
    const config = path.join(work, "drizzle.config.json");
    // drizzle-kit joins `out` to "./", so paths are relative to the working directory.
    const out = path.relative(process.cwd(), path.join(work, "migrations"));
    fs.writeFileSync(config, JSON.stringify({ dialect: "sqlite", schema: path.relative(process.cwd(), schema), out }));
    const result = spawnSync(path.resolve("node_modules/.bin/drizzle-kit"), ["generate", "--config", config], { input: "", encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) return `drizzle-kit generate failed (${result.status ?? result.signal}): ${result.stderr}${result.stdout}`;
    const before = new Set(fs.readdirSync(folder));
    const added = fs.readdirSync(path.join(work, "migrations")).filter((f) => f.endsWith(".sql") && !before.has(f));
    if (added.length === 0) return undefined;
    return added.map((f) => `${f}:\n${fs.readFileSync(path.join(work, "migrations", f), "utf8")}`).join("\n");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
