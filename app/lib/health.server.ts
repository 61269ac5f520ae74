import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "./config.server";
import { getDb } from "./db.server";
import { isStorageFailure, noteStorageFailure, SERVICE_UNAVAILABLE, storageFailedSince } from "./http.server";

/** How long a successful disk-write check stands: a health probe should not write on every call. */
const DISK_CHECK_MS = 5_000;
let diskCheckedAt = 0;

/**
 * A new file, not a rewrite of the last one: truncating a file frees its
 * block, so rewriting it can succeed on a disk with no space left.
 */
function checkDiskWrites() {
  const file = path.join(config().dataDir, `.health-${randomBytes(6).toString("hex")}`);
  try {
    fs.writeFileSync(file, String(Date.now()), { flag: "wx" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * GET /api/health, the container's health check: the database answers,
 * DATA_DIR takes a new file, and no write has failed for want of storage (a
 * full disk, a read-only or failing database) in the last few seconds: SQLite
 * can refuse to grow while the file system still takes a small file.
 * Answered by the HTTP layer (server/app.ts) ahead of the page machinery, so
 * that a probe every few seconds costs next to nothing.
 */
export function checkHealth(): { status: 200 | 503; body: { status: "ok" } | { status: "unavailable"; message: string } } {
  const unavailable = { status: 503, body: { status: "unavailable", message: SERVICE_UNAVAILABLE } } as const;
  try {
    getDb().$client.prepare("select 1").get();
    const now = Date.now();
    if (storageFailedSince(now - DISK_CHECK_MS)) return unavailable;
    if (now - diskCheckedAt > DISK_CHECK_MS) {
      checkDiskWrites();
      diskCheckedAt = now;
    }
    return { status: 200, body: { status: "ok" } };
  } catch (error) {
    diskCheckedAt = 0;
    if (isStorageFailure(error)) noteStorageFailure(error);
    else console.error(error);
    return unavailable;
  }
}
