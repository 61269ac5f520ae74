import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { inviteLinks } from "#db/schema";
import type { Db } from "~/lib/db.server";

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
