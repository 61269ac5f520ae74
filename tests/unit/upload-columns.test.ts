import { getTableColumns, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { UPLOAD_COLUMNS } from "~/lib/uploads/references.server";

describe("upload references", () => {
  it("list every column that can hold an upload URL, so the sweep never takes a used file for an orphan", () => {
    const urlColumns = Object.values(schema as Record<string, unknown>)
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .flatMap((table) => Object.values(getTableColumns(table)))
      .filter((column) => /url$/i.test(column.name))
      .map((column) => column.name);
    // Add a new one to UPLOAD_COLUMNS (app/lib/uploads/references.server.ts) if it can hold /uploads/ URLs.
    expect(UPLOAD_COLUMNS.map(([, column]) => column.name).sort()).toEqual(urlColumns.sort());
  });
});
