import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp, uuid } from "./columns";
import { riders } from "./runs";
import { users } from "./users";

/**
 * A horse an account owns or rides (for itself or for one of its rider
 * sub-profiles). Runs point at it; deleting it keeps the runs, unlinked.
 * Retired horses stay for history and leave the pickers. `shared` publishes
 * the record at /share/horse/{id}.
 */
export const horses = sqliteTable(
  "horses",
  {
    id: uuid(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The rider sub-profile that rides it, if not the account holder. */
    riderId: integer("rider_id").references(() => riders.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    registeredName: text("registered_name"),
    yearFoaled: integer("year_foaled"),
    sex: text("sex"),
    color: text("color"),
    photoUrl: text("photo_url"),
    notes: text("notes"),
    retiredAt: timestamp("retired_at"),
    shared: flag("shared").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  // One horse per name per account: logging a run by name finds it.
  (t) => [uniqueIndex("horses_user_name_idx").on(t.userId, t.name)],
);

export const HORSE_DOCUMENT_KINDS = ["coggins", "health_certificate", "brand_inspection", "registration", "other"] as const;
export type HorseDocumentKind = (typeof HORSE_DOCUMENT_KINDS)[number];

/**
 * A horse's papers. Private to the owner: the file lives outside the public
 * uploads and is served only to the owner's session.
 */
export const horseDocuments = sqliteTable(
  "horse_documents",
  {
    id: uuid(),
    horseId: text("horse_id")
      .notNull()
      .references(() => horses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: HORSE_DOCUMENT_KINDS }).notNull(),
    /** Path of the stored file, relative to the private documents folder. */
    fileKey: text("file_key").notNull(),
    fileName: text("file_name"),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** YYYY-MM-DD */
    issuedOn: text("issued_on"),
    /** YYYY-MM-DD */
    expiresOn: text("expires_on"),
    createdAt: createdAt(),
  },
  (t) => [index("horse_documents_horse_idx").on(t.horseId), index("horse_documents_expires_idx").on(t.expiresOn)],
);

export type Horse = typeof horses.$inferSelect;
export type HorseDocument = typeof horseDocuments.$inferSelect;
