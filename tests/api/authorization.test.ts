import type { ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createUser, signIn } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * The authorization matrix, built from the app's own route list: every
 * route with a loader or an action has an entry saying who may call each of
 * its methods, and a route added without one fails here. Ownership (one
 * rider's record reached by another) is covered by each feature's tests;
 * here every caller kind is checked against the route's guard:
 * visitor, signed-in rider, banned rider (a session from before the ban),
 * and administrator.
 */
type Access = "public" | "user" | "admin" | "token";
type Entry = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Access>>;

const MATRIX: Record<string, Entry> = {
  // Screens (GET = loader, POST = action)
  "routes/_index": { GET: "public" },
  "routes/$": { GET: "public" },
  "routes/login": { GET: "public", POST: "public" },
  "routes/register": { GET: "public", POST: "public" },
  "routes/logout": { GET: "public", POST: "public" },
  "routes/forgot-password": { POST: "public" },
  "routes/reset-password.$token": { GET: "public", POST: "public" },
  "routes/verify-email.$token": { POST: "public" },
  "routes/share.event.$id": { GET: "public", POST: "user" },
  "routes/share.run-log.$id": { GET: "public" },
  "routes/share-with.$type.$id": { GET: "user", POST: "user" },
  "routes/events": { GET: "user", POST: "user" },
  "routes/events_.$id.edit": { GET: "user", POST: "user" },
  "routes/events_.$id.report": { GET: "user", POST: "user" },
  "routes/events_.$id.save": { POST: "user" },
  "routes/add-event": { GET: "user", POST: "user" },
  "routes/run-log": { GET: "user", POST: "user" },
  "routes/notifications": { GET: "user", POST: "user" },
  "routes/settings": { GET: "user" },
  "routes/settings_.account": { GET: "public", POST: "user" }, // GET only redirects to /settings
  "routes/settings_.riders": { GET: "public", POST: "user" }, // GET only redirects to /settings
  "routes/profile.$userId": { GET: "user", POST: "user" },
  "routes/admin": { GET: "admin", POST: "admin" },
  "routes/calendar.$token": { GET: "token" },
  "routes/uploads.$": { GET: "public" },
  // Auth and invites
  "routes/api.auth.user": { GET: "user" },
  "routes/api.auth.user_.profile": { PATCH: "user" },
  "routes/api.auth.login": { POST: "public" },
  "routes/api.auth.register": { POST: "public" },
  "routes/api.auth.logout": { POST: "public" },
  "routes/api.auth.forgot-password": { POST: "public" },
  "routes/api.auth.validate-reset-token.$token": { GET: "public" },
  "routes/api.auth.reset-password.$token": { POST: "public" },
  "routes/api.auth.resend-verification": { POST: "public" },
  "routes/api.auth.verify-email.$token": { POST: "public" },
  "routes/api.invite-links.validate.$code": { GET: "public" },
  "routes/api.invite-links": { GET: "user", POST: "user" },
  "routes/api.invite-links.$id": { DELETE: "user" },
  "routes/api.health": { GET: "public" },
  "routes/api.$": { GET: "public", POST: "public" },
  // Account
  "routes/api.account.export": { GET: "user" },
  "routes/api.profile-picture": { PUT: "user" },
  "routes/api.profile-picture.upload": { POST: "user" },
  // Events
  "routes/api.events": { GET: "user", POST: "user" },
  "routes/api.events.$id": { GET: "user", PUT: "user" },
  "routes/api.events.$id.ics": { GET: "public" },
  "routes/api.events.$id.save": { POST: "user", DELETE: "user" },
  "routes/api.events.search": { POST: "user" },
  "routes/api.events.share": { POST: "user" },
  "routes/api.saved-events": { GET: "user" },
  "routes/api.created-events": { GET: "user" },
  "routes/api.city-state-suggestions": { GET: "user" },
  "routes/api.geocode-location": { POST: "user" },
  "routes/api.event-reports": { POST: "user" },
  "routes/api.calendar-feed": { GET: "user", POST: "user", DELETE: "user" },
  "routes/api.objects.upload": { POST: "user" },
  "routes/api.objects.convert-url": { POST: "user" },
  "routes/api.objects.put.$token": { PUT: "token" },
  "routes/api.share.event.$id": { GET: "public" },
  // Runs and riders
  "routes/api.run-logs": { GET: "user", POST: "user" },
  "routes/api.run-logs.$id": { DELETE: "user" },
  "routes/api.run-logs.$id.privacy": { PATCH: "user" },
  "routes/api.run-logs.trends": { GET: "user" },
  "routes/api.run-logs.share": { POST: "user" },
  "routes/api.horses": { GET: "user" },
  "routes/api.riders": { GET: "user", POST: "user" },
  "routes/api.riders.$id": { DELETE: "user" },
  "routes/api.share.run-log.$id": { GET: "public" },
  "routes/api.users.$id.public-runs": { GET: "user" },
  "routes/api.users.$id.run-count": { GET: "user" },
  // Riders together
  "routes/api.users.$id": { GET: "user" },
  "routes/api.users.$id.follow-counts": { GET: "user" },
  "routes/api.users.$id.followers": { GET: "user" },
  "routes/api.users.$id.following": { GET: "user" },
  "routes/api.users.search": { POST: "user" },
  "routes/api.follow": { POST: "user" },
  "routes/api.follow.$userId": { DELETE: "user" },
  "routes/api.following.$userId": { GET: "user" },
  "routes/api.follow-requests.$id.approve": { POST: "user" },
  "routes/api.follow-requests.$id.reject": { POST: "user" },
  "routes/api.follow-requests.$id.status": { GET: "user" },
  "routes/api.notifications": { GET: "user" },
  "routes/api.notifications.$id.read": { PATCH: "user" },
  "routes/api.notifications.mark-all-read": { PATCH: "user" },
  "routes/api.notifications.stream": { GET: "user" },
  "routes/api.reports": { POST: "user" },
  // Administration
  "routes/api.admin.stats": { GET: "admin" },
  "routes/api.admin.users": { GET: "admin" },
  "routes/api.admin.users.$id.ban": { DELETE: "admin" },
  "routes/api.admin.users.$id.reset-password": { POST: "admin" },
  "routes/api.admin.users.$id.email": { PATCH: "admin" },
  "routes/api.admin.events": { GET: "admin" },
  "routes/api.admin.events.$id": { DELETE: "admin" },
  "routes/api.admin.pending-showbills": { GET: "admin" },
  "routes/api.admin.showbills.$eventId.approve": { PATCH: "admin" },
  "routes/api.admin.run-logs": { GET: "admin" },
  "routes/api.admin.run-logs.$id": { DELETE: "admin" },
  "routes/api.admin.reports": { GET: "admin" },
  "routes/api.admin.reports.$id": { PATCH: "admin" },
  "routes/api.admin.event-reports": { GET: "admin" },
  "routes/api.admin.event-reports.$id": { PATCH: "admin" },
  "routes/api.admin.invitation-stats": { GET: "admin" },
  "routes/api.admin.audit-log": { GET: "admin" },
  "routes/api.admin.mass-notification": { POST: "admin" },
  "routes/api.admin.send-notification": { POST: "admin" },
};

let app: TestServer;
let build: ServerBuild;

/** A fresh caller per request, so that a logout or a ban in one case never leaks into the next. */
const callers: Record<"visitor" | "rider" | "banned" | "admin", () => Promise<Client>> = {
  visitor: async () => app.client(),
  rider: async () => {
    const client = app.client();
    await signIn(client, createUser(app.db).email);
    return client;
  },
  admin: async () => {
    const client = app.client();
    await signIn(client, createUser(app.db, { isAdmin: true }).email);
    return client;
  },
  banned: async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id)).run();
    return client;
  },
};

beforeAll(async () => {
  app = await startTestServer();
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
});
afterAll(() => app.close());

/** A concrete URL for a route: each dynamic segment filled with a placeholder. */
function urlOf(routeId: string) {
  const route = build.routes[routeId]!;
  const parts: string[] = [];
  for (let r: typeof route | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/:[^/]+/g, "1").replace(/\*$/, "x").replace(/\/+/g, "/");
}

const isApi = (routeId: string) => routeId.startsWith("routes/api.");

describe("authorization matrix", () => {
  it("has an entry for every route with a loader or an action, and none for a route that does not exist", () => {
    const routes = Object.values(build.routes)
      .filter((r) => r.id !== "root" && (r.module.loader || r.module.action))
      .map((r) => r.id);
    const missing = routes.filter((id) => !MATRIX[id]);
    expect(missing, "routes without an authorization entry").toEqual([]);
    expect(Object.keys(MATRIX).filter((id) => !build.routes[id]), "entries for routes that no longer exist").toEqual([]);
  });

  const cases = Object.entries(MATRIX).flatMap(([routeId, methods]) =>
    Object.entries(methods).map(([method, access]) => [routeId, method, access] as const),
  );

  it.each(cases)("%s %s (%s)", async (routeId, method, access) => {
    if (!build.routes[routeId]) return; // reported by the test above
    const url = urlOf(routeId);
    const call = async (who: keyof typeof callers) => {
      const client = await callers[who]();
      const res =
        method === "GET"
          ? await client.get(url)
          : isApi(routeId)
            ? await client.json(url, method, {})
            : await client.form(url, {});
      if (url.endsWith("/stream") && res.body) await res.body.cancel();
      return res;
    };
    const refused = (res: Response, as: "visitor" | "rider") => {
      if (isApi(routeId)) return res.status === (as === "visitor" ? 401 : 403);
      if (as === "rider") return res.status === 403;
      return res.status === 302 && res.headers.get("location") === "/login";
    };
    const admitted = (res: Response) => res.status !== 401 && res.status !== 403 && res.headers.get("location") !== "/login";

    const visitor = await call("visitor");
    const banned = await call("banned");
    const rider = await call("rider");
    const admin = await call("admin");
    const report = `${method} ${url}: visitor ${visitor.status}, banned ${banned.status}, rider ${rider.status}, admin ${admin.status}`;
    for (const res of [visitor, banned, rider, admin]) expect(res.status, report).toBeLessThan(500);

    if (access === "public") {
      expect(admitted(visitor) && admitted(rider) && admitted(admin), report).toBe(true);
    } else if (access === "token") {
      // A made-up token is refused for everyone, signed in or not.
      for (const res of [visitor, rider, admin]) expect([400, 403, 404], report).toContain(res.status);
    } else if (access === "user") {
      expect(refused(visitor, "visitor") && refused(banned, "visitor"), report).toBe(true);
      expect(admitted(rider) && admitted(admin), report).toBe(true);
    } else {
      expect(refused(visitor, "visitor") && refused(banned, "visitor"), report).toBe(true);
      expect(refused(rider, "rider"), report).toBe(true);
      expect(admitted(admin), report).toBe(true);
    }
  });
});
