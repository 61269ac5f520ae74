import { getTableColumns, getTableName, sql, type Column, type Table } from "drizzle-orm";
import type { Db } from "./db.server";

/**
 * A statement kept for reuse is compiled again on every run when SQLite read one of its
 * parameters while planning it. Two kinds of parameter are read so:
 * - a LIMIT written as a bare parameter (`LIMIT ?`, `LIMIT @limit`): 6 µs more for a small
 *   query, about 70 µs for the event search (bench/README.md, "Profiles"). Written as an
 *   expression (`LIMIT +@limit`), the limit is read when the statement runs. statement() and
 *   preparedOnce refuse the bare form.
 * - a value compared with the condition of a partial index (`status = ?` against an index
 *   `WHERE status = 'PENDING'`): write such a constant into the SQL instead.
 */
const BARE_LIMIT = /\bLIMIT\s+[?@:$]/i;

function refuseBareLimit(text: string) {
  if (BARE_LIMIT.test(text)) throw new Error(`Write a bound LIMIT as an expression (LIMIT +@limit; for Drizzle, .limit(boundLimit("limit"))): ${text}`);
}

/**
 * A LIMIT bound when a Drizzle query built once runs, as an expression (see BARE_LIMIT above).
 * Drizzle's `.limit()` takes SQL as it takes a placeholder; its type only names the placeholder.
 */
export const boundLimit = (name: string) => sql`+${sql.placeholder(name)}` as unknown as number;

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
      const query = (prepared as { getQuery?: () => { sql: string } }).getQuery?.();
      if (query) refuseBareLimit(query.sql);
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
    refuseBareLimit(text);
    prepared = client.prepare(text);
    kept.set(text, prepared);
  }
  return prepared;
}

/**
 * A LIKE pattern that matches `text` anywhere, its own `%`, `_` and `\`
 * taken literally: use it with `ESCAPE '\'`.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE pattern that matches what begins with `text`, taken literally as containsPattern does: use it with `ESCAPE '\'`. */
export const startsWithPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const decoders = new WeakMap<Table, { columns: string; keys: string[]; decode: ((value: unknown) => unknown)[] }>();

/**
 * The rows of a table that `where` (SQL text after WHERE, with `?`
 * parameters, an ORDER BY if wanted) selects, every column, as Drizzle's
 * `select().from(table)` gives them (each value decoded by its column: a
 * Date, a boolean, JSON), but read by a kept statement and decoded without
 * Drizzle's checks of each value: for the few reads of thousands of rows
 * (an event's books read every entry and money record; bench/README.md,
 * "Books and close-out").
 */
export function tableRows<T extends Table>(db: Db, table: T, where: string, params: readonly unknown[]): T["$inferSelect"][] {
  let shape = decoders.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table)) as [string, Column][];
    shape = {
      columns: columns.map(([, c]) => `"${c.name}"`).join(", "),
      keys: columns.map(([key]) => key),
      decode: columns.map(([, c]) => (value: unknown) => c.mapFromDriverValue(value)),
    };
    decoders.set(table, shape);
  }
  const { keys, decode } = shape;
  const rows = statement(db, `SELECT ${shape.columns} FROM "${getTableName(table)}" WHERE ${where}`).raw(true).all(...params) as unknown[][];
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i] === null ? null : decode[i]!(values[i]);
    return row as T["$inferSelect"];
  });
}
