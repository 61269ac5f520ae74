import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { emailUnsubscribes } from "#db/schema";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { preparedOnce } from "~/lib/prepared.server";

/**
 * Unsubscribing from alert email without signing in: every alert mail
 * carries a link holding the address and a signature over it (HMAC with the
 * session secret), so the link works from any device for as long as the
 * address gets mail, and nobody can unsubscribe an address they did not
 * receive mail at. The address is what is unsubscribed, not the account:
 * an address that changes hands, or is given to a new account, stays
 * unsubscribed until its owner turns alert email back on in Settings.
 */
const normalize = (email: string) => email.trim().toLowerCase();

function sign(email: string) {
  return createHmac("sha256", `${config().sessionSecret}:unsubscribe`).update(email).digest("base64url");
}

function unsubscribeToken(email: string) {
  const address = normalize(email);
  return `${Buffer.from(address).toString("base64url")}.${sign(address)}`;
}

export const unsubscribeUrl = (email: string) => `${config().appOrigin}/unsubscribe/${unsubscribeToken(email)}`;

/** The address a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(token: string): string | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const address = Buffer.from(payload, "base64url").toString();
  if (!address.includes("@") || Buffer.from(address).toString("base64url") !== payload) return null;
  const expected = Buffer.from(sign(address));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : null;
}

/** Idempotent: unsubscribing twice keeps the first time. */
export function unsubscribe(db: Db, email: string) {
  db.insert(emailUnsubscribes).values({ email: normalize(email) }).onConflictDoNothing().run();
}

export function resubscribe(db: Db, email: string) {
  db.delete(emailUnsubscribes).where(eq(emailUnsubscribes.email, normalize(email))).run();
}

const unsubscribedOf = preparedOnce((db) =>
  db.select({ email: emailUnsubscribes.email }).from(emailUnsubscribes).where(eq(emailUnsubscribes.email, sql.placeholder("email"))).prepare(),
);

export function isUnsubscribed(db: Db, email: string) {
  return unsubscribedOf(db).get({ email: normalize(email) }) !== undefined;
}
