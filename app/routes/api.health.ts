import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";

/** How long a successful disk-write check stands: a health probe should not write on every call. */
const DISK_CHECK_MS = 5_000;
let diskCheckedAt = 0;

/** GET /api/health: the container's health check. The database answers and DATA_DIR takes writes. */
export function loader() {
  try {
    getDb().get(sql`select 1`);
    if (Date.now() - diskCheckedAt > DISK_CHECK_MS) {
      fs.writeFileSync(path.join(config().dataDir, ".health"), String(Date.now()));
      diskCheckedAt = Date.now();
    }
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    diskCheckedAt = 0;
    console.error(error);
    return Response.json({ status: "unavailable", message: "Service unavailable" }, { status: 503 });
  }
}
