// `npm run grant-admin -- <email>`: makes an existing user an administrator.
// The first admin of a fresh install has no other way in, so this works on a
// DATA_DIR the app has never started on (it migrates first).
import { eq } from "drizzle-orm";
import { loadConfig } from "../app/lib/config.server";
import { migrateDatabase, openDatabase } from "../db/client";
import { users } from "../db/schema";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) fail("Usage: npm run grant-admin -- <email>");

  let cfg;
  try {
    cfg = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }

  const db = openDatabase(cfg.databaseFile);
  try {
    migrateDatabase(db);
    // Emails are stored lower-cased and trimmed, so this matches however it was typed.
    const user = db.select({ id: users.id, isAdmin: users.isAdmin }).from(users).where(eq(users.email, email)).get();
    if (!user) fail(`No user with the email ${email}. They must register first.`);
    if (user.isAdmin) {
      console.log(`${email} is already an administrator.`);
      return;
    }
    db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
    console.log(`${email} is now an administrator.`);
  } finally {
    db.$client.close();
  }
}

main();
