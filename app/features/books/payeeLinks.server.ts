import { eq, inArray } from "drizzle-orm";
import { payeeLinks, users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { BOOKS_MESSAGES } from "~/schemas/books";
import { normalName, payeeKeyOf, type Winning } from "./payees.server";

/*
 * A walk-up payee joined to a rider's account (db/schema/ledger.ts
 * payeeLinks), so that one person's year of winnings is one total, not
 * split under the tax form's threshold between the name the office typed
 * and the account. The year's winnings read the joins; an event's checks
 * keep the payee each was written to. Administrators only (the routes say
 * so).
 */

type Admin = Pick<User, "id">;

/** Joins the walk-up paid under `walkUpName` (as one payee: without capitals or extra spaces) to the account with `email`. */
export function joinPayee(db: Db, admin: Admin, input: { walkUpName: string; email: string }) {
  if (!normalName(input.walkUpName)) throw new HttpError(400, BOOKS_MESSAGES.joinName, { errors: { walkUpName: [BOOKS_MESSAGES.joinName] } });
  const account = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    // Emails are stored lowercased (as naming a timer reads them): the unique index answers.
    .where(eq(users.email, input.email.trim().toLowerCase()))
    .get();
  if (!account) throw new HttpError(404, BOOKS_MESSAGES.joinEmail, { errors: { email: [BOOKS_MESSAGES.joinEmail] } });
  const walkUpKey = payeeKeyOf({ userId: null, riderName: input.walkUpName });
  db.insert(payeeLinks)
    .values({ walkUpKey, userId: account.id, linkedBy: admin.id })
    .onConflictDoUpdate({ target: payeeLinks.walkUpKey, set: { userId: account.id, linkedBy: admin.id, createdAt: new Date() } })
    .run();
  return { walkUpKey, payeeKey: `u-${account.id}`, payeeName: `${account.firstName} ${account.lastName}`.trim() };
}

/** Undoes a join: the walk-up's winnings are its own payee again. */
export function unjoinPayee(db: Db, walkUpName: string) {
  const walkUpKey = payeeKeyOf({ userId: null, riderName: walkUpName });
  const gone = db.delete(payeeLinks).where(eq(payeeLinks.walkUpKey, walkUpKey)).returning().get();
  if (!gone) throw new HttpError(404, BOOKS_MESSAGES.notJoined);
  return { walkUpKey };
}

/**
 * Winnings with each joined walk-up's lines paid to its account: the
 * account's name and email, and `joinedFrom` the name the office typed.
 */
export function withJoinedPayees(db: Db, lines: Winning[]): (Winning & { joinedFrom: string | null })[] {
  const keys = [...new Set(lines.filter((l) => l.walkUp).map((l) => l.payeeKey))];
  const links = keys.length
    ? db
        .select({ walkUpKey: payeeLinks.walkUpKey, userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(payeeLinks)
        .innerJoin(users, eq(users.id, payeeLinks.userId))
        .where(inArray(payeeLinks.walkUpKey, keys))
        .all()
    : [];
  const byKey = new Map(links.map((l) => [l.walkUpKey, l]));
  return lines.map((l) => {
    const link = l.walkUp ? byKey.get(l.payeeKey) : undefined;
    if (!link) return { ...l, joinedFrom: null };
    return { ...l, payeeKey: `u-${link.userId}`, payeeName: `${link.firstName} ${link.lastName}`.trim(), email: link.email, walkUp: false, joinedFrom: l.payeeName };
  });
}
