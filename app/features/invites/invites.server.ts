import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { inviteLinks, users } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce } from "~/lib/prepared.server";

const usable = (now: Date) =>
  and(
    eq(inviteLinks.isActive, true),
    or(isNull(inviteLinks.maxUses), lt(inviteLinks.usageCount, inviteLinks.maxUses)),
    or(isNull(inviteLinks.expiresAt), gt(inviteLinks.expiresAt, now)),
  );

/** An invite code is valid while it is active, unexpired and under its maximum. */
export function isInviteCodeValid(db: Db, code: string): boolean {
  if (!code) return false;
  const row = db
    .select({ id: inviteLinks.id })
    .from(inviteLinks)
    .where(and(eq(inviteLinks.code, code), usable(new Date())))
    .get();
  return Boolean(row);
}

/**
 * The invite a sign-up page shows: whether it can be used, and who sent it
 * (their full name when their profile is Public, else their first name, as
 * a stranger reads them), so the visitor knows whose invitation it is.
 */
export function inviteFor(db: Db, code: string): { valid: boolean; inviterName: string | null } {
  if (!code) return { valid: false, inviterName: null };
  const row = db
    .select({ firstName: users.firstName, lastName: users.lastName, privacyMode: users.privacyMode, isActive: users.isActive })
    .from(inviteLinks)
    .innerJoin(users, eq(users.id, inviteLinks.userId))
    .where(and(eq(inviteLinks.code, code), usable(new Date())))
    .get();
  if (!row) return { valid: false, inviterName: null };
  const name = row.privacyMode === "PUBLIC" ? `${row.firstName} ${row.lastName ?? ""}`.trim() : row.firstName;
  return { valid: true, inviterName: row.isActive ? name : null };
}

/**
 * Counts one use in a single guarded statement, so concurrent sign-ups can
 * never push a link past maxUses. Returns the inviter's id, or null when the
 * code cannot be used. Call inside the registration transaction so a failed
 * sign-up does not count.
 */
export function consumeInvite(db: Db, code: string): string | null {
  const row = db
    .update(inviteLinks)
    .set({ usageCount: sql`${inviteLinks.usageCount} + 1` })
    .where(and(eq(inviteLinks.code, code), usable(new Date())))
    .returning({ userId: inviteLinks.userId })
    .get();
  return row?.userId ?? null;
}

const inviteLinksOf = preparedOnce((db) =>
  db
    .select({ id: inviteLinks.id, code: inviteLinks.code, usageCount: inviteLinks.usageCount, maxUses: inviteLinks.maxUses, expiresAt: inviteLinks.expiresAt })
    .from(inviteLinks)
    .where(and(eq(inviteLinks.userId, sql.placeholder("userId")), eq(inviteLinks.isActive, true)))
    .orderBy(desc(inviteLinks.createdAt))
    .prepare(),
);

/** The user's active invite links (id, code, usageCount). */
export function listInviteLinks(db: Db, userId: string) {
  return inviteLinksOf(db).all({ userId });
}

const MAX_ACTIVE_INVITES = 20;

/** A new link with a random, unguessable code. */
export function createInviteLink(db: Db, userId: string) {
  if (listInviteLinks(db, userId).length >= MAX_ACTIVE_INVITES) {
    throw new HttpError(400, `You can have at most ${MAX_ACTIVE_INVITES} active invite links. Remove one first.`);
  }
  return db
    .insert(inviteLinks)
    .values({ userId, code: randomBytes(9).toString("base64url") })
    .returning({ id: inviteLinks.id, code: inviteLinks.code, usageCount: inviteLinks.usageCount })
    .get();
}

/** Removing a link deactivates it (its count stays for the statistics). Only the owner's. */
export function deactivateInviteLink(db: Db, userId: string, id: number) {
  const row = db
    .update(inviteLinks)
    .set({ isActive: false })
    .where(and(eq(inviteLinks.id, id), eq(inviteLinks.userId, userId)))
    .returning({ id: inviteLinks.id })
    .get();
  if (!row) throw new HttpError(404, "Invite link not found");
}

export const inviteUrl = (origin: string, code: string) => `${origin}/register?invite=${encodeURIComponent(code)}`;
