import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { sessions } from "#db/schema";
import { getUser } from "./auth.server";
import { config } from "./config.server";
import { getDb } from "./db.server";
import { preparedOnce } from "./prepared.server";
import { getSession } from "./session.server";

/**
 * Whose page this is, for the service worker (public/sw.js), which keeps the
 * pages of each account apart and serves offline only the copies of the
 * account signed in now: `X-Account` is a key of the signed-in rider (not
 * their id) or "visitor"; `X-Account-Until` the moment their session ends,
 * after which the phone treats itself as signed out even with no signal.
 */
export const ACCOUNT_HEADER = "X-Account";
export const ACCOUNT_UNTIL_HEADER = "X-Account-Until";

const expiryBySid = preparedOnce((db) => db.select({ expire: sessions.expire }).from(sessions).where(eq(sessions.sid, sql.placeholder("sid"))).prepare());

/** The key of an account on this server: stable, and telling nothing of the account to whoever reads the phone's storage. */
export const accountKey = (userId: string) => createHmac("sha256", config().sessionSecret).update(`kept-pages:${userId}`).digest("base64url").slice(0, 22);

export async function setAccountHeaders(request: Request, headers: Headers) {
  const user = await getUser(request);
  if (!user) {
    headers.set(ACCOUNT_HEADER, "visitor");
    return;
  }
  headers.set(ACCOUNT_HEADER, accountKey(user.id));
  const sid = (await getSession(request)).id;
  const expire = sid ? expiryBySid(getDb()).get({ sid })?.expire : undefined;
  if (expire) headers.set(ACCOUNT_UNTIL_HEADER, String(expire.getTime()));
}
