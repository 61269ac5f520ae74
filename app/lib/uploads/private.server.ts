import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { horseDocuments } from "#db/schema";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { newName } from "./files.server";
import { ORPHAN_AGE_MS } from "./references.server";
import { replicateFiles, unreplicateFiles } from "./replica.server";
import type { PreparedFile } from "./storage.server";

/*
 * Private files: a horse's papers. They pass the same check as every upload
 * (prepareFile: content sniffed, image or PDF only, images re-encoded without
 * their location data) but are written under DATA_DIR/private/papers, which
 * no route serves as a folder: the papers feature reads one file at a time,
 * for its owner's session only. A file's key is its random name with its
 * extension ("<22 characters>.pdf"), kept in horse_documents.file_key.
 * This module loads no image library, so housekeeping can sweep with it.
 */

const KEY = /^[A-Za-z0-9_-]{22}\.(?:jpg|png|webp|gif|pdf)$/;

export function papersDir() {
  const folder = path.join(config().privateDir, "papers");
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** Writes a checked file under a fresh random name (and to the replica, when one is configured); answers its key. */
export async function writePaperFile(file: PreparedFile) {
  const key = `${newName()}.${file.ext}`;
  fs.writeFileSync(path.join(papersDir(), key), file.body, { flag: "wx", mode: 0o600 });
  await replicateFiles([`private/papers/${key}`]);
  return key;
}

/** The path of a stored paper, or null for a key that is not one or a file that is gone. */
export function paperFilePath(key: string) {
  if (!KEY.test(key)) return null;
  const file = path.join(papersDir(), key);
  return fs.existsSync(file) ? file : null;
}

/** Removes papers' files by key, after the rows that held them are gone (their delete committed). */
export function deletePaperFiles(keys: Array<string | null | undefined>) {
  const gone = keys.filter((key): key is string => Boolean(key && KEY.test(key)));
  for (const key of gone) fs.rmSync(path.join(papersDir(), key), { force: true });
  unreplicateFiles(gone.map((key) => `private/papers/${key}`));
}

/**
 * Housekeeping: removes the files under `dataDir/private/papers` that no
 * paper references and that are older than a day (a crash between writing
 * a file and saving its row or after deleting a row, a horse or an account
 * removed by a path that did not release its papers). Answers how many.
 */
export function sweepOrphanPaperFiles(db: Db, dataDir: string, now = Date.now()) {
  const folder = path.join(dataDir, "private", "papers");
  if (!fs.existsSync(folder)) return 0;
  const referenced = new Set(db.select({ key: horseDocuments.fileKey }).from(horseDocuments).where(sql`1`).all().map((row) => row.key));
  let removed = 0;
  for (const name of fs.readdirSync(folder)) {
    if (referenced.has(name)) continue;
    const file = path.join(folder, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile() || now - stat.mtimeMs < ORPHAN_AGE_MS) continue;
    fs.rmSync(file, { force: true });
    unreplicateFiles([`private/papers/${name}`]);
    removed += 1;
  }
  return removed;
}
