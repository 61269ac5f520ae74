import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { horseDocuments } from "#db/schema";
import type { Replica } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { NAME, uploadNameOf } from "./files.server";
import { UPLOAD_COLUMNS } from "./references.server";
import { FOLDERS, posix, replicaStore, SECRET_FILES } from "./replica.server";

/** The names of uploads (public files) and keys of papers (private files) the database references. */
function referencedFiles(db: Db) {
  const uploads = new Set<string>();
  for (const [table, column] of UPLOAD_COLUMNS) {
    for (const row of db.select({ url: column }).from(table).where(sql`${column} LIKE '%/uploads/%'`).all()) {
      const name = uploadNameOf(row.url as string);
      if (name) uploads.add(name);
    }
  }
  const papers = new Set(db.select({ key: horseDocuments.fileKey }).from(horseDocuments).where(sql`1`).all().map((row) => row.key));
  return { uploads, papers };
}

/** Whether the database references the file at `rel` (a path under DATA_DIR, / separated). */
function isReferenced(rel: string, referenced: ReturnType<typeof referencedFiles>) {
  const [folder, ...rest] = rel.split("/");
  if (folder === "uploads" && rest.length === 1) {
    const stem = rest[0]!.split(".")[0]!;
    return NAME.test(stem) && referenced.uploads.has(stem);
  }
  if (folder === "private" && rest[0] === "papers" && rest.length === 2) return referenced.papers.has(rest[1]!);
  return false;
}

function localFiles(dataDir: string) {
  const found = new Set<string>();
  for (const folder of FOLDERS) {
    const dir = path.join(dataDir, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) if (fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.isFile()) found.add(posix(path.join(folder, name)));
  }
  for (const name of SECRET_FILES) if (fs.existsSync(path.join(dataDir, name))) found.add(name);
  return found;
}

/**
 * Brings DATA_DIR and the replica's files together: a file the database
 * references that only the replica has comes back (after a restore: the
 * restored database's files); one that neither DATA_DIR has nor the
 * database references leaves the replica (deleted while it was
 * unreachable, or one the restored database no longer knows); one only
 * DATA_DIR has is copied (a copy that failed, or every file when a replica
 * is first configured). Answers how many files moved.
 *
 * The replica is listed before DATA_DIR: a file is written here before it
 * is copied there, so one being stored meanwhile is never taken for gone.
 */
export async function syncReplicaFiles(db: Db, dataDir: string, replica: Replica | null) {
  const store = replicaStore(replica);
  if (!store) return 0;
  const remote = new Set(await store.list());
  const local = localFiles(dataDir);
  const referenced = referencedFiles(db);
  const work: Array<() => Promise<unknown>> = [];
  for (const rel of remote) {
    if (local.has(rel) || rel.endsWith(".part")) continue;
    if (SECRET_FILES.includes(rel)) continue;
    if (isReferenced(rel, referenced)) work.push(() => fetchFile(store, rel, dataDir));
    else work.push(() => store.remove(rel));
  }
  for (const rel of local) if (!remote.has(rel)) work.push(() => store.put(rel, path.join(dataDir, rel)));
  await inBatches(work, 8);
  return work.length;
}

/** One file back from the replica; a private one (papers) readable by the server's user only, as when it was written. */
async function fetchFile(store: NonNullable<ReturnType<typeof replicaStore>>, rel: string, dataDir: string) {
  const file = path.join(dataDir, rel);
  if (!(await store.get(rel, file))) return;
  if (rel.startsWith("private/")) {
    fs.chmodSync(file, 0o600);
    for (let dir = path.dirname(file); dir.startsWith(path.join(dataDir, "private")); dir = path.dirname(dir)) fs.chmodSync(dir, 0o700);
  }
}

/** Runs the tasks `width` at a time (an S3 replica: a few requests in flight, not thousands). */
async function inBatches(tasks: Array<() => Promise<unknown>>, width: number) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
}
