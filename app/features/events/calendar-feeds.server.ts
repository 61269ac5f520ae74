import { eq, sql } from "drizzle-orm";
import { calendarFeeds, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { preparedOnce } from "~/lib/prepared.server";
import { hashToken, newToken } from "~/lib/tokens.server";

/**
 * A rider's calendar feed of saved events: a secret URL, revocable. Only the
 * token's hash is kept, so the URL is shown once.
 */
const feedOf = preparedOnce((db) =>
  db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.userId, sql.placeholder("userId"))).prepare(),
);

/** On every visit to My Events: built once per connection. */
export function hasCalendarFeed(db: Db, userId: string) {
  return Boolean(feedOf(db).get({ userId }));
}

/** A new secret feed token; any previous URL stops working. */
export function rotateCalendarFeed(db: Db, userId: string) {
  const { token, hash } = newToken();
  db.insert(calendarFeeds)
    .values({ userId, tokenHash: hash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash, createdAt: new Date() } })
    .run();
  return token;
}

export function revokeCalendarFeed(db: Db, userId: string) {
  db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).run();
}

/** The active user a feed token belongs to, or null. */
export function feedOwner(db: Db, token: string): User | null {
  const row = db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
    .get();
  return row?.user.isActive ? row.user : null;
}
