import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { eventRevisions, events, horses, runLogs, users } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { deleteUpload, NAME, uploadNameOf } from "./files.server";
import { unreplicateFiles } from "./replica.server";

/**
 * Every column that holds an upload URL. A column added elsewhere must be
 * listed here, or the sweep takes its files for orphans.
 */
export const UPLOAD_COLUMNS: Array<[SQLiteTable, SQLiteColumn]> = [
  [users, users.profileImageUrl],
  [events, events.showbillUrl],
  [events, events.imageUrl],
  [eventRevisions, eventRevisions.showbillUrl],
  [runLogs, runLogs.videoUrl],
  [horses, horses.photoUrl],
];

/** An upload's files are orphans once a day old: an upload URL is used within minutes, or never. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

const mentions = (column: SQLiteColumn, name: string): SQL => sql`instr(${column}, ${`/uploads/${name}.`}) > 0`;

function isReferenced(db: Db, name: string) {
  return UPLOAD_COLUMNS.some(([table, column]) => db.select({ one: sql`1` }).from(table).where(mentions(column, name)).limit(1).get());
}

/**
 * After a row that held these URLs is gone (its delete committed): removes
 * each upload no other row still uses (a rider may link one video to two
 * runs), with its preview, thumbnail and record. Other URLs are ignored.
 */
export function releaseUploads(db: Db, urls: Array<string | null | undefined>) {
  for (const url of new Set(urls)) {
    const name = uploadNameOf(url);
    if (name && !isReferenced(db, name)) deleteUpload(url!);
  }
}

/**
 * Housekeeping: removes the files under `dataDir/uploads` that no row
 * references and that are older than a day (an upload URL never used, a
 * crash between a delete's commit and its unlink). An upload's files go
 * together, and only when all of them are that old. Answers how many files
 * it removed.
 */
export function sweepOrphanUploads(db: Db, dataDir: string, now = Date.now()) {
  const folder = path.join(dataDir, "uploads");
  if (!fs.existsSync(folder)) return 0;
  const referenced = new Set<string>();
  for (const [table, column] of UPLOAD_COLUMNS) {
    for (const row of db.select({ url: column }).from(table).where(sql`${column} LIKE '%/uploads/%'`).all()) {
      const name = uploadNameOf(row.url as string);
      if (name) referenced.add(name);
    }
  }
  const groups = new Map<string, string[]>();
  for (const file of fs.readdirSync(folder)) {
    const stem = file.split(".")[0]!;
    // A file not named like an upload is its own group: nothing can reference it.
    const key = NAME.test(stem) ? stem : `\0${file}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  let removed = 0;
  for (const [key, files] of groups) {
    if (referenced.has(key)) continue;
    const paths = files.map((file) => path.join(folder, file));
    const young = paths.some((file) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return !stat?.isFile() || now - stat.mtimeMs < ORPHAN_AGE_MS;
    });
    if (young) continue;
    for (const file of paths) fs.rmSync(file, { force: true });
    unreplicateFiles(files.map((file) => `uploads/${file}`));
    removed += paths.length;
  }
  return removed;
}
