import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../../db/client";
import { ensureFreshBuild } from "./fresh-build";
import { TMP_DIR } from "./paths";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}

/**
 * Builds the app when the build is older than its source (./fresh-build.ts),
 * and migrates one template database per run; every test file copies it (fast,
 * isolated). Its name is unique to this run so that runs side by side never
 * share or delete each other's files.
 */
export default function setup(project: TestProject) {
  ensureFreshBuild();
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const template = path.join(TMP_DIR, `template-${process.pid}.db`);
  const db = openDatabase(template);
  migrateDatabase(db);
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.pragma("journal_mode = DELETE");
  db.$client.close();
  project.provide("templateDb", template);
  return () => fs.rmSync(template, { force: true });
}
