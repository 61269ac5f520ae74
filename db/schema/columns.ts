import { integer, text } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, read back as a Date. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date());

export const uuid = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const flag = (name: string) => integer(name, { mode: "boolean" });
