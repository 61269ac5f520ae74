import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { UPLOAD_COLUMNS } from "~/lib/uploads/references.server";

describe("upload references", () => {
  it("list every column that can hold an upload URL, so the sweep never takes a used file for an orphan", () => {
    // Links that are never uploads: a digest item's link into the app.
    const notUploads = new Set(["alert_digest_items.url"]);
    const urlColumns = Object.values(schema as Record<string, unknown>)
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .flatMap((table) => Object.values(getTableColumns(table)).map((column) => ({ table: getTableName(table), column })))
      .filter(({ table, column }) => /url$/i.test(column.name) && !notUploads.has(`${table}.${column.name}`))
      .map(({ column }) => column.name);
    // Add a new one to UPLOAD_COLUMNS (app/lib/uploads/references.server.ts) if it can hold /uploads/ URLs.
    expect(UPLOAD_COLUMNS.map(([, column]) => column.name).sort()).toEqual(urlColumns.sort());
  });
});
