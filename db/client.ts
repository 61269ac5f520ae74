import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/**
 * How long a write waits for the write lock before it fails with "database is
 * locked". A write holds the lock for a fraction of a millisecond, so a wait
 * is short when the server is well; it grows when the machine is starved of
 * CPU and a process holding the lock is not running. SQLite does not queue
 * the waiters: each one sleeps and tries again (every 100 ms after its first
 * tries), so with many writers one can lose several times in a row. Eight
 * workers writing at once beside a process holding the lock 40% of the time,
 * on two cores busy with other tests (tests/api/cluster-writes.test.ts), had
 * requests take up to 5.5 s, and one of 18 runs failed a write after 5 s.
 * A rider's write had rather wait than fail, so the wait is 20 s: far above
 * that, and under the 60 s a reverse proxy usually waits for an answer.
 */
export const BUSY_TIMEOUT_MS = 20_000;

/**
 * WAL lets readers run beside the one writer; the busy timeout makes a second
 * writer (another worker process, a script, Litestream's checkpoints) wait
 * instead of failing with "database is locked"; NORMAL synchronous is durable
 * across a process crash in WAL mode (see
 * docs/decisions/2026-11-22-sqlite-durability.md for what it means on power
 * loss).
 *
 * `replicated`: Litestream replicates the file (server/litestream.ts), so it
 * alone checkpoints the WAL; a checkpoint of the app's own could move pages
 * into the database before Litestream copied them, and Litestream would then
 * start a new generation with a full snapshot
 * (docs/decisions/2026-11-26-continuous-replication.md).
 */
export function openDatabase(file: string, { replicated = false } = {}): Db {
  const sqlite = new Database(file);
  keepPreparedStatements(sqlite);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (replicated) sqlite.pragma("wal_autocheckpoint = 0");
  return immediateTransactions(drizzle(sqlite, { schema }) as Db);
}

/**
 * Every transaction takes the write lock when it begins (BEGIN IMMEDIATE),
 * waiting for it under the busy timeout. A deferred transaction that reads
 * first and writes later cannot wait: when another process wrote in between,
 * SQLite refuses its write at once with SQLITE_BUSY. The app's transactions
 * all write, and are short, so taking the lock up front costs nothing.
 */
function immediateTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) => transaction(fn, { behavior: "immediate", ...config })) as typeof db.transaction;
  return db;
}

const STATEMENTS_KEPT = 500;

/**
 * Drizzle prepares a statement for every query it runs, and preparing costs
 * more than running a small indexed query; so each connection keeps its
 * last 500 statements by SQL text. Drizzle switches a statement to array
 * rows (`raw()`) where it maps columns itself, so a kept statement goes back
 * to object rows before each use.
 *
 * Also: better-sqlite3's get() steps a statement once and ignores what SQLite
 * answers when it then resets it. For a write with RETURNING outside a
 * transaction, that reset is the commit: when the commit fails (a full
 * disk), get() still hands back the row of a write that was rolled back,
 * and the app would acknowledge a run that was never stored. all() steps to
 * the end and throws, so such statements answer get() through it.
 */
function keepPreparedStatements(sqlite: Database.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = kept.get(source);
    if (stmt) {
      kept.delete(source);
      if (stmt.reader) stmt.raw(false);
    } else {
      const fresh = prepare(source);
      if (fresh.reader && !fresh.readonly) fresh.get = ((...params: unknown[]) => fresh.all(...params)[0]) as typeof fresh.get;
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      stmt = fresh;
    }
    kept.set(source, stmt);
    return stmt;
  }) as typeof sqlite.prepare;
}

export function migrateDatabase(db: Db, folder = migrationsFolder) {
  migrate(db, { migrationsFolder: folder });
}
