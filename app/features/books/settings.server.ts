import { eq } from "drizzle-orm";
import { appSettings, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { now } from "~/lib/clock.server";
import { DEFAULT_TAX_FORM_THRESHOLD_CENTS } from "./books";
import { DEFAULT_STALE_CHECK_DAYS } from "./ledger";

/*
 * The settings an administrator changes on the site (app_settings): for
 * now, the yearly amount at which a payee gets a tax form. Read on each use,
 * so every worker process sees a change at once.
 */

const TAX_FORM_THRESHOLD = "taxFormThresholdCents";

const STALE_CHECK_DAYS = "staleCheckDays";

const positive = (value: unknown, fallback: number) => (typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : fallback);

export function booksSettings(db: Db) {
  const value = (key: string) => db.select().from(appSettings).where(eq(appSettings.key, key)).get()?.value;
  return { taxFormThresholdCents: positive(value(TAX_FORM_THRESHOLD), DEFAULT_TAX_FORM_THRESHOLD_CENTS), staleCheckDays: positive(value(STALE_CHECK_DAYS), DEFAULT_STALE_CHECK_DAYS) };
}

export function setBooksSettings(db: Db, admin: Pick<User, "id">, input: { taxFormThresholdCents: number; staleCheckDays?: number }) {
  const put = (key: string, value: number) =>
    db.insert(appSettings)
      .values({ key, value, updatedBy: admin.id, updatedAt: now() })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: admin.id, updatedAt: now() } })
      .run();
  put(TAX_FORM_THRESHOLD, input.taxFormThresholdCents);
  if (input.staleCheckDays !== undefined) put(STALE_CHECK_DAYS, input.staleCheckDays);
  return booksSettings(db);
}
