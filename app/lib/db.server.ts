import { openDatabase, type Db } from "#db/client";
import { config } from "./config.server";

let db: Db | undefined;

/** The process's one connection; better-sqlite3 is synchronous, so one is enough. */
export function getDb(): Db {
  db ??= openDatabase(config().databaseFile);
  return db;
}

export type { Db };
