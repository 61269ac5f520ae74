import { openDatabase, type Db } from "#db/client";
import { config } from "./config.server";

/**
 * Kept on globalThis, not in a module variable, so that every copy of this
 * module in one process (the Remix build, and the sources that tsx or the
 * tests load beside it) shares the one connection and its settings.
 */
const CONNECTION = Symbol.for("cloverleaf.db");
type Holder = { [CONNECTION]?: Db };

/** The process's one connection; better-sqlite3 is synchronous, so one is enough. */
export function getDb(): Db {
  const holder = globalThis as Holder;
  holder[CONNECTION] ??= openDatabase(config().databaseFile, { replicated: config().replica !== null });
  return holder[CONNECTION];
}

export type { Db };

/** Closes the process's connection, if it opened one (a stopping worker). */
export function closeDb() {
  const holder = globalThis as Holder;
  holder[CONNECTION]?.$client.close();
  delete holder[CONNECTION];
}
