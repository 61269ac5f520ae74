import { eq } from "drizzle-orm";
import { appSettings, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { now } from "~/lib/clock.server";
import { DEFAULT_TAX_FORM_THRESHOLD_CENTS } from "./books";

/*
 * The settings an administrator changes on the site (app_settings): for
 * now, the yearly amount at which a payee gets a tax form. Read on each use,
 * so every worker process sees a change at once.
 */

const TAX_FORM_THRESHOLD = "taxFormThresholdCents";

export function booksSettings(db: Db) {
  const row = db.select().from(appSettings).where(eq(appSettings.key, TAX_FORM_THRESHOLD)).get();
  const value = row?.value;
  return { taxFormThresholdCents: typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_TAX_FORM_THRESHOLD_CENTS };
}

export function setBooksSettings(db: Db, admin: Pick<User, "id">, input: { taxFormThresholdCents: number }) {
  db.insert(appSettings)
    .values({ key: TAX_FORM_THRESHOLD, value: input.taxFormThresholdCents, updatedBy: admin.id, updatedAt: now() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: input.taxFormThresholdCents, updatedBy: admin.id, updatedAt: now() } })
    .run();
  return booksSettings(db);
}
