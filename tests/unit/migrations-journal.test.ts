import fs from "node:fs";
import path from "node:path";
import { migrationsFolder } from "../../db/client";
import { TMP_DIR } from "../helpers/paths";
import { checkMigrationHistory, pendingMigration, readMigrationHistory, type MigrationHistory } from "../helpers/migration-history";

/**
 * The committed migration history keeps the rules every existing database
 * relies on (tests/helpers/migration-history.ts), and db/schema has no change
 * without its migration. Each rule is also shown to catch a history broken
 * the way merges and hand edits break it.
 */
const real = readMigrationHistory(migrationsFolder);

/** A copy of the real history changed by `edit`. */
function doctored(edit: (history: MigrationHistory) => void): MigrationHistory {
  const copy = structuredClone(real);
  edit(copy);
  return copy;
}

describe("the migration history", () => {
  it("keeps every rule", () => {
    expect(real.entries.length).toBeGreaterThan(10);
    expect(checkMigrationHistory(real)).toEqual([]);
  });

  it("matches db/schema: drizzle-kit generate has nothing to add", () => {
    expect(pendingMigration(migrationsFolder)).toBeUndefined();
  });
});

describe("checkMigrationHistory", () => {
  const last = () => real.entries.length - 1;

  it("finds idx values out of order", () => {
    const history = doctored((h) => {
      h.entries[3]!.idx = 4;
      h.entries[4]!.idx = 3;
    });
    expect(checkMigrationHistory(history)).toEqual(expect.arrayContaining([expect.stringMatching(/idx is 4, expected 3/)]));
  });

  it("finds a migration dated before the one it follows, as when a branch made earlier is merged later", () => {
    const history = doctored((h) => {
      h.entries[last()]!.when = h.entries[last() - 1]!.when - 60_000;
    });
    expect(checkMigrationHistory(history)).toEqual([expect.stringMatching(/when \d+ is not later than .*would skip it/)]);
  });

  it("finds two migrations with the same when", () => {
    const history = doctored((h) => {
      h.entries[5]!.when = h.entries[4]!.when;
    });
    expect(checkMigrationHistory(history)).toEqual([expect.stringMatching(/not later than/)]);
  });

  it("finds two migrations with one number, as two branches each adding the next one leave", () => {
    const n = last();
    const history = doctored((h) => {
      const other = `${h.entries[n]!.tag.slice(0, 4)}_other_branch`;
      h.entries.push({ idx: n + 1, when: h.entries[n]!.when + 1, tag: other });
      h.sqlFiles.push(`${other}.sql`);
    });
    expect(checkMigrationHistory(history)).toEqual(expect.arrayContaining([expect.stringMatching(/number \d+ is also/)]));
  });

  it("finds a tag listed twice", () => {
    const history = doctored((h) => {
      h.entries.push({ ...h.entries[last()]!, idx: last() + 1, when: h.entries[last()]!.when + 1 });
    });
    expect(checkMigrationHistory(history)).toEqual(expect.arrayContaining([expect.stringMatching(/tag appears twice/)]));
  });

  it("finds a snapshot that does not chain to the one before", () => {
    const history = doctored((h) => {
      h.snapshots["0007_snapshot.json"]!.prevId = h.snapshots["0005_snapshot.json"]!.id;
    });
    expect(checkMigrationHistory(history)).toEqual([expect.stringMatching(/^0007_snapshot.json: prevId .* does not chain/)]);
  });

  it("finds a missing snapshot and a snapshot without an entry", () => {
    const history = doctored((h) => {
      h.snapshots["0099_snapshot.json"] = h.snapshots["0004_snapshot.json"]!;
      delete h.snapshots["0004_snapshot.json"];
    });
    expect(checkMigrationHistory(history)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^0004_snapshot.json: missing/), expect.stringMatching(/^0099_snapshot.json: has no journal entry/)]),
    );
  });

  it("finds a .sql file without a journal entry, and an entry without its file", () => {
    const history = doctored((h) => {
      h.sqlFiles.push("0099_forgotten.sql");
      h.sqlFiles = h.sqlFiles.filter((f) => !f.startsWith("0002_"));
    });
    expect(checkMigrationHistory(history)).toEqual([
      expect.stringMatching(/^0002_.*\.sql: in the journal but not in the folder/),
      "0099_forgotten.sql: in the folder but not in the journal",
    ]);
  });
});

describe("pendingMigration", () => {
  it("gives the migration a schema change still needs", () => {
    const dir = fs.mkdtempSync(path.join(TMP_DIR, "schema-changed-"));
    try {
      const schema = path.join(dir, "schema.ts");
      fs.writeFileSync(
        schema,
        [
          'import { sqliteTable, text } from "drizzle-orm/sqlite-core";',
          `export * from ${JSON.stringify(path.resolve("db/schema/index.ts"))};`,
          'export const probe = sqliteTable("probe_without_migration", { id: text("id").primaryKey() });',
        ].join("\n"),
      );
      expect(pendingMigration(migrationsFolder, schema)).toMatch(/CREATE TABLE `probe_without_migration`/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
