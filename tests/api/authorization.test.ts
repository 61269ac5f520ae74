import type { ServerBuild } from "@remix-run/node";
import { and, count, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payeeKeyOf } from "../../app/features/books/payees.server";
import { defaultPayout } from "../../app/features/raceday/results";
import { alertPreferences, calendarFeeds, memberships, membershipYears, emailUnsubscribes, eventReports, eventRevisions, events, followRequests, follows, horseDocuments, horses, inviteLinks, notifications, pushSubscriptions, raceClasses, raceEntries, raceChecks, raceGateCalls, racePayoutOverrides, raceTimers, raceTimes, riders, series, seriesEvents, runLogs, savedEvents, savedSearches, userReports, users } from "../../db/schema";
import { moneyCloseouts, moneyRecords, raceMoneyRules } from "../../db/schema";
import {
  createEvent,
  createFollow,
  createHorse,
  createFollowRequest,
  createInvite,
  createRider,
  createRun,
  createSavedSearch,
  createUser,
  signedInRider,
  signIn,
  uploadImage,
} from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { publishResults } from "../helpers/season-factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * The authorization matrix, built from the app's own route list: every
 * route with a loader or an action has an entry saying who may call each of
 * its methods, and a route added without one fails here. Each caller kind is
 * checked against the route's guard: visitor, signed-in rider, banned rider
 * (a session from before the ban), and administrator.
 *
 * The owner and other-user columns (OWNERS, below) say, for every method a
 * signed-in rider may call and every route that names a record in its path,
 * what the record's owner gets and what another signed-in rider gets, checked
 * with real records: the other rider's call comes first and must leave the
 * owner's record as it was (or not show it). A method without an owner entry
 * fails here too. Admin-only routes need none: every rider, owners included,
 * gets the rider column's 403.
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
  "routes/horses._index": { GET: "user", POST: "user" },
  "routes/horses.$id": { GET: "user", POST: "user" },
  "routes/notifications": { GET: "user", POST: "user" },
  "routes/settings": { GET: "user" },
  "routes/settings_.account": { GET: "public", POST: "user" }, // GET only redirects to /settings
  "routes/settings_.riders": { GET: "public", POST: "user" }, // GET only redirects to /settings
  "routes/settings_.saved-searches": { GET: "public", POST: "user" }, // GET only redirects to /settings
  "routes/settings_.alerts": { GET: "public", POST: "user" }, // GET only redirects to /settings
  "routes/unsubscribe.$token": { GET: "token", POST: "token" },
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
  "routes/api.auth.change-password": { POST: "user" },
  "routes/api.auth.forgot-password": { POST: "public" },
  "routes/api.auth.validate-reset-token.$token": { GET: "public" },
  "routes/api.auth.reset-password.$token": { POST: "public" },
  "routes/api.auth.resend-verification": { POST: "public" },
  "routes/api.auth.verify-email.$token": { POST: "public" },
  "routes/api.invite-links.validate.$code": { GET: "public" },
  "routes/api.invite-links": { GET: "user", POST: "user" },
  "routes/api.invite-links.$id": { DELETE: "user" },
  "routes/api.$": { GET: "public", POST: "public" },
  "routes/api.openapi[.]json": { GET: "public" },
  // Account
  "routes/api.account.export": { GET: "user" },
  "routes/api.profile-picture": { PUT: "user" },
  "routes/api.profile-picture.upload": { POST: "user" },
  // Events
  "routes/api.events": { GET: "user", POST: "user" },
  "routes/api.events.$id": { GET: "user", PUT: "user" },
  "routes/api.events.$id.ics": { GET: "public" },
  "routes/api.events.$id.status": { POST: "user" },
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
  "routes/api.horses": { GET: "user", POST: "user" },
  "routes/api.horses.$id": { GET: "user", PATCH: "user", DELETE: "user" },
  "routes/api.riders": { GET: "user", POST: "user" },
  "routes/api.riders.$id": { DELETE: "user" },
  "routes/api.saved-searches": { GET: "user", POST: "user" },
  "routes/api.saved-searches.$id": { PATCH: "user", DELETE: "user" },
  "routes/api.share.run-log.$id": { GET: "public" },
  // A horse's papers and its shared record
  "routes/api.horses.$id.documents": { GET: "user", POST: "user" },
  "routes/api.horses.$id.documents.$docId": { GET: "user", PATCH: "user", DELETE: "user" },
  "routes/api.horses.$id.documents.$docId.file": { GET: "user" },
  "routes/horses.$id_.papers": { GET: "user", POST: "user" },
  "routes/horses.$id_.papers_.$docId": { GET: "user" },
  "routes/share.horse.$id": { GET: "public" },
  "routes/api.share.horse.$id": { GET: "public" },
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
  // Alert channels
  "routes/api.alert-preferences": { GET: "user", PUT: "user" },
  "routes/api.push-subscriptions": { GET: "user", POST: "user", DELETE: "user" },
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
  "routes/api.admin.event-revisions": { GET: "admin" },
  "routes/api.admin.event-revisions.$eventId": { PATCH: "admin" },
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
  // Race day: classes, entries, the draw, timers
  "routes/events_.$id.enter": { GET: "user", POST: "user" },
  "routes/events_.$id.draw": { GET: "public" },
  "routes/events_.$id.race-day": { GET: "user", POST: "user" },
  "routes/api.events.$id.classes": { GET: "public", POST: "user" },
  "routes/api.events.$id.classes.$classId": { PATCH: "user", DELETE: "user" },
  "routes/api.events.$id.classes.$classId.draw": { GET: "public", POST: "user" },
  "routes/api.events.$id.entries": { GET: "user", POST: "user" },
  "routes/api.events.$id.entries.$entryId": { PATCH: "user", DELETE: "user" },
  "routes/api.events.$id.timers": { GET: "user", POST: "user" },
  "routes/api.events.$id.timers.$userId": { DELETE: "user" },
  // Race day: the booth, live results, results and publishing
  "routes/events_.$id.booth": { GET: "user", POST: "user" },
  "routes/events_.$id.live": { GET: "public" },
  "routes/events_.$id.results": { GET: "public" },
  "routes/events_.$id.results_.$classId": { GET: "public", POST: "user" },
  "routes/api.events.$id.times": { POST: "user" },
  "routes/api.events.$id.times.$timeId": { PATCH: "user", DELETE: "user" },
  "routes/api.events.$id.times.$timeId.rerun": { POST: "user" },
  "routes/api.events.$id.live": { GET: "public" },
  "routes/api.events.$id.classes.$classId.results": { GET: "public" },
  "routes/api.events.$id.classes.$classId.results.publish": { POST: "user" },
  "routes/api.events.$id.classes.$classId.results[.csv]": { GET: "public" },
  "routes/api.events.$id.classes.$classId.overrides.$entryId": { PUT: "user", DELETE: "user" },
  // When do I run: a rider's own places in line, the pace, gate calls, the arena screen
  "routes/events_.$id.arena": { GET: "public" },
  "routes/events_.$id.announcer": { GET: "user" },
  "routes/api.events.$id.arena": { GET: "public" },
  "routes/api.events.$id.pace": { GET: "public" },
  "routes/api.events.$id.my-runs": { GET: "user" },
  "routes/api.events.$id.gate-calls": { POST: "user" },
  // The season: series, join requests, standings, the road to the finals
  "routes/series._index": { GET: "public" },
  "routes/series.$id": { GET: "public" },
  "routes/embed.series.$id": { GET: "public" },
  "routes/admin_.series": { GET: "admin", POST: "admin" },
  // The race office: the books, checks to winners, printed sheets, a year's winnings.
  "routes/events_.$id.books": { GET: "user", POST: "user" },
  "routes/events_.$id.checks": { GET: "user", POST: "user" },
  "routes/events_.$id.sheets.$sheet": { GET: "user" },
  "routes/admin_.winnings": { GET: "admin", POST: "admin" },
  "routes/api.events.$id.books": { GET: "user" },
  "routes/api.events.$id.books[.csv]": { GET: "user" },
  "routes/api.events.$id.checks": { GET: "user" },
  "routes/api.events.$id.checks.$payeeKey": { PUT: "user" },
  "routes/api.events.$id.checks.$payeeKey.void": { POST: "user" },
  "routes/api.events.$id.checks.$payeeKey.cashed": { POST: "user" },
  "routes/api.admin.winnings": { GET: "admin" },
  "routes/api.admin.winnings[.csv]": { GET: "admin" },
  "routes/api.admin.settings": { GET: "admin", PATCH: "admin" },
  "routes/api.admin.payee-links": { POST: "admin", DELETE: "admin" },
  "routes/admin_.series_.$id": { GET: "admin", POST: "admin" },
  "routes/events_.$id.series": { GET: "user", POST: "user" },
  "routes/api.series": { GET: "public", POST: "admin" },
  "routes/api.series.$id": { GET: "public", PATCH: "admin", DELETE: "admin" },
  "routes/api.series.$id.events": { POST: "user" },
  "routes/api.series.$id.events.$eventId": { PATCH: "admin" },
  "routes/api.series.$id.standings": { GET: "public" },
  "routes/api.series.$id.standings[.csv]": { GET: "public" },
  "routes/api.users.$id.qualification": { GET: "public" },
  "routes/membership._index": { GET: "user", POST: "user" },
  "routes/membership.card.$id": { GET: "user" },
  "routes/admin_.members": { GET: "admin", POST: "admin" },
  "routes/api.admin.membership-years": { GET: "admin", POST: "admin" },
  "routes/api.admin.membership-years.$id": { GET: "admin", PATCH: "admin" },
  "routes/api.memberships": { POST: "user" },
  "routes/api.memberships.mine": { GET: "user" },
  "routes/api.admin.memberships": { GET: "admin" },
  "routes/api.admin.memberships.$id": { PATCH: "admin" },
  "routes/api.admin.memberships.import": { POST: "admin" },
  "routes/api.admin.memberships[.csv]": { GET: "admin" },
  // The ledger (branch ledger): money records, close-outs by day, a rider's receipts.
  "routes/api.events.$id.ledger": { GET: "user", POST: "user" },
  "routes/api.events.$id.ledger.$recordId.reverse": { POST: "user" },
  "routes/api.events.$id.closeouts": { GET: "user", POST: "user" },
  "routes/api.events.$id.money-rules": { GET: "user", PUT: "user" },
  "routes/api.me.receipts": { GET: "user" },
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
  return `/${urlTemplate(routeId)}`.replace(/:[^/]+/g, "1").replace(/\*$/, "x").replace(/\/+/g, "/");
}

/** A route's path with its parents' ("events/:id/edit"). */
function urlTemplate(routeId: string) {
  const parts: string[] = [];
  const route = build.routes[routeId];
  for (let r: typeof route | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return parts.join("/");
}

const isApi = (routeId: string) => routeId.startsWith("routes/api.");
/** Server-sent events never end: the unread count, an event's live results. */
const isStream = (url: string) => /^\/api\/.*\/(stream|live|arena)$/.test(url);

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
      if (isStream(url) && res.body) await res.body.cancel();
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

// ---------------------------------------------------------------------------
// Owner and other-user columns
// ---------------------------------------------------------------------------

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Party = { user: typeof users.$inferSelect; client: Client };
type Parties = { owner: Party; other: Party; third: typeof users.$inferSelect };
/** What one caller gets: the status, whether the answer shows the record's marker, whether the record changed. */
type Side = { status: number | number[]; sees?: boolean; changes?: boolean };
type Req = { url: string; json?: unknown; form?: Record<string, string> };
type Owned = { run: (parties: Parties, routeId: string, method: Method) => Promise<void>; ownerMode?: "INVITE_ONLY" | "PUBLIC" };
type NotOwned = { none: string };

/** Set while the named-timer pass runs: owned() names the other rider a timer of the record's event. */
let otherIsNamedTimer = false;

let counter = 0;
/** A value found nowhere else, to tell whether an answer shows the owner's record. */
const tag = () => `Zzown${++counter}x${Date.now().toString(36)}`;

/**
 * One owner/other check. `state` reads the owner's record from the database:
 * compared before and after each call, it tells whether that call changed it
 * (`changes`, false by default for the other rider, true for the owner).
 */
function owned<C extends object>(c: {
  ownerMode?: "INVITE_ONLY" | "PUBLIC";
  setup: (p: Parties) => C | Promise<C>;
  request: (ctx: C, p: Parties) => Req;
  state?: (ctx: C, p: Parties) => unknown;
  owner: Side;
  other: Side;
}): Owned {
  return {
    ownerMode: c.ownerMode,
    async run(parties, routeId, method) {
      const ctx = await c.setup(parties);
      // The named-timer pass (below): the other rider is a timer the producer named for the event.
      const timedEvent = (ctx as { event?: { id: string }; timerEvent?: string }).event?.id ?? (ctx as { timerEvent?: string }).timerEvent;
      if (otherIsNamedTimer && timedEvent) db().insert(raceTimers).values({ eventId: timedEvent, userId: parties.other.user.id }).onConflictDoNothing().run();
      const req = c.request(ctx, parties);
      const snapshot = () => JSON.stringify(c.state?.(ctx, parties) ?? null);
      for (const who of ["other", "owner"] as const) {
        const before = snapshot();
        const res = await send(parties[who].client, routeId, method, req);
        const body = await readBody(res, req.url);
        const side = c[who];
        const report = `${who}: ${method} ${req.url} answered ${res.status} ${body.slice(0, 300)}`;
        expect([side.status].flat(), report).toContain(res.status);
        const marker = (ctx as { marker?: string }).marker;
        if (side.sees !== undefined) expect(Boolean(marker) && body.includes(marker!), `${report}\nshows the owner's record`).toBe(side.sees);
        if (c.state) expect(snapshot() !== before, `${report}\nchanges the owner's record`).toBe(side.changes ?? who === "owner");
      }
    },
  };
}

async function send(client: Client, routeId: string, method: Method, req: Req) {
  if (method === "GET") return client.get(req.url);
  if (isApi(routeId)) return client.json(req.url, method, req.json ?? {});
  return client.form(req.url, req.form ?? {});
}

async function readBody(res: Response, url: string) {
  if (!isStream(url)) return res.text();
  // Server-sent events never end: read until the first count arrives.
  const reader = res.body!.getReader();
  let text = "";
  for (let i = 0; i < 5 && !text.includes("data:"); i++) text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  return text;
}

// Records of one owner, made directly (the features' own tests prove how they are made).
const db = () => app.db;
const membershipYear = () =>
  db()
    .insert(membershipYears)
    .values({ name: tag(), startDate: "2026-01-01", endDate: "2099-12-31", kinds: [{ kind: "OPEN", duesCents: 5000, minAge: null, maxAge: null }] })
    .returning()
    .get().id;
/** The owner's paid membership, named by a marker. */
const ownMembership = (p: Parties) => {
  const marker = tag();
  const row = db()
    .insert(memberships)
    .values({ yearId: membershipYear(), holderKey: `u:${p.owner.user.id}:`, userId: p.owner.user.id, name: marker, kind: "OPEN", status: "ACTIVE", number: marker.slice(0, 20), duesCents: 5000, startsOn: "2026-01-01" })
    .returning()
    .get();
  return { marker, id: row.id };
};
/** A rider profile the owner manages, and a year to join. */
const ownRiderToJoin = (p: Parties) => ({ yearId: membershipYear(), riderId: createRider(db(), p.owner.user.id, tag()).id });
const membershipsOfRider = (riderId: number) => db().select().from(memberships).where(eq(memberships.riderId, riderId)).all();
const privateRun = (p: Parties) => {
  const marker = tag();
  return { marker, run: createRun(db(), p.owner.user.id, { notes: marker, horseName: marker, privacy: "PRIVATE" }) };
};
const publicRun = (p: Parties) => {
  const marker = tag();
  return { marker, run: createRun(db(), p.owner.user.id, { notes: marker, privacy: "PUBLIC" }) };
};
/** An event the owner created, waiting for approval: only its creator (and admins) may see it. */
const pendingEvent = (p: Parties) => {
  const marker = tag();
  return { marker, event: createEvent(db(), { name: marker, createdBy: p.owner.user.id, showbillApproved: false }) };
};
/** A listed (approved) event the owner created: others see it, only its creator edits it. */
const ownEvent = (p: Parties) => {
  const marker = tag();
  return { marker, event: createEvent(db(), { name: marker, createdBy: p.owner.user.id }) };
};
/** An approved event someone else created, saved by the owner. */
const ownersSave = (p: Parties) => {
  const marker = tag();
  const event = createEvent(db(), { name: marker });
  db().insert(savedEvents).values({ userId: p.owner.user.id, eventId: event.id }).run();
  return { marker, event };
};
const savesOf = (eventId: string) => db().select({ userId: savedEvents.userId }).from(savedEvents).where(eq(savedEvents.eventId, eventId)).all();
const notice = (p: Parties) => {
  const marker = tag();
  return { marker, note: db().insert(notifications).values({ userId: p.owner.user.id, type: "admin", title: marker, message: "Owned notice" }).returning().get() };
};
const runRow = (id: string) => db().select().from(runLogs).where(eq(runLogs.id, id)).get() ?? null;
/** A horse of the owner, named by a marker. */
const ownHorse = (p: Parties) => {
  const marker = tag();
  return { marker, horse: { ...createHorse(db(), p.owner.user.id, { name: marker }), marker } };
};
const horseRow = (id: string) => db().select().from(horses).where(eq(horses.id, id)).get() ?? null;
const eventRow = (id: string) => db().select().from(events).where(eq(events.id, id)).get() ?? null;
/** An approved event and the change waiting for review on it: a creator's edit of a listed event changes the second. */
const eventAndChange = (id: string) => [eventRow(id), db().select().from(eventRevisions).where(eq(eventRevisions.eventId, id)).get() ?? null];
const userRow = (id: string) => db().select().from(users).where(eq(users.id, id)).get()!;
const countOf = (rows: unknown[]) => rows.length;
const notesAbout = (runId: string) => countOf(db().select().from(notifications).where(eq(notifications.relatedRunLogId, runId)).all());
const validEvent = (marker: string) => ({ name: marker, location: "Troy, MT", zipCode: "59935", date: "2031-09-17", eventType: "barrel_racing" });
const savedSearchRow = (id: number) => db().select().from(savedSearches).where(eq(savedSearches.id, id)).get() ?? null;
const ownFeed = (p: Parties) => db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, p.owner.user.id)).get() ?? null;

/** A Web Push subscription of the owner's (an endpoint and keys as a browser makes them). */
const pushDevice = (p: Parties) =>
  db()
    .insert(pushSubscriptions)
    .values({ userId: p.owner.user.id, endpoint: `https://push.example.org/send/${tag()}`, p256dh: `B${"a".repeat(86)}`, auth: "bbbbbbbbbbbbbbbbbbbbbb" })
    .returning()
    .get();
/** A horse of the owner's with one paper (its file on disk carrying the marker), unshared. */
const ownPaper = (p: Parties) => {
  const marker = tag();
  const horse = db().insert(horses).values({ userId: p.owner.user.id, name: marker }).returning().get();
  const folder = path.join(app.dataDir, "private", "papers");
  fs.mkdirSync(folder, { recursive: true });
  const fileKey = `${randomBytes(16).toString("base64url").slice(0, 22)}.pdf`;
  fs.writeFileSync(path.join(folder, fileKey), `%PDF-1.4\n%${marker}\n%%EOF\n`);
  const doc = db()
    .insert(horseDocuments)
    .values({ horseId: horse.id, userId: p.owner.user.id, kind: "other", fileKey, fileName: `${marker}.pdf`, contentType: "application/pdf", size: 30, expiresOn: "2030-01-01" })
    .returning()
    .get();
  return { marker, horse, doc, url: `/api/horses/${horse.id}/documents/${doc.id}` };
};
const paperRow = (id: string) => db().select().from(horseDocuments).where(eq(horseDocuments.id, id)).get() ?? null;

// Race day records: a class of the owner's listed event; the owner's entry in a third rider's event; a published draw.
const raceClassRow = (id: string) => db().select().from(raceClasses).where(eq(raceClasses.id, id)).get() ?? null;
const raceEntryRow = (id: string) => db().select().from(raceEntries).where(eq(raceEntries.id, id)).get() ?? null;
const ownClass = (p: Parties) => {
  const own = ownEvent(p);
  const cls = db().insert(raceClasses).values({ eventId: own.event.id, name: own.marker, entryFeeCents: 5000, payout: defaultPayout(1) }).returning().get();
  return { ...own, cls };
};
const ridersEntry = (p: Parties) => {
  const marker = tag();
  const event = createEvent(db(), { createdBy: p.third.id, date: "2031-06-14" });
  const cls = db().insert(raceClasses).values({ eventId: event.id, name: "Open 4D", entryFeeCents: 5000, payout: defaultPayout(1) }).returning().get();
  const horse = createHorse(db(), p.owner.user.id, { name: marker });
  const entry = db().insert(raceEntries).values({ eventId: event.id, classId: cls.id, userId: p.owner.user.id, riderName: "Owner Rider", horseId: horse.id, horseName: marker }).returning().get();
  return { marker, event, cls, entry };
};
/** A class of the owner's event with a published draw naming a marked horse; `approved` false hides the event from others. */
const publishedDraw = (p: Parties, approved: boolean) => {
  const marker = tag();
  const event = createEvent(db(), { name: marker, createdBy: p.owner.user.id, showbillApproved: approved });
  const cls = db().insert(raceClasses).values({ eventId: event.id, name: marker, entryFeeCents: 5000, payout: defaultPayout(1), drawSeed: "authz", drawnAt: new Date(), drawPublishedAt: new Date() }).returning().get();
  db().insert(raceEntries).values({ eventId: event.id, classId: cls.id, riderName: "Walk Up", horseName: marker, drawPosition: 1, dragsBefore: 0 }).run();
  return { marker, event, cls };
};
const namedTimer = (p: Parties, eventId: string) => {
  db().insert(raceTimers).values({ eventId, userId: p.third.id }).run();
  return { timerEvent: eventId, marker: p.third.email };
};

const searchOnly = { none: "a search or list of what anyone may find; what each viewer sees of it is tests/api/leak.test.ts's" };
const tokenOnly = { none: "the token in the path is the credential: whoever holds it may use it, signed in or not" };

/**
 * Owner and other-user columns: every method of the matrix whose access is
 * "user", and every method of a public or token route naming a record in its
 * path, has an entry: a check with real records, or `none` with the reason.
 */
const OWNERS: Record<string, Partial<Record<Method, Owned | NotOwned>>> = {
  // Screens
  "routes/$": { GET: { none: "the catch-all page names no record" } },
  "routes/reset-password.$token": { GET: tokenOnly, POST: tokenOnly },
  "routes/verify-email.$token": { POST: tokenOnly },
  "routes/calendar.$token": { GET: tokenOnly },
  "routes/uploads.$": {
    GET: owned({
      // Stored files have random names and are served to whoever has the URL (pictures are shown to others).
      setup: async (p) => ({ url: (await uploadImage(p.owner.client, "avatar")).url }),
      request: (c) => ({ url: c.url }),
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/share.event.$id": {
    GET: owned({ setup: pendingEvent, request: (c) => ({ url: `/share/event/${c.event.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      // Saving is per rider: another rider's "unsave" removes only their own save.
      setup: ownersSave,
      request: (c) => ({ url: `/share/event/${c.event.id}`, form: { intent: "unsave" } }),
      state: (c) => savesOf(c.event.id),
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/share.run-log.$id": {
    GET: owned({ setup: privateRun, request: (c) => ({ url: `/share/run-log/${c.run.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/share-with.$type.$id": {
    GET: owned({
      // The share screen shows nothing of the item; it checks the item can be shared first.
      setup: publicRun,
      request: (c) => ({ url: `/share-with/run-log/${c.run.id}` }),
      owner: { status: 200, sees: false },
      other: { status: 404, sees: false },
    }),
    POST: owned({
      setup: publicRun,
      request: (c, p) => ({ url: `/share-with/run-log/${c.run.id}`, form: { targetUserId: p.third.id } }),
      state: (c) => notesAbout(c.run.id),
      owner: { status: 302 },
      other: { status: 404 },
    }),
  },
  "routes/events": {
    // The owner's pending event is in their Created folder; each folder's page carries its own cards only.
    GET: owned({ setup: pendingEvent, request: () => ({ url: "/events?folder=created" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      setup: async (p) => (await p.owner.client.json("/api/calendar-feed", "POST"), {}),
      request: () => ({ url: "/events", form: { intent: "feed-rotate" } }),
      state: (_c, p) => ownFeed(p),
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/events_.$id.edit": {
    GET: owned({ setup: ownEvent, request: (c) => ({ url: `/events/${c.event.id}/edit` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
    POST: owned({
      setup: ownEvent,
      request: (c) => ({ url: `/events/${c.event.id}/edit`, form: { ...validEvent(`${c.marker}b`), ignoreConflicts: "1" } }),
      state: (c) => eventAndChange(c.event.id),
      owner: { status: 302 },
      other: { status: 403 },
    }),
  },
  "routes/events_.$id.report": {
    GET: owned({ setup: pendingEvent, request: (c) => ({ url: `/events/${c.event.id}/report` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      setup: pendingEvent,
      request: (c) => ({ url: `/events/${c.event.id}/report`, form: { reason: "wrong-info", description: "" } }),
      state: (c) => countOf(db().select().from(eventReports).where(eq(eventReports.eventId, c.event.id)).all()),
      owner: { status: 302 },
      other: { status: 404 },
    }),
  },
  "routes/events_.$id.save": {
    POST: owned({
      setup: ownersSave,
      request: (c) => ({ url: `/events/${c.event.id}/save`, form: { intent: "unsave" } }),
      state: (c) => savesOf(c.event.id),
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/add-event": {
    GET: { none: "the empty Add Event form" },
    POST: owned({
      // Attaching an upload: only one's own showbill file.
      setup: async (p) => ({ url: (await uploadImage(p.owner.client, "showbill")).url }),
      request: (c) => ({ url: "/add-event", form: { ...validEvent(tag()), confirmTerms: "on", ignoreConflicts: "1", showbillUrl: c.url } }),
      state: (c) => countOf(db().select().from(events).where(eq(events.showbillUrl, c.url)).all()),
      owner: { status: 302 },
      other: { status: 400 },
    }),
  },
  "routes/run-log": {
    GET: owned({ setup: privateRun, request: (c) => ({ url: `/run-log?edit=${c.run.id}` }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      setup: privateRun,
      request: (c) => ({ url: "/run-log", form: { intent: "delete", id: c.run.id } }),
      state: (c) => runRow(c.run.id),
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/horses._index": {
    GET: owned({ setup: ownHorse, request: () => ({ url: "/horses" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      setup: (p) => ({ horse: ownHorse(p) }),
      request: (c) => ({ url: "/horses", form: { name: c.horse.marker } }),
      state: (_c, p) => countOf(db().select().from(horses).where(eq(horses.userId, p.owner.user.id)).all()),
      owner: { status: 409, changes: false },
      other: { status: 302 },
    }),
  },
  "routes/horses.$id": {
    GET: owned({ setup: ownHorse, request: (c) => ({ url: `/horses/${c.horse.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      setup: ownHorse,
      request: (c) => ({ url: `/horses/${c.horse.id}`, form: { intent: "retire" } }),
      state: (c) => horseRow(c.horse.id),
      owner: { status: 302 },
      other: { status: 404 },
    }),
  },
  "routes/notifications": {
    GET: owned({ setup: notice, request: () => ({ url: "/notifications" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      setup: notice,
      request: (c) => ({ url: "/notifications", form: { intent: "read", id: String(c.note.id) } }),
      state: (c) => db().select().from(notifications).where(eq(notifications.id, c.note.id)).get(),
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/settings": {
    GET: owned({
      setup: (p) => ({ marker: createRider(db(), p.owner.user.id, tag()).name }),
      request: () => ({ url: "/settings" }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
  },
  "routes/settings_.account": {
    POST: owned({
      setup: (p) => ({ invite: createInvite(db(), p.owner.user.id) }),
      request: (c) => ({ url: "/settings/account", form: { intent: "invite-remove", inviteId: String(c.invite.id) } }),
      state: (c) => db().select().from(inviteLinks).where(eq(inviteLinks.id, c.invite.id)).get(),
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/settings_.alerts": {
    POST: owned({
      // Each rider's form sets only their own channels, and turns only their own address back on.
      setup: (p) => (db().insert(emailUnsubscribes).values({ email: p.owner.user.email }).run(), {}),
      request: () => ({ url: "/settings/alerts", form: { intent: "resubscribe" } }),
      state: (_c, p) => db().select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, p.owner.user.email)).get() ?? null,
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/unsubscribe.$token": { GET: tokenOnly, POST: tokenOnly },
  "routes/settings_.riders": {
    POST: owned({
      setup: (p) => ({ rider: createRider(db(), p.owner.user.id, tag()) }),
      request: (c) => ({ url: "/settings/riders", form: { intent: "remove", id: String(c.rider.id) } }),
      state: (c) => db().select().from(riders).where(eq(riders.id, c.rider.id)).get() ?? null,
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/settings_.saved-searches": {
    POST: owned({
      setup: async (p) => ({ search: await createSavedSearch(db(), p.owner.user.id, { name: tag() }) }),
      request: (c) => ({ url: "/settings/saved-searches", form: { intent: "pause", id: String(c.search.id) } }),
      state: (c) => savedSearchRow(c.search.id),
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/profile.$userId": {
    GET: owned({
      // An INVITE_ONLY profile: its owner sees it all, another rider the limited view.
      setup: (p) => {
        const marker = tag();
        db().update(users).set({ bio: marker }).where(eq(users.id, p.owner.user.id)).run();
        return { marker };
      },
      request: (_c, p) => ({ url: `/profile/${p.owner.user.id}` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
    POST: owned({
      // Reporting: never oneself; another rider may.
      setup: () => ({}),
      request: (_c, p) => ({ url: `/profile/${p.owner.user.id}`, form: { intent: "report", reason: "spam", description: "" } }),
      state: (_c, p) => countOf(db().select().from(userReports).where(eq(userReports.reportedUserId, p.owner.user.id)).all()),
      owner: { status: 302, changes: false },
      other: { status: 302, changes: true },
    }),
  },

  // /api: auth, invites, account
  "routes/api.auth.user": {
    GET: owned({ setup: (p) => ({ marker: p.owner.user.email }), request: () => ({ url: "/api/auth/user" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/api.auth.user_.profile": {
    PATCH: owned({
      setup: () => ({}),
      request: () => ({ url: "/api/auth/user/profile", json: { bio: tag() } }),
      state: (_c, p) => userRow(p.owner.user.id).bio,
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/api.auth.change-password": { POST: { none: "changes the caller's own password, proven with it; it names no record" } },
  "routes/api.auth.validate-reset-token.$token": { GET: tokenOnly },
  "routes/api.auth.reset-password.$token": { POST: tokenOnly },
  "routes/api.auth.verify-email.$token": { POST: tokenOnly },
  "routes/api.invite-links.validate.$code": {
    GET: owned({
      // An invite code is made to be given away: anyone may check it.
      setup: (p) => ({ marker: '"valid":true', invite: createInvite(db(), p.owner.user.id) }),
      request: (c) => ({ url: `/api/invite-links/validate/${c.invite.code}` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: true },
    }),
  },
  "routes/api.invite-links": {
    GET: owned({
      setup: (p) => ({ marker: createInvite(db(), p.owner.user.id).code }),
      request: () => ({ url: "/api/invite-links" }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
    POST: owned({
      setup: () => ({}),
      request: () => ({ url: "/api/invite-links" }),
      state: (_c, p) => countOf(db().select().from(inviteLinks).where(eq(inviteLinks.userId, p.owner.user.id)).all()),
      owner: { status: 201 },
      other: { status: 201 },
    }),
  },
  "routes/api.invite-links.$id": {
    DELETE: owned({
      setup: (p) => ({ invite: createInvite(db(), p.owner.user.id) }),
      request: (c) => ({ url: `/api/invite-links/${c.invite.id}` }),
      state: (c) => db().select().from(inviteLinks).where(eq(inviteLinks.id, c.invite.id)).get(),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.account.export": {
    GET: owned({
      setup: (p) => ({ marker: createRider(db(), p.owner.user.id, tag()).name }),
      request: () => ({ url: "/api/account/export" }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
  },
  "routes/api.profile-picture": {
    PUT: owned({
      // Attaching an upload: only one's own picture, never someone else's file.
      setup: async (p) => ({ url: (await uploadImage(p.owner.client, "avatar")).url }),
      request: (c) => ({ url: "/api/profile-picture", json: { profileImageURL: c.url } }),
      state: (_c, p) => [userRow(p.owner.user.id).profileImageUrl, userRow(p.other.user.id).profileImageUrl],
      owner: { status: 200 },
      other: { status: 400 },
    }),
  },
  "routes/api.profile-picture.upload": { POST: { none: "signs an upload URL for the caller's own next picture; it stores nothing and names no record" } },

  // /api: events
  "routes/api.events": {
    GET: searchOnly,
    POST: owned({
      setup: async (p) => ({ url: (await uploadImage(p.owner.client, "showbill")).url }),
      request: (c) => ({ url: "/api/events", json: { ...validEvent(tag()), eventType: ["barrel_racing"], confirmTerms: true, showbillUrl: c.url } }),
      state: (c) => countOf(db().select().from(events).where(eq(events.showbillUrl, c.url)).all()),
      owner: { status: 201 },
      other: { status: 400 },
    }),
  },
  "routes/api.events.$id": {
    GET: owned({ setup: pendingEvent, request: (c) => ({ url: `/api/events/${c.event.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    PUT: owned({
      setup: ownEvent,
      request: (c) => ({ url: `/api/events/${c.event.id}`, json: { name: `${c.marker}b` } }),
      state: (c) => eventAndChange(c.event.id),
      owner: { status: 202 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.ics": {
    GET: owned({ setup: pendingEvent, request: (c) => ({ url: `/api/events/${c.event.id}/ics` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/api.events.$id.status": {
    POST: owned({
      // Cancelling or postponing a listed event: its creator (or an admin), never another rider.
      setup: ownEvent,
      request: (c) => ({ url: `/api/events/${c.event.id}/status`, json: { status: "CANCELLED", reason: "Arena flooded" } }),
      state: (c) => eventRow(c.event.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.save": {
    POST: owned({
      // The creator cannot save their own event (it is in Created Events); another rider can.
      setup: (p) => ({ event: createEvent(db(), { createdBy: p.owner.user.id }) }),
      request: (c) => ({ url: `/api/events/${c.event.id}/save` }),
      state: (c) => savesOf(c.event.id),
      owner: { status: 400, changes: false },
      other: { status: 200, changes: true },
    }),
    DELETE: owned({
      setup: ownersSave,
      request: (c) => ({ url: `/api/events/${c.event.id}/save` }),
      state: (c) => savesOf(c.event.id),
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/api.events.search": { POST: searchOnly },
  "routes/api.events.share": {
    POST: owned({
      // Only a listed (approved) event can be sent to a rider: not before approval, not even by its creator.
      setup: pendingEvent,
      request: (c, p) => ({ url: "/api/events/share", json: { eventId: c.event.id, targetUserId: p.third.id } }),
      state: (c) => countOf(db().select().from(notifications).where(eq(notifications.relatedEventId, c.event.id)).all()),
      owner: { status: 404, changes: false },
      other: { status: 404 },
    }),
  },
  "routes/api.saved-events": {
    GET: owned({ setup: ownersSave, request: () => ({ url: "/api/saved-events" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/api.created-events": {
    GET: owned({ setup: pendingEvent, request: () => ({ url: "/api/created-events" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/api.city-state-suggestions": { GET: searchOnly },
  "routes/api.geocode-location": { POST: searchOnly },
  "routes/api.event-reports": {
    POST: owned({
      setup: pendingEvent,
      request: (c) => ({ url: "/api/event-reports", json: { eventId: c.event.id, reason: "wrong-info" } }),
      state: (c) => countOf(db().select().from(eventReports).where(eq(eventReports.eventId, c.event.id)).all()),
      owner: { status: 201 },
      other: { status: 404 },
    }),
  },
  "routes/api.calendar-feed": {
    GET: owned({
      setup: async (p) => (await p.owner.client.json("/api/calendar-feed", "POST"), { marker: '"active":true' }),
      request: () => ({ url: "/api/calendar-feed" }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
    POST: owned({
      setup: async (p) => (await p.owner.client.json("/api/calendar-feed", "POST"), {}),
      request: () => ({ url: "/api/calendar-feed" }),
      state: (_c, p) => ownFeed(p),
      owner: { status: 201 },
      other: { status: 201 },
    }),
    DELETE: owned({
      setup: async (p) => (await p.owner.client.json("/api/calendar-feed", "POST"), {}),
      request: () => ({ url: "/api/calendar-feed" }),
      state: (_c, p) => ownFeed(p),
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/api.objects.upload": { POST: { none: "signs an upload URL for the caller; it stores nothing and names no record" } },
  "routes/api.objects.convert-url": {
    POST: owned({
      setup: async (p) => {
        const { uploadURL, url } = await uploadImage(p.owner.client, "showbill");
        return { uploadURL, marker: url };
      },
      request: (c) => ({ url: "/api/objects/convert-url", json: { uploadURL: c.uploadURL } }),
      owner: { status: 200, sees: true },
      other: { status: 404, sees: false },
    }),
  },
  "routes/api.objects.put.$token": { PUT: tokenOnly },
  "routes/api.$": { GET: { none: "unknown /api paths: 404 for everyone" }, POST: { none: "unknown /api paths: 404 for everyone" } },
  "routes/api.share.event.$id": {
    GET: owned({ setup: pendingEvent, request: (c) => ({ url: `/api/share/event/${c.event.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },

  // /api: runs and riders
  "routes/api.run-logs": {
    GET: owned({ setup: privateRun, request: () => ({ url: "/api/run-logs" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      // Linking a rider: only one's own.
      setup: (p) => ({ rider: createRider(db(), p.owner.user.id, tag()) }),
      request: (c) => ({ url: "/api/run-logs", json: { arenaName: "Cowtown Coliseum", riderId: c.rider.id } }),
      state: (c) => countOf(db().select().from(runLogs).where(eq(runLogs.riderId, c.rider.id)).all()),
      owner: { status: 201 },
      other: { status: 400 },
    }),
  },
  "routes/api.run-logs.$id": {
    DELETE: owned({ setup: privateRun, request: (c) => ({ url: `/api/run-logs/${c.run.id}` }), state: (c) => runRow(c.run.id), owner: { status: 200 }, other: { status: 404 } }),
  },
  "routes/api.run-logs.$id.privacy": {
    PATCH: owned({
      setup: privateRun,
      request: (c) => ({ url: `/api/run-logs/${c.run.id}/privacy`, json: { privacy: "PUBLIC" } }),
      state: (c) => runRow(c.run.id),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  // A horse's papers: another rider (an administrator too) gets exactly what a missing paper gets.
  "routes/api.horses.$id.documents": {
    GET: owned({ setup: ownPaper, request: (c) => ({ url: `/api/horses/${c.horse.id}/documents` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      // A JSON body is no paper (400 for the owner); another rider's horse is refused before the body is read.
      setup: ownPaper,
      request: (c) => ({ url: `/api/horses/${c.horse.id}/documents`, json: { kind: "other" } }),
      state: (c) => countOf(db().select().from(horseDocuments).where(eq(horseDocuments.horseId, c.horse.id)).all()),
      owner: { status: 400, changes: false },
      other: { status: 404 },
    }),
  },
  "routes/api.horses.$id.documents.$docId": {
    GET: owned({ setup: ownPaper, request: (c) => ({ url: c.url }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    PATCH: owned({ setup: ownPaper, request: (c) => ({ url: c.url, json: { expiresOn: "2031-02-03" } }), state: (c) => paperRow(c.doc.id), owner: { status: 200 }, other: { status: 404 } }),
    DELETE: owned({ setup: ownPaper, request: (c) => ({ url: c.url }), state: (c) => paperRow(c.doc.id), owner: { status: 200 }, other: { status: 404 } }),
  },
  "routes/api.horses.$id.documents.$docId.file": {
    GET: owned({ setup: ownPaper, request: (c) => ({ url: `${c.url}/file` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/horses.$id_.papers": {
    GET: owned({ setup: ownPaper, request: (c) => ({ url: `/horses/${c.horse.id}/papers` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      setup: ownPaper,
      request: (c) => ({ url: `/horses/${c.horse.id}/papers`, form: { intent: "delete", docId: c.doc.id } }),
      state: (c) => paperRow(c.doc.id),
      owner: { status: 302 },
      other: { status: 404 },
    }),
  },
  "routes/horses.$id_.papers_.$docId": {
    GET: owned({ setup: ownPaper, request: (c) => ({ url: `/horses/${c.horse.id}/papers/${c.doc.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  // Not shared: nobody gets the record, its owner included (the horse's own screen is theirs).
  "routes/share.horse.$id": {
    GET: owned({ setup: ownPaper, request: (c) => ({ url: `/share/horse/${c.horse.id}` }), owner: { status: 404, sees: false }, other: { status: 404, sees: false } }),
  },
  "routes/api.share.horse.$id": {
    GET: owned({ setup: ownPaper, request: (c) => ({ url: `/api/share/horse/${c.horse.id}` }), owner: { status: 404, sees: false }, other: { status: 404, sees: false } }),
  },
  "routes/api.run-logs.trends": {
    GET: owned({
      setup: (p) => {
        const rider = createRider(db(), p.owner.user.id, tag());
        const marker = tag();
        createRun(db(), p.owner.user.id, { riderId: rider.id, arenaName: marker });
        return { rider, marker };
      },
      request: (c) => ({ url: `/api/run-logs/trends?rider=${c.rider.id}` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
  },
  "routes/api.run-logs.share": {
    POST: owned({
      setup: publicRun,
      request: (c, p) => ({ url: "/api/run-logs/share", json: { runLogId: c.run.id, targetUserId: p.third.id } }),
      state: (c) => notesAbout(c.run.id),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.horses": {
    GET: owned({ setup: privateRun, request: () => ({ url: "/api/horses?view=records" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      // Each rider adds to their own stable: the same name is no clash across accounts.
      setup: (p) => ({ horse: ownHorse(p) }),
      request: (c) => ({ url: "/api/horses", json: { name: c.horse.marker } }),
      state: (_c, p) => countOf(db().select().from(horses).where(eq(horses.userId, p.owner.user.id)).all()),
      owner: { status: 409, changes: false },
      other: { status: 201 },
    }),
  },
  "routes/api.horses.$id": {
    GET: owned({ setup: ownHorse, request: (c) => ({ url: `/api/horses/${c.horse.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    PATCH: owned({
      setup: ownHorse,
      request: (c) => ({ url: `/api/horses/${c.horse.id}`, json: { notes: tag(), retired: true } }),
      state: (c) => horseRow(c.horse.id),
      owner: { status: 200 },
      other: { status: 404 },
    }),
    DELETE: owned({ setup: ownHorse, request: (c) => ({ url: `/api/horses/${c.horse.id}` }), state: (c) => horseRow(c.horse.id), owner: { status: 200 }, other: { status: 404 } }),
  },
  "routes/api.riders": {
    GET: owned({
      setup: (p) => ({ marker: createRider(db(), p.owner.user.id, tag()).name }),
      request: () => ({ url: "/api/riders" }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
    POST: owned({
      setup: () => ({}),
      request: () => ({ url: "/api/riders", json: { name: tag() } }),
      state: (_c, p) => countOf(db().select().from(riders).where(eq(riders.userId, p.owner.user.id)).all()),
      owner: { status: 201 },
      other: { status: 201 },
    }),
  },
  "routes/api.riders.$id": {
    DELETE: owned({
      setup: (p) => ({ rider: createRider(db(), p.owner.user.id, tag()) }),
      request: (c) => ({ url: `/api/riders/${c.rider.id}` }),
      state: (c) => db().select().from(riders).where(eq(riders.id, c.rider.id)).get() ?? null,
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.saved-searches": {
    GET: owned({
      setup: async (p) => ({ marker: (await createSavedSearch(db(), p.owner.user.id, { name: tag() })).name }),
      request: () => ({ url: "/api/saved-searches" }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
    POST: owned({
      setup: () => ({}),
      request: () => ({ url: "/api/saved-searches", json: { name: tag(), zipCode: "76101", radius: 50 } }),
      state: (_c, p) => countOf(db().select().from(savedSearches).where(eq(savedSearches.userId, p.owner.user.id)).all()),
      owner: { status: 201 },
      other: { status: 201 },
    }),
  },
  "routes/api.saved-searches.$id": {
    PATCH: owned({
      setup: async (p) => ({ search: await createSavedSearch(db(), p.owner.user.id, { name: tag() }) }),
      request: (c) => ({ url: `/api/saved-searches/${c.search.id}`, json: { name: tag(), paused: true } }),
      state: (c) => savedSearchRow(c.search.id),
      owner: { status: 200 },
      other: { status: 404 },
    }),
    DELETE: owned({
      setup: async (p) => ({ search: await createSavedSearch(db(), p.owner.user.id, { name: tag() }) }),
      request: (c) => ({ url: `/api/saved-searches/${c.search.id}` }),
      state: (c) => savedSearchRow(c.search.id),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.share.run-log.$id": {
    GET: owned({ setup: privateRun, request: (c) => ({ url: `/api/share/run-log/${c.run.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/api.users.$id.public-runs": {
    GET: owned({
      // An INVITE_ONLY owner's public run: not for a rider they have not approved.
      setup: publicRun,
      request: (_c, p) => ({ url: `/api/users/${p.owner.user.id}/public-runs` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
  },
  "routes/api.users.$id.run-count": {
    GET: owned({
      setup: (p) => (publicRun(p), { marker: '"runCount":1' }),
      request: (_c, p) => ({ url: `/api/users/${p.owner.user.id}/run-count` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
  },

  // /api: riders together
  "routes/api.users.$id": {
    GET: owned({
      setup: (p) => {
        const marker = tag();
        db().update(users).set({ bio: marker }).where(eq(users.id, p.owner.user.id)).run();
        return { marker };
      },
      request: (_c, p) => ({ url: `/api/users/${p.owner.user.id}` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
  },
  "routes/api.users.$id.follow-counts": {
    GET: owned({ setup: () => ({}), request: (_c, p) => ({ url: `/api/users/${p.owner.user.id}/follow-counts` }), owner: { status: 200 }, other: { status: 403 } }),
  },
  "routes/api.users.$id.followers": {
    GET: owned({
      setup: (p) => (createFollow(db(), p.third.id, p.owner.user.id), { marker: p.third.id }),
      request: (_c, p) => ({ url: `/api/users/${p.owner.user.id}/followers` }),
      owner: { status: 200, sees: true },
      other: { status: 403, sees: false },
    }),
  },
  "routes/api.users.$id.following": {
    GET: owned({
      setup: (p) => (createFollow(db(), p.owner.user.id, p.third.id), { marker: p.third.id }),
      request: (_c, p) => ({ url: `/api/users/${p.owner.user.id}/following` }),
      owner: { status: 200, sees: true },
      other: { status: 403, sees: false },
    }),
  },
  "routes/api.users.search": { POST: searchOnly },
  "routes/api.follow": {
    POST: owned({
      // Following: never oneself; another rider sends a request (the owner is INVITE_ONLY).
      setup: () => ({}),
      request: (_c, p) => ({ url: "/api/follow", json: { targetId: p.owner.user.id } }),
      state: (_c, p) => countOf(db().select().from(followRequests).where(eq(followRequests.targetId, p.owner.user.id)).all()),
      owner: { status: 400, changes: false },
      other: { status: 200, changes: true },
    }),
  },
  "routes/api.follow.$userId": {
    DELETE: owned({
      // The owner's follow of a third rider: another rider's unfollow ends only their own.
      setup: (p) => ({ follow: createFollow(db(), p.owner.user.id, p.third.id) }),
      request: (_c, p) => ({ url: `/api/follow/${p.third.id}` }),
      state: (c) => db().select().from(follows).where(eq(follows.id, c.follow.id)).get() ?? null,
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/api.following.$userId": {
    GET: owned({
      setup: (p) => (createFollow(db(), p.owner.user.id, p.third.id), { marker: '"isFollowing":true' }),
      request: (_c, p) => ({ url: `/api/following/${p.third.id}` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
  },
  "routes/api.follow-requests.$id.approve": {
    POST: owned({
      // A request addressed to the owner: only they answer it.
      setup: (p) => ({ request: createFollowRequest(db(), p.third.id, p.owner.user.id) }),
      request: (c) => ({ url: `/api/follow-requests/${c.request.id}/approve` }),
      state: (c) => db().select().from(followRequests).where(eq(followRequests.id, c.request.id)).get(),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.follow-requests.$id.reject": {
    POST: owned({
      setup: (p) => ({ request: createFollowRequest(db(), p.third.id, p.owner.user.id) }),
      request: (c) => ({ url: `/api/follow-requests/${c.request.id}/reject` }),
      state: (c) => db().select().from(followRequests).where(eq(followRequests.id, c.request.id)).get(),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.follow-requests.$id.status": {
    GET: owned({
      setup: (p) => ({ marker: '"status":"PENDING"', request: createFollowRequest(db(), p.owner.user.id, p.third.id) }),
      request: (c) => ({ url: `/api/follow-requests/${c.request.id}/status` }),
      owner: { status: 200, sees: true },
      other: { status: 404, sees: false },
    }),
  },
  "routes/api.notifications": {
    GET: owned({ setup: notice, request: () => ({ url: "/api/notifications" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/api.notifications.$id.read": {
    PATCH: owned({
      setup: notice,
      request: (c) => ({ url: `/api/notifications/${c.note.id}/read` }),
      state: (c) => db().select().from(notifications).where(eq(notifications.id, c.note.id)).get(),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.notifications.mark-all-read": {
    PATCH: owned({
      setup: notice,
      request: () => ({ url: "/api/notifications/mark-all-read" }),
      state: (_c, p) =>
        db().select({ n: count() }).from(notifications).where(and(eq(notifications.userId, p.owner.user.id), eq(notifications.isRead, false))).get(),
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/api.notifications.stream": {
    GET: owned({ setup: (p) => (notice(p), { marker: '"count":1' }), request: () => ({ url: "/api/notifications/stream" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/api.alert-preferences": {
    GET: owned({
      setup: (p) => (db().insert(alertPreferences).values({ userId: p.owner.user.id, kind: "match", email: "daily", push: false }).run(), { marker: '"email":"daily"' }),
      request: () => ({ url: "/api/alert-preferences" }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
    PUT: owned({
      setup: () => ({}),
      request: () => ({ url: "/api/alert-preferences", json: { preferences: { change: { email: "off" } } } }),
      state: (_c, p) => db().select().from(alertPreferences).where(eq(alertPreferences.userId, p.owner.user.id)).all(),
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/api.push-subscriptions": {
    GET: owned({
      setup: (p) => ({ endpoint: pushDevice(p).endpoint, marker: '"subscribed":true' }),
      request: (c) => ({ url: `/api/push-subscriptions?endpoint=${encodeURIComponent(c.endpoint)}` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: false },
    }),
    POST: owned({
      // One endpoint is one browser: whoever subscribes it last (another rider signed in on that
      // phone) gets its alerts. The endpoint and keys are secrets only that browser holds.
      setup: (p) => ({ device: pushDevice(p) }),
      request: (c) => ({ url: "/api/push-subscriptions", json: { endpoint: c.device.endpoint, keys: { p256dh: c.device.p256dh, auth: c.device.auth } } }),
      state: (c) => db().select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.id, c.device.id)).get() ?? null,
      owner: { status: 201, changes: true },
      other: { status: 201, changes: true },
    }),
    DELETE: owned({
      setup: (p) => ({ device: pushDevice(p) }),
      request: (c) => ({ url: "/api/push-subscriptions", json: { endpoint: c.device.endpoint } }),
      state: (c) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, c.device.id)).get() ?? null,
      owner: { status: 200 },
      other: { status: 200 },
    }),
  },
  "routes/api.reports": {
    POST: owned({
      setup: () => ({}),
      request: (_c, p) => ({ url: "/api/reports", json: { reportedUserId: p.owner.user.id, reason: "spam" } }),
      state: (_c, p) => countOf(db().select().from(userReports).where(eq(userReports.reportedUserId, p.owner.user.id)).all()),
      owner: { status: 400, changes: false },
      other: { status: 201, changes: true },
    }),
  },
  // Race day. The owner is the event's producer (classes, the draw, timers, the hub) or the rider who entered (entries).
  "routes/events_.$id.enter": {
    GET: owned({ setup: pendingEvent, request: (c) => ({ url: `/events/${c.event.id}/enter` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      // The rider's own entry: another rider's scratch of it is refused (a toast) and changes nothing.
      setup: ridersEntry,
      request: (c) => ({ url: `/events/${c.event.id}/enter`, form: { intent: "scratch", entryId: c.entry.id } }),
      state: (c) => raceEntryRow(c.entry.id),
      owner: { status: 302 },
      other: { status: 302 },
    }),
  },
  "routes/events_.$id.draw": {
    GET: owned({ setup: (p) => publishedDraw(p, false), request: (c) => ({ url: `/events/${c.event.id}/draw` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/events_.$id.race-day": {
    GET: owned({ setup: ownEvent, request: (c) => ({ url: `/events/${c.event.id}/race-day` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
    POST: owned({
      setup: ownClass,
      request: (c) => ({ url: `/events/${c.event.id}/race-day`, form: { intent: "class-delete", classId: c.cls.id } }),
      state: (c) => raceClassRow(c.cls.id),
      owner: { status: 302 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.classes": {
    GET: owned({ setup: (p) => publishedDraw(p, false), request: (c) => ({ url: `/api/events/${c.event.id}/classes` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      setup: ownEvent,
      request: (c) => ({ url: `/api/events/${c.event.id}/classes`, json: { name: tag(), entryFeeCents: 5000 } }),
      state: (c) => countOf(db().select().from(raceClasses).where(eq(raceClasses.eventId, c.event.id)).all()),
      owner: { status: 201 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.classes.$classId": {
    PATCH: owned({
      setup: ownClass,
      request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}`, json: { entryFeeCents: 4200 } }),
      state: (c) => raceClassRow(c.cls.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
    DELETE: owned({
      setup: ownClass,
      request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}` }),
      state: (c) => raceClassRow(c.cls.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.classes.$classId.draw": {
    GET: owned({ setup: (p) => publishedDraw(p, false), request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}/draw` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      setup: ownClass,
      request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}/draw`, json: { seed: "authz" } }),
      state: (c) => raceClassRow(c.cls.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.entries": {
    GET: owned({ setup: ridersEntry, request: (c) => ({ url: `/api/events/${c.event.id}/entries` }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      // The same horse twice is the owner's refusal; another rider's own horse of that name is their own entry.
      setup: ridersEntry,
      request: (c) => ({ url: `/api/events/${c.event.id}/entries`, json: { classId: c.entry.classId, horseName: c.marker } }),
      state: (c, p) => countOf(db().select().from(raceEntries).where(and(eq(raceEntries.classId, c.entry.classId), eq(raceEntries.userId, p.owner.user.id))).all()),
      owner: { status: 409, changes: false },
      other: { status: 201 },
    }),
  },
  "routes/api.events.$id.entries.$entryId": {
    PATCH: owned({
      setup: ridersEntry,
      request: (c) => ({ url: `/api/events/${c.event.id}/entries/${c.entry.id}`, json: { scratched: true } }),
      state: (c) => raceEntryRow(c.entry.id),
      owner: { status: 200 },
      other: { status: 404 },
    }),
    DELETE: owned({
      setup: ridersEntry,
      request: (c) => ({ url: `/api/events/${c.event.id}/entries/${c.entry.id}` }),
      state: (c) => raceEntryRow(c.entry.id),
      owner: { status: 200 },
      other: { status: 404 },
    }),
  },
  "routes/api.events.$id.timers": {
    GET: owned({
      setup: (p) => ({ ...ownEvent(p), ...namedTimer(p, ownEvent(p).event.id) }),
      request: (c) => ({ url: `/api/events/${c.timerEvent}/timers` }),
      owner: { status: 200, sees: true },
      other: { status: 403, sees: false },
    }),
    POST: owned({
      setup: ownEvent,
      request: (c, p) => ({ url: `/api/events/${c.event.id}/timers`, json: { email: p.third.email } }),
      state: (c) => countOf(db().select().from(raceTimers).where(eq(raceTimers.eventId, c.event.id)).all()),
      owner: { status: 201 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.timers.$userId": {
    DELETE: owned({
      setup: (p) => namedTimer(p, ownEvent(p).event.id),
      request: (c, p) => ({ url: `/api/events/${c.timerEvent}/timers/${p.third.id}` }),
      state: (c) => countOf(db().select().from(raceTimers).where(eq(raceTimers.eventId, c.timerEvent)).all()),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  // Race day: the event's producer is the owner; another rider is neither producer nor timer.
  "routes/events_.$id.booth": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/events/${c.event.id}/booth` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
    POST: owned({
      setup: ownRace,
      request: (c) => ({ url: `/events/${c.event.id}/booth`, form: { intent: "time", classId: c.cls.id, entryId: c.entry.id, outcome: "NT", clientId: tag() } }),
      state: (c) => raceTimesOf(c.entry.id),
      owner: { status: 302 },
      other: { status: 403 },
    }),
  },
  "routes/events_.$id.live": {
    // Live results are public for a listed event: riders' names in a draw and results show, as at any race.
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/events/${c.event.id}/live` }), owner: { status: 200, sees: true }, other: { status: 200, sees: true } }),
  },
  "routes/events_.$id.results": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/events/${c.event.id}/results` }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/events_.$id.results_.$classId": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/events/${c.event.id}/results/${c.cls.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({
      setup: timedRace,
      request: (c) => ({ url: `/events/${c.event.id}/results/${c.cls.id}`, form: { intent: "publish" } }),
      state: (c) => raceClassRow(c.cls.id)?.resultsVersion,
      owner: { status: 302 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.times": {
    POST: owned({
      setup: ownRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/times`, json: { entryId: c.entry.id, outcome: "NT", clientId: tag() } }),
      state: (c) => raceTimesOf(c.entry.id),
      owner: { status: 201 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.times.$timeId": {
    PATCH: owned({
      setup: timedRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/times/${c.time.id}`, json: { outcome: "TIME", time: "15.482", reason: "Misread" } }),
      state: (c) => raceTimesOf(c.entry.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
    DELETE: owned({
      setup: timedRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/times/${c.time.id}` }),
      state: (c) => raceTimesOf(c.entry.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.times.$timeId.rerun": {
    POST: owned({
      setup: timedRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/times/${c.time.id}/rerun`, json: { reason: "Eye failed" } }),
      state: (c) => raceTimesOf(c.entry.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.live": {
    // An event waiting for approval is its producer's alone, live results included.
    GET: owned({ setup: (p) => ownRace(p, { showbillApproved: false }), request: (c) => ({ url: `/api/events/${c.event.id}/live` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/api.events.$id.classes.$classId.results": {
    // Before publishing: the producer's review; nobody else sees the results yet.
    GET: owned({ setup: timedRace, request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}/results` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/api.events.$id.classes.$classId.results.publish": {
    POST: owned({
      setup: timedRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}/results/publish` }),
      state: (c) => raceClassRow(c.cls.id)?.resultsVersion,
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.classes.$classId.results[.csv]": {
    // Published results are public, as a results sheet on the office wall.
    GET: owned({
      setup: async (p) => {
        const c = timedRace(p);
        await p.owner.client.json(`/api/events/${c.event.id}/classes/${c.cls.id}/results/publish`, "POST", {});
        return c;
      },
      request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}/results.csv` }),
      owner: { status: 200, sees: true },
      other: { status: 200, sees: true },
    }),
  },
  "routes/api.events.$id.classes.$classId.overrides.$entryId": {
    PUT: owned({
      setup: timedRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}/overrides/${c.entry.id}`, json: { amountCents: 100, reason: "Agreed" } }),
      state: (c) => overrideOf(c.cls.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
    DELETE: owned({
      setup: (p) => {
        const c = timedRace(p);
        db().insert(racePayoutOverrides).values({ classId: c.cls.id, entryId: c.entry.id, amountCents: 100, reason: "Agreed" }).run();
        return c;
      },
      request: (c) => ({ url: `/api/events/${c.event.id}/classes/${c.cls.id}/overrides/${c.entry.id}`, json: { reason: "Back" } }),
      state: (c) => overrideOf(c.cls.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  // The season: a series is the association's, public like results (names in standings are leak.test.ts's).
  "routes/series.$id": { GET: { none: "a series and its standings are public, like results" } },
  "routes/embed.series.$id": { GET: { none: "a series and its standings are public, like results" } },
  "routes/api.series.$id": { GET: { none: "a series and its standings are public, like results" } },
  "routes/api.series.$id.standings": { GET: { none: "a series and its standings are public, like results" } },
  "routes/api.series.$id.standings[.csv]": { GET: { none: "a series and its standings are public, like results" } },
  "routes/membership._index": {
    GET: owned({ setup: ownMembership, request: () => ({ url: "/membership" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
    POST: owned({
      setup: ownRiderToJoin,
      request: (c) => ({ url: "/membership", form: { intent: "join", yearId: c.yearId, kind: "OPEN", riderId: String(c.riderId) } }),
      state: (c) => membershipsOfRider(c.riderId),
      owner: { status: 302 },
      other: { status: 404 },
    }),
  },
  "routes/membership.card.$id": {
    GET: owned({ setup: ownMembership, request: (c) => ({ url: `/membership/card/${c.id}` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
  },
  "routes/api.memberships": {
    POST: owned({
      setup: ownRiderToJoin,
      request: (c) => ({ url: "/api/memberships", json: { yearId: c.yearId, kind: "OPEN", riderId: c.riderId } }),
      state: (c) => membershipsOfRider(c.riderId),
      owner: { status: 201 },
      other: { status: 404 },
    }),
  },
  "routes/api.memberships.mine": {
    GET: owned({ setup: ownMembership, request: () => ({ url: "/api/memberships/mine" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/events_.$id.series": {
    GET: owned({ setup: ownSeriesEvent, request: (c) => ({ url: `/events/${c.event.id}/series` }), owner: { status: 200, sees: true }, other: { status: 404, sees: false } }),
    POST: owned({ setup: ownSeriesEvent, request: (c) => ({ url: `/events/${c.event.id}/series`, form: { seriesId: c.seriesId } }), state: (c) => seriesEventsOf(c.event.id), owner: { status: 302 }, other: { status: 403 } }),
  },
  "routes/api.series.$id.events": {
    POST: owned({ setup: ownSeriesEvent, request: (c) => ({ url: `/api/series/${c.seriesId}/events`, json: { eventId: c.event.id } }), state: (c) => seriesEventsOf(c.event.id), owner: { status: 202 }, other: { status: 403 } }),
  },
  // The race office: the producer's (or an admin's); another rider is refused, whatever they ask.
  "routes/events_.$id.books": {
    GET: owned({ setup: ownEvent, request: (c) => ({ url: `/events/${c.event.id}/books` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
    POST: owned({ setup: ownPaidRace, request: (c) => ({ url: `/events/${c.event.id}/books`, form: { intent: "close-day", day: c.day } }), state: (c) => closeoutsOf(c.event.id), owner: { status: 302 }, other: { status: 403 } }),
  },
  "routes/events_.$id.checks": {
    GET: owned({ setup: ownWinner, request: (c) => ({ url: `/events/${c.event.id}/checks` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
    POST: owned({
      setup: ownWinner,
      request: (c) => ({ url: `/events/${c.event.id}/checks`, form: { intent: "check-number", payeeKey: c.payeeKey, number: "101" } }),
      state: (c) => checksOf(c.event.id),
      owner: { status: 302 },
      other: { status: 403 },
    }),
  },
  "routes/events_.$id.sheets.$sheet": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/events/${c.event.id}/sheets/announcer` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
  },
  "routes/api.events.$id.books": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/api/events/${c.event.id}/books` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
  },
  "routes/api.events.$id.books[.csv]": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/api/events/${c.event.id}/books.csv` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
  },
  "routes/api.events.$id.checks": {
    GET: owned({ setup: ownWinner, request: (c) => ({ url: `/api/events/${c.event.id}/checks` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
  },
  "routes/api.events.$id.checks.$payeeKey": {
    PUT: owned({
      setup: ownWinner,
      request: (c) => ({ url: `/api/events/${c.event.id}/checks/${c.payeeKey}`, json: { number: "101" } }),
      state: (c) => checksOf(c.event.id),
      owner: { status: 201 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.checks.$payeeKey.cashed": {
    POST: owned({
      setup: (p) => {
        const c = ownWinner(p);
        db().insert(raceChecks).values({ eventId: c.event.id, payeeKey: c.payeeKey, payeeName: c.marker, number: "101", amountCents: 5000 }).run();
        return c;
      },
      request: (c) => ({ url: `/api/events/${c.event.id}/checks/${c.payeeKey}/cashed` }),
      state: (c) => checksOf(c.event.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.checks.$payeeKey.void": {
    POST: owned({
      setup: (p) => {
        const c = ownWinner(p);
        db().insert(raceChecks).values({ eventId: c.event.id, payeeKey: c.payeeKey, payeeName: c.marker, number: "100", amountCents: 5000 }).run();
        return c;
      },
      request: (c) => ({ url: `/api/events/${c.event.id}/checks/${c.payeeKey}/void`, json: { reason: "Torn" } }),
      state: (c) => checksOf(c.event.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.users.$id.qualification": {
    // An invite-only rider's road to the finals shows where their profile does.
    GET: owned({
      setup: (p) => {
        const race = ownSeriesEvent(p);
        db().insert(seriesEvents).values({ seriesId: race.seriesId, eventId: race.event.id, status: "APPROVED" }).run();
        const horse = createHorse(db(), p.owner.user.id, { name: race.marker });
        const cls = createRaceClass(db(), race.event.id, { name: "Open 4D" });
        const entry = createRaceEntry(db(), cls, { userId: p.owner.user.id, horseId: horse.id, riderName: "Owner", horseName: race.marker });
        publishResults(db(), cls, [{ entry, place: 1 }]);
        return race;
      },
      request: (c, p) => ({ url: `/api/users/${p.owner.user.id}/qualification` }),
      owner: { status: 200, sees: true },
      other: { status: 404, sees: false },
    }),
  },
  // When do I run: the producer is the owner for gate calls; the owner's own run for my-runs (another rider never sees its estimate).
  "routes/events_.$id.arena": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/events/${c.event.id}/arena` }), owner: { status: 200, sees: true }, other: { status: 200, sees: true } }),
  },
  "routes/api.events.$id.arena": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/api/events/${c.event.id}/arena` }), owner: { status: 200, sees: true }, other: { status: 200, sees: true } }),
  },
  "routes/events_.$id.announcer": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/events/${c.event.id}/announcer` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
  },
  "routes/api.events.$id.pace": {
    GET: owned({ setup: ownRace, request: (c) => ({ url: `/api/events/${c.event.id}/pace` }), owner: { status: 200, sees: true }, other: { status: 200, sees: true } }),
  },
  "routes/api.events.$id.my-runs": {
    GET: owned({ setup: ownEnteredRun, request: (c) => ({ url: `/api/events/${c.event.id}/my-runs` }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
  "routes/api.events.$id.gate-calls": {
    POST: owned({
      setup: ownRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/gate-calls`, json: { entryId: c.entry.id } }),
      state: (c) => db().select().from(raceGateCalls).where(eq(raceGateCalls.entryId, c.entry.id)).all().length,
      owner: { status: 201 },
      other: { status: 403 },
    }),
  },
  // The ledger (branch ledger): the producer's (or an admin's); a rider's receipts are their own.
  "routes/api.events.$id.ledger": {
    GET: owned({ setup: ownPaidRace, request: (c) => ({ url: `/api/events/${c.event.id}/ledger` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
    POST: owned({
      setup: ownPaidRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/ledger`, json: { kind: "CHARGE", amountCents: 500, method: "CASH", label: "Stall" } }),
      state: (c) => recordsOf(c.event.id),
      owner: { status: 201 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.ledger.$recordId.reverse": {
    POST: owned({
      setup: ownPaidRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/ledger/${c.recordId}/reverse`, json: { reason: "Wrong entry" } }),
      state: (c) => recordsOf(c.event.id),
      owner: { status: 201 },
      other: { status: 403 },
    }),
  },
  "routes/api.events.$id.closeouts": {
    GET: owned({ setup: ownPaidRace, request: (c) => ({ url: `/api/events/${c.event.id}/closeouts` }), owner: { status: 200, sees: true }, other: { status: 403, sees: false } }),
    POST: owned({ setup: ownPaidRace, request: (c) => ({ url: `/api/events/${c.event.id}/closeouts`, json: { day: c.day } }), state: (c) => closeoutsOf(c.event.id), owner: { status: 201 }, other: { status: 403 } }),
  },
  "routes/api.events.$id.money-rules": {
    GET: owned({ setup: ownPaidRace, request: (c) => ({ url: `/api/events/${c.event.id}/money-rules` }), owner: { status: 200 }, other: { status: 403 } }),
    PUT: owned({
      setup: ownPaidRace,
      request: (c) => ({ url: `/api/events/${c.event.id}/money-rules`, json: { beforeDraw: "LESS_FEE", scratchOfficeFeeCents: 500, afterDrawPercent: 50, turnOutOwes: false, lateFeeCents: 1000 } }),
      state: (c) => moneyRulesOf(c.event.id),
      owner: { status: 200 },
      other: { status: 403 },
    }),
  },
  "routes/api.me.receipts": {
    GET: owned({ setup: ownReceipt, request: () => ({ url: "/api/me/receipts" }), owner: { status: 200, sees: true }, other: { status: 200, sees: false } }),
  },
};

/** The owner's race with one entry paid in cash by a taker named by the marker: one ledger record. */
function ownPaidRace(p: Parties) {
  const race = ownRace(p);
  const row = db()
    .insert(moneyRecords)
    .values({ eventId: race.event.id, kind: "FEE", amountCents: 5000, method: "CASH", entryId: race.entry.id, classId: race.cls.id, payeeName: race.marker, takenByName: race.marker, day: "2031-06-14" })
    .returning()
    .get();
  return { ...race, recordId: row.id, day: "2031-06-14" };
}
/** Another producer's race with the owner's own entry paid: a receipt naming the marked horse. */
function ownReceipt(p: Parties) {
  const marker = tag();
  const event = createEvent(db(), { createdBy: p.third.id });
  const cls = createRaceClass(db(), event.id, { name: "Open" });
  const entry = createRaceEntry(db(), cls, { userId: p.owner.user.id, riderName: "Owner", horseName: marker });
  db().insert(moneyRecords).values({ eventId: event.id, kind: "FEE", amountCents: 5000, method: "CASH", entryId: entry.id, classId: cls.id, userId: p.owner.user.id, payeeName: "Owner", day: "2031-06-14" }).run();
  return { marker };
}
const recordsOf = (eventId: string) => db().select().from(moneyRecords).where(eq(moneyRecords.eventId, eventId)).all();
const closeoutsOf = (eventId: string) => db().select().from(moneyCloseouts).where(eq(moneyCloseouts.eventId, eventId)).all();
const moneyRulesOf = (eventId: string) => db().select().from(raceMoneyRules).where(eq(raceMoneyRules.eventId, eventId)).all();

/** The owner's event with a published class paying one walk-up (named by the marker): a payee for a check. */
function ownWinner(p: Parties) {
  const race = ownRace(p);
  db().update(raceClasses).set({ name: "Open" }).where(eq(raceClasses.id, race.cls.id)).run();
  publishResults(db(), race.cls, [{ entry: race.entry, place: 1, moneyCents: 5000 }]);
  return { ...race, payeeKey: payeeKeyOf({ userId: null, riderName: race.marker }) };
}
const checksOf = (eventId: string) => db().select().from(raceChecks).where(eq(raceChecks.eventId, eventId)).all();

/** An event of the owner's, inside a series' season (the series named by the marker). */
function ownSeriesEvent(p: Parties) {
  const marker = tag();
  const event = createEvent(db(), { createdBy: p.owner.user.id, name: marker, date: "2030-06-01" });
  const row = db().insert(series).values({ name: `${marker} series`, startDate: "2030-01-01", endDate: "2030-12-31", classNames: ["Open 4D"], pointsTable: { mode: "PLACE", places: [[10, 9, 8]] } }).returning().get();
  return { marker, event, seriesId: row.id };
}
const seriesEventsOf = (eventId: string) => db().select().from(seriesEvents).where(eq(seriesEvents.eventId, eventId)).all();

/** The owner's event with a class and one entry, each named by the marker (the class and the rider). */
function ownRace(p: Parties, eventOverrides: Partial<typeof events.$inferInsert> = {}) {
  const marker = tag();
  const event = createEvent(db(), { createdBy: p.owner.user.id, ...eventOverrides });
  const cls = createRaceClass(db(), event.id, { name: marker, drawPublishedAt: new Date() });
  const entry = createRaceEntry(db(), cls, { riderName: marker });
  return { marker, event, cls, entry };
}
/** A race of another producer's with the owner's own entry in it (the marker names the horse, not the class). */
function ownEnteredRun(p: Parties) {
  const marker = tag();
  const event = createEvent(db(), { createdBy: p.other.user.id });
  const cls = createRaceClass(db(), event.id, { name: "Open 4D", drawPublishedAt: new Date() });
  const entry = createRaceEntry(db(), cls, { userId: p.owner.user.id, riderName: "Owner", horseName: marker });
  return { marker, event, cls, entry };
}
/** ownRace, its one entry run (15.000). */
function timedRace(p: Parties) {
  const race = ownRace(p);
  const time = db().insert(raceTimes).values({ eventId: race.event.id, classId: race.cls.id, entryId: race.entry.id, clientId: tag(), outcome: "TIME", timeMs: 15_000 }).returning().get();
  return { ...race, time };
}
const raceTimesOf = (entryId: string) => db().select().from(raceTimes).where(eq(raceTimes.entryId, entryId)).all();
const overrideOf = (classId: string) => db().select().from(racePayoutOverrides).where(eq(racePayoutOverrides.classId, classId)).all();


/** The (route, method) pairs that need an owner entry: what a signed-in rider may call, and what names a record in its path. */
function needsOwnerEntry(routeId: string, access: Access) {
  if (access === "user") return true;
  if (access === "admin") return false;
  return /[:*]/.test(urlTemplate(routeId));
}

describe("authorization matrix: owner and other user", () => {
  it("has an owner and other-user entry for every method a rider may call or that names a record, and none elsewhere", () => {
    const needed = Object.entries(MATRIX).flatMap(([routeId, methods]) =>
      Object.entries(methods)
        .filter(([, access]) => build.routes[routeId] && needsOwnerEntry(routeId, access))
        .map(([method]) => `${routeId} ${method}`),
    );
    const given = Object.entries(OWNERS).flatMap(([routeId, methods]) => Object.keys(methods).map((method) => `${routeId} ${method}`));
    expect(needed.filter((k) => !given.includes(k)), "methods without an owner entry").toEqual([]);
    expect(given.filter((k) => !needed.includes(k)), "owner entries for methods the matrix does not list").toEqual([]);
  });

  const ownerCases = Object.entries(OWNERS).flatMap(([routeId, methods]) =>
    Object.entries(methods)
      .filter((entry): entry is [string, Owned] => "run" in entry[1])
      .map(([method, entry]) => [routeId, method as Method, entry] as const),
  );

  it.each(ownerCases)("%s %s: the owner and another rider get what the entry says", async (routeId, method, entry) => {
    const owner = await signedInRider(app, { privacyMode: entry.ownerMode ?? "INVITE_ONLY" });
    const other = await signedInRider(app);
    await entry.run({ owner, other, third: createUser(app.db) }, routeId, method);
  });
});

/**
 * Every call only the event's producer (or an admin) may make: a timer the
 * producer named for the event gets what another rider gets (403), and
 * nothing is written. The same owner/other checks run again with the other
 * rider named a timer of the event.
 */
const MANAGER_ONLY: [string, Method][] = [
  ["routes/events_.$id.race-day", "GET"],
  ["routes/events_.$id.race-day", "POST"],
  ["routes/api.events.$id.classes", "POST"],
  ["routes/api.events.$id.classes.$classId", "PATCH"],
  ["routes/api.events.$id.classes.$classId", "DELETE"],
  ["routes/api.events.$id.classes.$classId.draw", "POST"],
  ["routes/api.events.$id.timers", "GET"],
  ["routes/api.events.$id.timers", "POST"],
  ["routes/api.events.$id.timers.$userId", "DELETE"],
  ["routes/events_.$id.results_.$classId", "POST"],
  ["routes/api.events.$id.classes.$classId.results.publish", "POST"],
  ["routes/api.events.$id.classes.$classId.overrides.$entryId", "PUT"],
  ["routes/api.events.$id.classes.$classId.overrides.$entryId", "DELETE"],
];

describe("authorization matrix: a named timer", () => {
  it.each(MANAGER_ONLY)("%s %s: a timer named for the event is refused like another rider, nothing written", async (routeId, method) => {
    const entry = OWNERS[routeId]?.[method];
    expect(entry && "run" in entry, `${routeId} ${method} has an owner entry`).toBe(true);
    const owner = await signedInRider(app, { privacyMode: "INVITE_ONLY" });
    const timer = await signedInRider(app);
    otherIsNamedTimer = true;
    try {
      await (entry as Owned).run({ owner, other: timer, third: createUser(app.db) }, routeId, method);
    } finally {
      otherIsNamedTimer = false;
    }
  });
});

// --- The ledger (branch ledger) ---
describe("the ledger, close-outs and receipts: a named timer, a plain rider and a visitor are refused", () => {
  it("refuses each of them the event's ledger, its reversal and close-outs, writing nothing, and another rider's receipts", async () => {
    const owner = await signedInRider(app);
    const rider = await signedInRider(app);
    const timer = await signedInRider(app);
    const p: Parties = { owner, other: rider, third: timer.user };
    const race = ownPaidRace(p);
    namedTimer(p, race.event.id);
    const url = `/api/events/${race.event.id}`;
    const calls: [Method, string, unknown][] = [
      ["GET", `${url}/ledger`, undefined],
      ["POST", `${url}/ledger`, { kind: "CHARGE", amountCents: 500, method: "CASH", label: "Stall" }],
      ["POST", `${url}/ledger/${race.recordId}/reverse`, { reason: "No" }],
      ["GET", `${url}/closeouts`, undefined],
      ["POST", `${url}/closeouts`, { day: race.day }],
      ["GET", `${url}/money-rules`, undefined],
      ["PUT", `${url}/money-rules`, { beforeDraw: "FULL", scratchOfficeFeeCents: 0, afterDrawPercent: 100, turnOutOwes: false, lateFeeCents: 0 }],
    ];
    const before = JSON.stringify([recordsOf(race.event.id), closeoutsOf(race.event.id), moneyRulesOf(race.event.id)]);
    for (const [who, client, statuses] of [
      ["timer", timer.client, [403]],
      ["rider", rider.client, [403]],
      ["visitor", app.client(), [401]],
    ] as const) {
      for (const [method, path, body] of calls) {
        const res = method === "GET" ? await client.get(path) : await client.json(path, method, body);
        const text = await res.text();
        expect(statuses, `${who} ${method} ${path}: ${res.status}`).toContain(res.status);
        expect(text).not.toContain(race.marker);
      }
      const receipts = await client.get("/api/me/receipts");
      expect(await receipts.text()).not.toContain(race.marker);
    }
    expect(JSON.stringify([recordsOf(race.event.id), closeoutsOf(race.event.id), moneyRulesOf(race.event.id)])).toBe(before);
    const books = await timer.client.form(`/events/${race.event.id}/books`, { intent: "close-day", day: race.day });
    expect(books.status).toBe(403);
  });
});
