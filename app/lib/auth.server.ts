import { redirect, redirectDocument } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { users, type User } from "#db/schema";
import { getDb } from "./db.server";
import { HttpError } from "./http.server";
import { preparedOnce } from "./prepared.server";
import { publishUserChange } from "./live.server";
import { getSession, sessionStorage, toastHeader, USER_KEY, type Toast } from "./session.server";

/**
 * Starts a fresh session (a new id, so a session fixed before sign-in is
 * worthless) and ends the one the request came with.
 */
export async function startSession(request: Request, userId: string) {
  const storage = sessionStorage();
  const previous = await getSession(request);
  if (previous.id) await storage.destroySession(previous);
  const session = await storage.getSession();
  session.set(USER_KEY, userId);
  return storage.commitSession(session);
}

export async function endSession(request: Request) {
  const session = await getSession(request);
  const cookie = await sessionStorage().destroySession(session);
  // This device's notification stream re-checks its session and ends.
  const userId = session.get(USER_KEY);
  if (userId) publishUserChange([userId]);
  return cookie;
}

/** A user by id, active or not, by a query built once per connection: the caller applies its rule (readUser: active only). */
const userById = preparedOnce((db) => db.select().from(users).where(eq(users.id, sql.placeholder("id"))).prepare());

/** A page's loaders (the shell's and the screen's) ask for the same request's user: read once. */
const usersOfRequests = new WeakMap<Request, Promise<User | null>>();

export function getUser(request: Request): Promise<User | null> {
  let user = usersOfRequests.get(request);
  if (!user) {
    user = readUser(request);
    usersOfRequests.set(request, user);
  }
  return user;
}

/** The request's user read afresh, for a long-lived request (a notification stream) re-checking its session. */
export async function readUser(request: Request): Promise<User | null> {
  const session = await getSession(request);
  const userId = session.get(USER_KEY);
  if (!userId) return null;
  const user = userById(getDb()).get({ id: userId });
  return user?.isActive ? user : null;
}

/** Pages: a visitor is sent to /login. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw redirect("/login");
  return user;
}

/** /api routes: a visitor gets 401 JSON. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw new HttpError(401, "Not authenticated");
  return user;
}

export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw new HttpError(403, "You need administrator privileges to do this.");
  return user;
}

/** An admin's screen: a visitor signs in first; a signed-in user who is not an admin gets the 403 page. */
export async function requireAdminScreen(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new Response("You need administrator privileges to do this.", { status: 403 });
  return user;
}

/** Redirect with a toast that shows after it, with or without JavaScript. */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit; document?: boolean } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return (init.document ? redirectDocument : redirect)(url, { headers });
}
