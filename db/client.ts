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
 * WAL lets readers run beside the one writer; the busy timeout makes a second
 * writer wait instead of failing with "database is locked"; NORMAL
 * synchronous is durable across a process crash in WAL mode (see
 * docs/decisions.md for what it means on power loss).
 */
export function openDatabase(file: string): Db {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return drizzle(sqlite, { schema }) as Db;
}

export function migrateDatabase(db: Db, folder = migrationsFolder) {
  migrate(db, { migrationsFolder: folder });
}
