import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";

/** GET /api/health: the container's health check. The database answers and DATA_DIR takes writes. */
export function loader() {
  try {
    getDb().get(sql`select 1`);
    const probe = path.join(config().dataDir, ".health");
    fs.writeFileSync(probe, String(Date.now()));
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error(error);
    return Response.json({ status: "unavailable", message: "Service unavailable" }, { status: 503 });
  }
}
