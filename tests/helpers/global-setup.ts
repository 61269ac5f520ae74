import fs from "node:fs";
import { migrateDatabase, openDatabase } from "../../db/client";
import { TEMPLATE_DB, TMP_DIR } from "./paths";

/** Migrates one template database; every test file copies it (fast, isolated). */
export default function setup() {
  if (!fs.existsSync("build/index.js")) {
    throw new Error("No build found: run `npm run build` first (npm test does it for you).");
  }
  fs.rmSync(TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const db = openDatabase(TEMPLATE_DB);
  migrateDatabase(db);
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.pragma("journal_mode = DELETE");
  db.$client.close();
}
