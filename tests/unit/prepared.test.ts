import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import type { Db } from "~/lib/db.server";
import { boundLimit, preparedOnce, statement } from "~/lib/prepared.server";

const numbers = sqliteTable("numbers", { n: integer("n").notNull() });

function numbersDb() {
  const client = new Database(":memory:");
  client.exec("CREATE TABLE numbers (n INTEGER NOT NULL); INSERT INTO numbers VALUES (3), (1), (2);");
  return drizzle(client) as unknown as Db;
}

// A bare bound LIMIT makes SQLite compile the statement again on every run (app/lib/prepared.server.ts).
describe("statements kept for reuse", () => {
  it("refuse a LIMIT written as a bare parameter and run one written as an expression", () => {
    const db = numbersDb();
    expect(() => statement(db, "SELECT n FROM numbers ORDER BY n LIMIT @limit")).toThrow(/LIMIT \+@limit/);
    expect(() => statement(db, "SELECT n FROM numbers ORDER BY n LIMIT ?")).toThrow(/LIMIT \+@limit/);
    const firstTwo = statement(db, "SELECT n FROM numbers ORDER BY n LIMIT +@limit OFFSET @offset");
    expect(firstTwo.pluck().all({ limit: 2, offset: 0 })).toEqual([1, 2]);
    expect(firstTwo.pluck().all({ limit: 2, offset: 2 })).toEqual([3]);
  });

  it("refuse a Drizzle query built once with a bare placeholder LIMIT, and limit by boundLimit", () => {
    const db = numbersDb();
    const bare = preparedOnce((d) => d.select().from(numbers).orderBy(numbers.n).limit(sql.placeholder("limit")).prepare());
    expect(() => bare(db)).toThrow(/boundLimit/);
    const bound = preparedOnce((d) => d.select().from(numbers).orderBy(numbers.n).limit(boundLimit("limit")).prepare());
    expect(bound(db).all({ limit: 2 })).toEqual([{ n: 1 }, { n: 2 }]);
    expect(bound(db).all({ limit: 1 })).toEqual([{ n: 1 }]);
  });
});
