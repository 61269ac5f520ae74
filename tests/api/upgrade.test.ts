import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { migrateDatabase, migrationsFolder, openDatabase } from "../../db/client";
import * as schema from "../../db/schema";
import { TMP_DIR } from "../helpers/paths";

const schemaTables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => value instanceof SQLiteTable);

/**
 * Upgrading keeps the data: a database built by the first release's schema
 * (only the first migration), with riders' data in it, is migrated by
 * today's code as `npm start` does, and nothing is lost.
 */
function firstReleaseMigrations() {
  return migrationsBefore(1);
}

/** A migrations folder holding only the first `count` migrations: the schema as an older release left it. */
function migrationsBefore(count: number) {
  const folder = fs.mkdtempSync(path.join(TMP_DIR, "migrations-old-"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const kept = journal.entries.slice(0, count) as { tag: string }[];
  fs.mkdirSync(path.join(folder, "meta"));
  for (const entry of kept) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  return { folder, later: journal.entries.length - count, journal: journal.entries as { tag: string }[] };
}

/**
 * The data the upgrade tests start from: two riders, an event, a run, a
 * follow and `reports` of the event by the second rider, written with the
 * first release's columns (every later migration keeps them).
 */
function addRidersData(sql: Database.Database, reports: string[]) {
  const now = Date.now();
  sql.prepare("insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at) values ('u1', 'a@example.com', 'x', 'Ada', 'L', 'PUBLIC', 'Competitor', 50, 1, 0, 1, 1, ?, ?)").run(now, now);
  sql.prepare("insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at) values ('u2', 'b@example.com', 'x', 'Bo', 'M', 'INVITE_ONLY', 'Parent', 50, 1, 0, 1, 1, ?, ?)").run(now, now);
  sql.prepare("insert into events (id, name, date, location, zip_code, arena_type, event_type, showbill_approved, created_by, created_at) values ('e1', 'Old Derby', '2031-01-04', 'Fort Worth, TX', '76101', 'indoor', '[\"barrel_racing\"]', 1, 'u1', ?)").run(now);
  sql.prepare("insert into run_logs (id, user_id, event_id, arena_name, arena_type, horse_name, time, tags, privacy, created_at) values ('r1', 'u1', 'e1', 'Cowtown', 'indoor', 'Dash', '15.482', '[\"clean-run\"]', 'PUBLIC', ?)").run(now);
  sql.prepare("insert into follows (follower_id, following_id, created_at) values ('u2', 'u1', ?)").run(now);
  // Before reports were limited to one open report per rider, a rider could report one event several times.
  for (const reason of reports) {
    sql.prepare("insert into event_reports (reporter_id, event_id, reason, status, created_at) values ('u2', 'e1', ?, 'PENDING', ?)").run(reason, now);
  }
}

describe("upgrading from the first release's database", () => {
  it("applies every later migration and keeps users, events, runs and follows", () => {
    const { folder, later } = firstReleaseMigrations();
    expect(later).toBeGreaterThan(0);
    const file = path.join(fs.mkdtempSync(path.join(TMP_DIR, "upgrade-")), "app.db");
    const old = openDatabase(file);
    migrateDatabase(old, folder);
    const sql = old.$client;
    addRidersData(sql, ["spam", "cancelled", "other"]);
    sql.close();

    const upgraded = openDatabase(file);
    migrateDatabase(upgraded);
    const db = upgraded.$client;
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(db.prepare("select count(*) n from users").get()).toEqual({ n: 2 });
    expect(db.prepare("select name, latitude from events where id = 'e1'").get()).toMatchObject({ name: "Old Derby" });
    expect(db.prepare("select time, horse_name from run_logs where id = 'r1'").get()).toEqual({ time: "15.482", horse_name: "Dash" });
    expect(db.prepare("select count(*) n from follows").get()).toEqual({ n: 1 });
    // An event approved before the upgrade stays listed, with no change waiting for review.
    expect(db.prepare("select showbill_approved, client_id from events where id = 'e1'").get()).toEqual({ showbill_approved: 1, client_id: null });
    expect(db.prepare("select count(*) n from event_revisions").get()).toEqual({ n: 0 });
    // The first open report stays open; the repeats are closed.
    expect(db.prepare("select reason, status from event_reports order by id").all()).toEqual([
      { reason: "spam", status: "PENDING" },
      { reason: "cancelled", status: "DISMISSED" },
      { reason: "other", status: "DISMISSED" },
    ]);
    const applied = db.prepare("select count(*) n from __drizzle_migrations").get() as { n: number };
    expect(applied.n).toBe(later + 1);
    // Migrating again is a no-op.
    migrateDatabase(upgraded);
    expect(db.prepare("select count(*) n from __drizzle_migrations").get()).toEqual(applied);
    db.close();
  });
});

describe("upgrading to horse records and run times", () => {
  it("makes each horse name of an account a horse (spellings differing only in case or spaces are one), keeps each run's name as logged, links the runs and dates them when they were logged", () => {
    const journal = migrationsBefore(0).journal;
    const horses = journal.findIndex((e) => e.tag.startsWith("0005_"));
    expect(horses).toBeGreaterThan(0);
    const { folder } = migrationsBefore(horses);
    const file = path.join(fs.mkdtempSync(path.join(TMP_DIR, "upgrade-horses-")), "app.db");
    const old = openDatabase(file);
    migrateDatabase(old, folder);
    const sql = old.$client;
    const user = sql.prepare("insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at) values (?, ?, 'x', 'A', 'B', 'PUBLIC', 'Competitor', 50, 1, 0, 1, 1, 1, 1)");
    user.run("u1", "one@example.com");
    user.run("u2", "two@example.com");
    const run = sql.prepare("insert into run_logs (id, user_id, arena_name, arena_type, horse_name, tags, privacy, created_at) values (?, ?, 'Cowtown', 'outdoor', ?, '[]', 'PRIVATE', ?)");
    const names: [string, string, string | null, number][] = [
      ["a1", "u1", "Dash", 1_700_000_000_000],
      ["a2", "u1", "dash", 1_700_000_100_000],
      ["a3", "u1", " Dash ", 1_700_000_200_000],
      ["a4", "u1", "Dash", 1_700_000_300_000],
      ["a6", "u1", "Blue", 1_700_000_350_000],
      ["a7", "u1", "BLUE", 1_700_000_360_000],
      ["a8", "u1", "BLUE", 1_700_000_370_000],
      ["a5", "u1", null, 1_700_000_400_000],
      ["b1", "u2", "Dash", 1_700_000_500_000],
      ["b2", "u2", "Sugar", 1_700_000_600_000],
    ];
    for (const [id, userId, horse, at] of names) run.run(id, userId, horse, at);
    sql.close();

    const upgraded = openDatabase(file);
    migrateDatabase(upgraded);
    const db = upgraded.$client;
    const horsesOf = (userId: string) => (db.prepare("select name from horses where user_id = ? order by name").all(userId) as { name: string }[]).map((h) => h.name);
    // One horse per name ignoring case and outer spaces, named as most often typed.
    expect(horsesOf("u1")).toEqual(["BLUE", "Dash"]);
    expect(horsesOf("u2")).toEqual(["Dash", "Sugar"]);
    const runs = db
      .prepare("select r.id, r.horse_name, r.run_at, r.created_at, h.name horse, h.user_id owner from run_logs r left join horses h on h.id = r.horse_id order by r.id")
      .all() as { id: string; horse_name: string | null; run_at: number; created_at: number; horse: string | null; owner: string | null }[];
    for (const r of runs) {
      expect(r.run_at, r.id).toBe(r.created_at);
      expect(r.horse?.toLowerCase(), r.id).toBe(r.horse_name?.trim().toLowerCase() ?? undefined);
      if (r.horse_name !== null) expect(r.owner, r.id).toBe(r.id.startsWith("a") ? "u1" : "u2");
    }
    expect(runs.find((r) => r.id === "a5")).toMatchObject({ horse_name: null, horse: null });
    // Each run keeps the name it was logged with.
    expect(runs.filter((r) => r.owner === "u1").map((r) => r.horse_name)).toEqual(["Dash", "dash", " Dash ", "Dash", "Blue", "BLUE", "BLUE"]);
    expect(new Set(runs.filter((r) => r.id >= "a1" && r.id <= "a4").map((r) => r.horse))).toEqual(new Set(["Dash"]));
    // The two accounts' "Dash" are two horses.
    const dashes = db.prepare("select count(distinct horse_id) n from run_logs where horse_name = 'Dash'").get();
    expect(dashes).toEqual({ n: 2 });
    expect(db.pragma("foreign_key_check")).toEqual([]);
    db.close();
  });
});

/** The rows of every table, by table: each row as JSON of its columns in name order, sorted. */
function contents(db: Database.Database, only?: Map<string, string[]>) {
  const tables = db.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != '__drizzle_migrations'").all() as { name: string; sql: string }[];
  // A virtual table's rows are compared through it, not through the shadow tables it keeps them in.
  const virtual = tables.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name);
  const result = new Map<string, { columns: string[]; rows: string[] }>();
  for (const { name } of tables) {
    if (virtual.some((v) => name.startsWith(`${v}_`))) continue;
    if (only && !only.has(name)) continue;
    const present = (db.prepare(`select name from pragma_table_xinfo(?)`).all(name) as { name: string }[]).map((c) => c.name);
    const columns = (only?.get(name) ?? present).filter((c) => present.includes(c)).sort();
    const rows = (db.prepare(`select ${columns.map((c) => `"${c}"`).join(", ")} from "${name}"`).all() as Record<string, unknown>[]).map((row) => JSON.stringify(columns.map((c) => row[c])));
    result.set(name, { columns, rows: rows.sort() });
  }
  return result;
}

/** Tables a migration dropped on purpose: copies of other tables' rows, which the app now reads where they came from. */
const DERIVED_AND_DROPPED = new Map([["series_results", "0015: a copy of the published race_results; the season now reads race_results directly"]]);

describe("upgrading from every earlier migration", () => {
  const { journal } = migrationsBefore(0);
  const points = journal.slice(0, -1).map((entry, i) => [entry.tag, i + 1] as const);

  it.each(points)("a database left at %s reaches the head with every row kept and every table and column of db/schema", (_tag, count) => {
    const { folder, later } = migrationsBefore(count);
    const dir = fs.mkdtempSync(path.join(TMP_DIR, "upgrade-from-"));
    try {
      const file = path.join(dir, "app.db");
      const old = openDatabase(file);
      migrateDatabase(old, folder);
      addRidersData(old.$client, ["spam"]);
      const before = contents(old.$client);
      old.$client.close();

      const upgraded = openDatabase(file);
      migrateDatabase(upgraded);
      const db = upgraded.$client;
      expect(db.prepare("select count(*) n from __drizzle_migrations").get()).toEqual({ n: count + later });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);

      // Nothing lost: every table that held rows still holds them, with each column it had then.
      const after = contents(db, new Map([...before].map(([name, { columns }]) => [name, columns])));
      for (const [name, { columns, rows }] of before) {
        if (DERIVED_AND_DROPPED.has(name)) continue;
        expect(after.get(name)?.columns, `${name}'s columns`).toEqual(columns);
        expect(after.get(name)?.rows, `${name}'s rows`).toEqual(rows);
      }
      expect(before.get("users")?.rows).toHaveLength(2);
      expect(before.get("event_reports")?.rows).toHaveLength(1);

      // The schema the app's code expects is all there.
      for (const table of schemaTables) {
        const { name, columns, indexes } = getTableConfig(table);
        const present = (db.prepare("select name from pragma_table_xinfo(?)").all(name) as { name: string }[]).map((c) => c.name);
        expect(present, `table ${name}`).toEqual(expect.arrayContaining(columns.map((c) => c.name)));
        for (const index of indexes) {
          expect(db.prepare("select tbl_name from sqlite_master where type = 'index' and name = ?").get(index.config.name), `index ${index.config.name}`).toEqual({ tbl_name: name });
        }
      }
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("covers every migration but the last", () => {
    expect(points.map(([, count]) => count)).toEqual(journal.slice(1).map((_, i) => i + 1));
    expect(schemaTables.length).toBeGreaterThan(30);
  });
});
