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
