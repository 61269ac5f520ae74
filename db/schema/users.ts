import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, flag, timestamp, uuid } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: uuid(),
    /** Stored lower-cased and trimmed, so uniqueness is case-insensitive. */
    email: text("email").notNull().unique(),
    /** bcrypt hash; never leaves the server (see presenters). */
    password: text("password").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    homeZipCode: text("home_zip_code", { length: 5 }),
    profileImageUrl: text("profile_image_url"),
    riderType: text("rider_type", { length: 20 }).notNull().default("Competitor"),
    favoriteHorse: text("favorite_horse"),
    division: text("division", { length: 20 }),
    bio: text("bio"),
    /** YYYY-MM-DD; asked when the rider first enters an age class (Youth, Senior), kept for the next. */
    birthDate: text("birth_date"),
    privacyMode: text("privacy_mode", { enum: ["SOLO", "INVITE_ONLY", "PUBLIC"] })
      .notNull()
      .default("INVITE_ONLY"),
    referredBy: text("referred_by").references((): AnySQLiteColumn => users.id, {
      onDelete: "set null",
    }),
    isAdmin: flag("is_admin").notNull().default(false),
    isActive: flag("is_active").notNull().default(true),
    emailVerified: flag("email_verified").notNull().default(false),
    emailVerifiedAt: timestamp("email_verified_at"),
    lastLoginAt: timestamp("last_login_at"),
    /** Preferences: default search radius (miles) and in-app notifications. */
    searchRadius: integer("search_radius").notNull().default(50),
    notificationsEnabled: flag("notifications_enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("users_home_zip_idx").on(t.homeZipCode),
    index("users_first_name_idx").on(sql`lower(${t.firstName})`),
    index("users_last_name_idx").on(sql`lower(${t.lastName})`),
    index("users_referred_by_idx").on(t.referredBy),
    index("users_created_at_idx").on(t.createdAt),
    /** The banned riders alone: the admin dashboard counts the active ones as all less these. */
    index("users_banned_idx").on(t.id).where(sql`${t.isActive} = 0`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
