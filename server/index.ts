import type { ServerBuild } from "@remix-run/node";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { lt } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "../db/client";
import { sessions } from "../db/schema";
import { loadConfig } from "../app/lib/config.server";
import { pruneRateLimits } from "../app/lib/rate-limit.server";
import { sweepOrphanUploads } from "../app/lib/uploads.server";
import { createApp } from "./app";

/**
 * `npm start`: checks the configuration, migrates the database, then serves
 * the built app. Stops gracefully on SIGTERM (the container's stop).
 */
async function main() {
  let cfg;
  try {
    cfg = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const db = openDatabase(cfg.databaseFile);
  migrateDatabase(db);
  // Housekeeping at start and hourly: expired sessions (also dropped when read)
  // and spent rate-limit counters, so neither table grows with time, and
  // day-old upload files no row references.
  const housekeeping = () => {
    db.delete(sessions).where(lt(sessions.expire, new Date())).run();
    pruneRateLimits(db);
    sweepOrphanUploads(db, cfg.dataDir);
  };
  housekeeping();
  setInterval(housekeeping, 60 * 60 * 1000).unref();

  const buildFile = path.resolve("build/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const app = createApp(cfg, build);

  const server = app.listen(cfg.port, cfg.host ?? "::", () => {
    console.log(
      JSON.stringify({ level: "info", msg: "listening", port: cfg.port, origin: cfg.appOrigin, dataDir: cfg.dataDir }),
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: "info", msg: "stopping", signal }));
    // Finish requests in flight, then exit; long-lived streams are cut after 10 s.
    server.close(() => {
      db.$client.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

void main();
