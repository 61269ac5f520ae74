import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrateDatabase, migrationsFolder, openDatabase } from "../../db/client";
import { TMP_DIR } from "../helpers/paths";

/**
 * Upgrading keeps the data: a database built by the first release's schema
 * (only the first migration), with riders' data in it, is migrated by
 * today's code as `npm start` does, and nothing is lost.
 */
function firstReleaseMigrations() {
  const folder = fs.mkdtempSync(path.join(TMP_DIR, "migrations-v1-"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const first = journal.entries[0];
  fs.mkdirSync(path.join(folder, "meta"));
  fs.copyFileSync(path.join(migrationsFolder, `${first.tag}.sql`), path.join(folder, `${first.tag}.sql`));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: [first] }));
  return { folder, later: journal.entries.length - 1 };
}

describe("upgrading from the first release's database", () => {
  it("applies every later migration and keeps users, events, runs and follows", () => {
    const { folder, later } = firstReleaseMigrations();
    expect(later).toBeGreaterThan(0);
    const file = path.join(fs.mkdtempSync(path.join(TMP_DIR, "upgrade-")), "app.db");
    const old = openDatabase(file);
    migrateDatabase(old, folder);
    const now = Date.now();
    const sql = old.$client;
    sql.prepare("insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at) values ('u1', 'a@example.com', 'x', 'Ada', 'L', 'PUBLIC', 'Competitor', 50, 1, 0, 1, 1, ?, ?)").run(now, now);
    sql.prepare("insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at) values ('u2', 'b@example.com', 'x', 'Bo', 'M', 'INVITE_ONLY', 'Parent', 50, 1, 0, 1, 1, ?, ?)").run(now, now);
    sql.prepare("insert into events (id, name, date, location, zip_code, arena_type, event_type, showbill_approved, created_by, created_at) values ('e1', 'Old Derby', '2031-01-04', 'Fort Worth, TX', '76101', 'indoor', '[\"barrel_racing\"]', 1, 'u1', ?)").run(now);
    sql.prepare("insert into run_logs (id, user_id, event_id, arena_name, arena_type, horse_name, time, tags, privacy, created_at) values ('r1', 'u1', 'e1', 'Cowtown', 'indoor', 'Dash', '15.482', '[\"clean-run\"]', 'PUBLIC', ?)").run(now);
    sql.prepare("insert into follows (follower_id, following_id, created_at) values ('u2', 'u1', ?)").run(now);
    // A rider who reported one event three times before reports were limited to one open report per rider.
    for (const reason of ["spam", "cancelled", "other"]) {
      sql.prepare("insert into event_reports (reporter_id, event_id, reason, status, created_at) values ('u2', 'e1', ?, 'PENDING', ?)").run(reason, now);
    }
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
