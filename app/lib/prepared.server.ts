import type { Db } from "./db.server";

/**
 * Drizzle builds a query's SQL anew each time it runs; for the few queries
 * that run on every request (the session, its user, the unread count)
 * building cost more than running (bench/README.md, "Profiles"). Such a
 * query is built once per connection with `sql.placeholder` parameters and
 * kept here.
 */
export function preparedOnce<T>(make: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let prepared = kept.get(db);
    if (!prepared) {
      prepared = make(db);
      kept.set(db, prepared);
    }
    return prepared;
  };
}

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A raw SQL statement, compiled by SQLite once per connection and text, then
 * reused: compiling the event search's SQL cost more than running it on the
 * demo data (bench/README.md, "Profiles"). For SQL whose text is made from a
 * small set of parts (filters present or not), never from values.
 */
export function statement(db: Db, text: string) {
  const client = db.$client;
  let kept = statements.get(client);
  if (!kept) statements.set(client, (kept = new Map()));
  let prepared = kept.get(text) as ReturnType<typeof client.prepare> | undefined;
  if (!prepared) {
    prepared = client.prepare(text);
    kept.set(text, prepared);
  }
  return prepared;
}
