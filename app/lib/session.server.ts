import { createCookie, createCookieSessionStorage, createSessionStorage } from "@remix-run/node";
import { and, eq, ne, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { sessions } from "#db/schema";
import { config } from "./config.server";
import type { Toast } from "./toast";

export type { Toast };
import { getDb } from "./db.server";
import { publishUserChange } from "./live.server";
import { preparedOnce } from "./prepared.server";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The session cookie's name (the API's description names it too: app/features/openapi). */
export const SESSION_COOKIE = "__session";
export const USER_KEY = "userId";

type SessionData = { [USER_KEY]: string };

function build() {
  const cfg = config();
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cfg.secureCookies,
    secrets: [cfg.sessionSecret],
    maxAge: SESSION_TTL_MS / 1000,
  });
  const expiry = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_TTL_MS);
  const userOf = (data: Partial<SessionData>) => data[USER_KEY] ?? null;

  // Sessions live in the database, so deleting rows signs a user out everywhere at once.
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const sid = randomBytes(24).toString("base64url");
      getDb()
        .insert(sessions)
        .values({ sid, sess: data, expire: expiry(expires), userId: userOf(data) })
        .run();
      return sid;
    },
    async readData(sid) {
      const row = sessionBySid(getDb()).get({ sid });
      if (!row) return null;
      if (row.expire.getTime() <= Date.now()) {
        getDb().delete(sessions).where(eq(sessions.sid, sid)).run();
        return null;
      }
      return row.sess as Partial<SessionData>;
    },
    async updateData(sid, data, expires) {
      getDb()
        .update(sessions)
        .set({ sess: data, expire: expiry(expires), userId: userOf(data) })
        .where(eq(sessions.sid, sid))
        .run();
    },
    async deleteData(sid) {
      getDb().delete(sessions).where(eq(sessions.sid, sid)).run();
    },
  });
}

const sessionBySid = preparedOnce((db) => db.select().from(sessions).where(eq(sessions.sid, sql.placeholder("sid"))).prepare());

let storage: ReturnType<typeof build> | undefined;
export function sessionStorage() {
  storage ??= build();
  return storage;
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Ends every session of a user: after a password reset, a ban or account deletion. */
export function destroyUserSessions(userId: string, exceptSid?: string) {
  const mine = eq(sessions.userId, userId);
  getDb()
    .delete(sessions)
    .where(exceptSid ? and(mine, ne(sessions.sid, exceptSid)) : mine)
    .run();
  // Open notification streams re-check their session and end.
  publishUserChange([userId]);
}


/* ---------------------------------------------------------------- toasts */


type ToastData = Record<string, never>;
type ToastFlash = { toast: Toast };
let toastStorage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastFlash>> | undefined;
function toasts() {
  const cfg = config();
  toastStorage ??= createCookieSessionStorage<ToastData, ToastFlash>({
    cookie: {
      name: "__toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cfg.secureCookies,
      secrets: [cfg.sessionSecret],
    },
  });
  return toastStorage;
}

/** A toast that survives a redirect, so it also shows without JavaScript. */
export async function toastHeader(toast: Toast) {
  const storage = toasts();
  const session = await storage.getSession();
  session.flash("toast", toast);
  return storage.commitSession(session);
}

/** Sent by the service worker on the pages it fetches to keep offline. */
export const KEPT_COPY_HEADER = "X-Kept-Copy";

export async function readToast(request: Request) {
  const cookies = request.headers.get("Cookie");
  // A copy the service worker fetches to keep offline (public/sw.js) leaves the toast to the page the
  // rider is looking at: read here, it would be gone before that page asked for it.
  if (request.headers.get(KEPT_COPY_HEADER)) return { toast: null, headers: null };
  // Most requests carry no toast: no cookie to parse and verify.
  if (!cookies?.includes("__toast=")) return { toast: null, headers: null };
  const storage = toasts();
  const session = await storage.getSession(cookies);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return { toast, headers: toast ? await storage.commitSession(session) : null };
}
