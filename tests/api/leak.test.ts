import type { ServerBuild } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followRequests, follows, horses, runLogs, type User } from "../../db/schema";
import { TABS } from "../../app/features/admin/tabs";
import { createUser, signIn, uploadProfilePicture } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * The leak test. It seeds SOLO, INVITE_ONLY and PUBLIC riders
 * whose every private value is a distinctive marker string, the follow
 * relations around them, a banned rider and an administrator, then walks
 * every page (server HTML, hydration data included, and the `.data`
 * single-fetch answer), every /api GET and every share page as each kind of
 * viewer, and fails on any marker the privacy rules (docs/security.md) hide
 * from that viewer. The walk is built from the real build's route list: a
 * route without a walking entry fails the first test.
 *
 * Markers are whole words that appear nowhere else ("Zzinvitelast"), so a
 * leak is a substring of a response body. A marker the request itself
 * carries (an id in the path, a searched name) may be echoed back: that
 * tells the viewer nothing they did not send.
 */

type Mode = "SOLO" | "INVITE_ONLY" | "PUBLIC";
type Key = "solo" | "invite" | "public" | "follower" | "requester" | "stranger" | "banned" | "admin";
type Field = "first" | "last" | "email" | "zip" | "bio" | "picture" | "child" | "favoriteHorse" | "alert" | "id";
type RunField = "arena" | "horse" | "notes" | "video" | "time";

type Run = { id: string; key: string; owner: Person; privacy: "PUBLIC" | "PRIVATE"; markers: Record<RunField, string> };
type Person = {
  key: Key;
  mode: Mode;
  banned: boolean;
  isAdmin: boolean;
  user: User;
  client: Client;
  childId: number;
  runs: Run[];
  markers: Record<Field, string>;
};
type Viewer = { name: string; person: Person | null };
/** One URL to fetch, and what its route makes visible beyond the viewer's usual view. */
type Visit = {
  routeId: string;
  url: string;
  sharedRun?: Run;
  /** A ZIP-radius, "view all" or last-name search: an INVITE_ONLY rider appears in it only to followers. */
  fullViewsOnly?: boolean;
  method?: "POST";
  body?: unknown;
  /** The shared record of this horse (/share/horse/{id}): its name is public while shared, unless its owner is SOLO. */
  sharedHorse?: Stable;
  /** A race's published draw: it names the riders entered in it, as at any race. */
  raceDraw?: boolean;
  /** The producer's view of their race (the hub, every entry): it names every rider entered. */
  raceManager?: boolean;
};
/** A rider's horse, shared, with one paper: the paper is its owner's alone, whatever the horse's sharing. */
type Stable = { owner: Person; horseId: string; docId: string; markers: Record<"horse" | "paperFile" | "paperContent", string> };
type World = {
  people: Record<Key, Person>;
  runs: Run[];
  events: { id: string; name: string }[];
  pendingEvent: { id: string; name: string };
  requestIds: number[];
  inviteCode: string;
  feedUrls: string[];
  nearZip: Partial<Record<Key, string>>;
  soloActs: Record<"follow" | "request" | "share", number>;
  stables: Stable[];
  race: { eventId: string; classIds: string[] };
};

const HOME_ZIPS: Record<Key, string> = {
  solo: "58545",
  invite: "04631",
  public: "69361",
  follower: "83843",
  requester: "05661",
  stranger: "97910",
  banned: "88030",
  admin: "99901",
};
/** ZIPs within 25 miles of a home ZIP: a ZIP-radius search that finds the rider without echoing their ZIP. */
const NEAR_ZIPS: Partial<Record<Key, string>> = { solo: "58523", invite: "04652", public: "69341" };
const EVENT_ZIP = "76101";
const TIMES = ["13.917", "14.263", "15.381", "16.042", "17.519", "12.846", "18.337", "19.604"];
const PENDING_EVENT = "Zzpendingeventname";

let app: TestServer;
let build: ServerBuild;
let world: World;

// ---------------------------------------------------------------------------
// Seeding, through the app's own interfaces wherever it has one
// ---------------------------------------------------------------------------

async function ok(res: Response, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

async function person(key: Key, mode: Mode, opts: { isAdmin?: boolean; runs?: boolean } = {}): Promise<Person> {
  const user = createUser(app.db, {
    email: `zz${key}mail@example.com`,
    firstName: `Zz${key}first`,
    lastName: `Zz${key}last`,
    homeZipCode: HOME_ZIPS[key],
    privacyMode: mode,
    bio: `Zz${key}bio`,
    favoriteHorse: `Zz${key}favhorse`,
    isAdmin: opts.isAdmin ?? false,
  });
  const client = app.client();
  await signIn(client, user.email);
  const picture = await uploadProfilePicture(client);
  const child = (await (await ok(await client.json("/api/riders", "POST", { name: `Zz${key}child` }), "rider")).json()) as { id: number };
  await ok(await client.json("/api/saved-searches", "POST", { name: `Zz${key}alert`, zipCode: EVENT_ZIP, radius: 50 }), "saved search");
  const p: Person = {
    key,
    mode,
    banned: false,
    isAdmin: opts.isAdmin ?? false,
    user,
    client,
    childId: child.id,
    runs: [],
    markers: {
      first: user.firstName,
      last: `Zz${key}last`,
      email: `zz${key}mail`,
      zip: HOME_ZIPS[key],
      bio: `Zz${key}bio`,
      // The stored file's random name: it is in the picture's URL and in its preview's.
      picture: /\/uploads\/([A-Za-z0-9_-]{22})\./.exec(picture)![1]!,
      child: `Zz${key}child`,
      favoriteHorse: `Zz${key}favhorse`,
      alert: `Zz${key}alert`,
      id: user.id,
    },
  };
  if (opts.runs) {
    for (const privacy of ["PUBLIC", "PRIVATE"] as const) {
      const tag = `Zz${key}${privacy === "PUBLIC" ? "pub" : "priv"}`;
      const markers = {
        arena: `${tag}arena`,
        horse: `${tag}horse`,
        notes: `${tag}notes`,
        video: `${tag.toLowerCase()}video`,
        time: TIMES.shift()!,
      };
      const res = await client.json("/api/run-logs", "POST", {
        arenaName: markers.arena,
        horseName: markers.horse,
        notes: markers.notes,
        videoUrl: `https://videos.example.com/${markers.video}`,
        time: markers.time,
        rating: 4,
        tags: ["clean-run"],
        riderId: child.id,
        // A Private rider cannot mark a run Public; theirs was marked before they went Private.
        privacy: mode === "SOLO" ? "PRIVATE" : privacy,
      });
      const run = (await (await ok(res, "run")).json()) as { id: string };
      if (mode === "SOLO") app.db.update(runLogs).set({ privacy }).where(eq(runLogs.id, run.id)).run();
      p.runs.push({ id: run.id, key: tag, owner: p, privacy, markers });
    }
  }
  return p;
}

async function seed(): Promise<World> {
  const solo = await person("solo", "SOLO", { runs: true });
  const invite = await person("invite", "INVITE_ONLY", { runs: true });
  const pub = await person("public", "PUBLIC", { runs: true });
  const follower = await person("follower", "INVITE_ONLY");
  const requester = await person("requester", "INVITE_ONLY");
  const stranger = await person("stranger", "PUBLIC");
  const banned = await person("banned", "PUBLIC", { runs: true });
  const admin = await person("admin", "INVITE_ONLY", { isAdmin: true });
  const people = { solo, invite, public: pub, follower, requester, stranger, banned, admin };

  // Events: created through the API (hidden until approved), approved by the admin.
  const eventBody = (name: string) => ({
    name,
    location: "Fort Worth, TX",
    zipCode: EVENT_ZIP,
    date: "2030-05-10",
    eventType: ["barrel_racing"],
    confirmTerms: true,
  });
  const created: { id: string; name: string }[] = [];
  for (const [owner, name] of [
    [pub, "Leak Test Open"],
    [solo, "Leak Test Solo Futurity"],
    [banned, "Leak Test Banned Jackpot"],
  ] as const) {
    const event = (await (await ok(await owner.client.json("/api/events", "POST", eventBody(name)), "event")).json()) as { id: string };
    await ok(await admin.client.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: true }), "approve");
    created.push({ id: event.id, name });
  }
  const pending = (await (await ok(await pub.client.json("/api/events", "POST", eventBody(PENDING_EVENT)), "pending event")).json()) as { id: string };
  const open = created[0]!;
  const soloEvent = created[1]!;

  // Saved events, per user.
  for (const [who, event] of [
    [solo, open],
    [invite, open],
    [invite, soloEvent],
    [pub, soloEvent],
    [follower, open],
  ] as const) {
    await ok(await who.client.json(`/api/events/${event.id}/save`, "POST"), "save");
  }

  // Follows: an approved follower and a pending requester of the INVITE_ONLY rider; PUBLIC riders followed at once.
  await ok(await follower.client.json("/api/follow", "POST", { targetId: invite.user.id }), "follow request");
  await ok(await requester.client.json("/api/follow", "POST", { targetId: invite.user.id }), "follow request");
  const requestOf = (requesterId: string) =>
    app.db
      .select()
      .from(followRequests)
      .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, invite.user.id)))
      .get()!.id;
  const approvedId = requestOf(follower.user.id);
  await ok(await invite.client.json(`/api/follow-requests/${approvedId}/approve`, "POST"), "approve follower");
  await ok(await stranger.client.json("/api/follow", "POST", { targetId: pub.user.id }), "follow");
  await ok(await invite.client.json("/api/follow", "POST", { targetId: pub.user.id }), "follow");
  // A SOLO rider's own social acts would name them to the other rider: refused (checked below), and walked anyway.
  const soloActs = {
    follow: (await solo.client.json("/api/follow", "POST", { targetId: pub.user.id })).status,
    request: (await solo.client.json("/api/follow", "POST", { targetId: requester.user.id })).status,
    share: (await solo.client.json("/api/events/share", "POST", { eventId: open.id, targetUserId: pub.user.id })).status,
  };
  // A follow kept from before the rider chose SOLO: stored, shown nowhere
  // (docs/decisions/2026-11-22-pending-follow-requests-on-privacy-change.md).
  app.db.insert(follows).values({ followerId: solo.user.id, followingId: invite.user.id }).onConflictDoNothing().run();

  // Shares and reports.
  await ok(await pub.client.json("/api/events/share", "POST", { eventId: open.id, targetUserId: invite.user.id }), "share event");
  await ok(await invite.client.json("/api/events/share", "POST", { eventId: soloEvent.id, targetUserId: stranger.user.id }), "share event");
  await ok(await pub.client.json("/api/run-logs/share", "POST", { runLogId: pub.runs[0]!.id, targetUserId: follower.user.id }), "share run");
  await ok(await invite.client.json("/api/event-reports", "POST", { eventId: soloEvent.id, reason: "wrong-info", description: "Leak test report" }), "event report");
  await ok(await pub.client.json("/api/reports", "POST", { reportedUserId: stranger.user.id, reason: "spam", description: "Leak test user report" }), "user report");
  await solo.client.json("/api/reports", "POST", { reportedUserId: pub.user.id, reason: "spam", description: "Leak test report by a solo rider" });

  // Invite link, calendar feeds, an announcement.
  const invitation = (await (await ok(await invite.client.json("/api/invite-links", "POST", {}), "invite link")).json()) as { code: string };
  const feedUrls: string[] = [];
  for (const who of [solo, invite, pub]) {
    const { url } = (await (await ok(await who.client.json("/api/calendar-feed", "POST"), "feed")).json()) as { url: string };
    feedUrls.push(new URL(url).pathname);
  }
  await ok(await admin.client.json("/api/admin/mass-notification", "POST", { title: "Leak test announcement", message: "Hello riders" }), "announcement");

  // Horses with papers, each shared: through the papers API (the horse itself is the horses tests' to make).
  const stables: Stable[] = [];
  for (const owner of [solo, invite, pub]) {
    const markers = { horse: `Zz${owner.key}stable`, paperFile: `Zz${owner.key}paperfile`, paperContent: `Zz${owner.key}papercontent` };
    const horse = app.db.insert(horses).values({ userId: owner.user.id, name: markers.horse, shared: true }).returning().get();
    const form = new FormData();
    form.set("kind", "coggins");
    form.set("expiresOn", "2031-04-01");
    form.set("file", new Blob([`%PDF-1.4\n%${markers.paperContent}\n%%EOF\n`], { type: "application/pdf" }), `${markers.paperFile}.pdf`);
    const paper = (await (await ok(await owner.client.fetch(`/api/horses/${horse.id}/documents`, { method: "POST", body: form }), "paper")).json()) as { id: string };
    stables.push({ owner, horseId: horse.id, docId: paper.id, markers });
  }

  // A race on the open event (its producer is the PUBLIC rider): the INVITE_ONLY rider in a published draw,
  // the SOLO rider's child in a class drawn but not published, a walk-up.
  const classOf = async (name: string) =>
    ((await (await ok(await pub.client.json(`/api/events/${open.id}/classes`, "POST", { name, entryFeeCents: 5000 }), "class")).json()) as { id: string }).id;
  const drawnClass = await classOf("Leak Open 4D");
  const hiddenClass = await classOf("Leak Youth");
  await ok(await invite.client.json(`/api/events/${open.id}/entries`, "POST", { classId: drawnClass, horseName: "Leak Racer" }), "entry");
  await ok(await pub.client.json(`/api/events/${open.id}/entries`, "POST", { classId: drawnClass, riderName: "Leak Walkup", horseName: "Leak Gate Horse" }), "walk-up");
  await ok(await solo.client.json(`/api/events/${open.id}/entries`, "POST", { classId: hiddenClass, horseName: "Leak Pony", riderId: child(solo) }), "entry");
  await ok(await pub.client.json(`/api/events/${open.id}/classes/${drawnClass}/draw`, "POST", { publish: true }), "draw");
  await ok(await pub.client.json(`/api/events/${open.id}/classes/${hiddenClass}/draw`, "POST", {}), "draw");

  // The banned rider: banned last, through the admin API, so everything above was theirs while active.
  await ok(await admin.client.json(`/api/admin/users/${banned.user.id}/ban`, "DELETE"), "ban");
  banned.banned = true;

  const runs = Object.values(people).flatMap((p) => p.runs);
  return {
    people,
    runs,
    events: created,
    pendingEvent: { id: pending.id, name: PENDING_EVENT },
    requestIds: [approvedId, requestOf(requester.user.id)],
    inviteCode: invitation.code,
    feedUrls,
    nearZip: NEAR_ZIPS,
    soloActs,
    stables,
    race: { eventId: open.id, classIds: [drawnClass, hiddenClass] },
  };
}

const child = (p: Person) => p.childId;

// ---------------------------------------------------------------------------
// The walk: an entry for every route of the build
// ---------------------------------------------------------------------------

const everyone = (w: World) => Object.values(w.people);
const allEvents = (w: World) => [...w.events, w.pendingEvent];
/** Every horse record (the riders' runs named them: each is a horse of its owner). */
const allHorses = () => app.db.select({ id: horses.id }).from(horses).all();
const none = (): Visit[] => [];

/**
 * What to fetch for each route (GET). A route that answers no GET (an
 * action-only route, an /api route without a GET handler) has `none`; the
 * test checks that such an /api route really refuses GET with 405.
 */
const WALK: Record<string, (w: World) => (string | Omit<Visit, "routeId">)[]> = {
  // Screens
  "routes/_index": (w) => [
    "/",
    "/?riders=Zz",
    "/?riders=Zzinv",
    "/?riders=Zzsol",
    "/?riders=Zzban",
    { url: "/?riders=Zzinvitel", fullViewsOnly: true },
    { url: "/?riders=Zzsolol", fullViewsOnly: true },
    ...Object.values(w.nearZip).map((zip) => ({ url: `/?ridersZip=${zip}&ridersRadius=25`, fullViewsOnly: true })),
    `/?search=1&location=${EVENT_ZIP}&radius=200`,
    ...allEvents(w).map((e) => `/?eventId=${e.id}`),
  ],
  "routes/$": () => ["/no-such-page"],
  "routes/login": () => ["/login"],
  "routes/register": (w) => ["/register", `/register?invite=${w.inviteCode}`],
  "routes/logout": () => ["/logout"],
  "routes/forgot-password": () => ["/forgot-password"],
  "routes/reset-password.$token": () => ["/reset-password/not-a-token"],
  "routes/verify-email.$token": () => ["/verify-email/not-a-token"],
  "routes/privacy-policy": () => ["/privacy-policy"],
  "routes/terms-of-service": () => ["/terms-of-service"],
  "routes/share.event.$id": (w) => allEvents(w).map((e) => `/share/event/${e.id}`),
  "routes/share.run-log.$id": (w) => w.runs.map((run) => ({ url: `/share/run-log/${run.id}`, sharedRun: run })),
  "routes/share-with.$type.$id": (w) => [
    `/share-with/event/${w.events[0]!.id}?q=Zz`,
    { url: `/share-with/event/${w.events[0]!.id}?q=Zzinvitel`, fullViewsOnly: true },
    ...w.runs.map((run) => `/share-with/run-log/${run.id}?q=Zzsol`),
  ],
  "routes/events": () => ["/events"],
  "routes/events_.$id.edit": (w) => allEvents(w).map((e) => `/events/${e.id}/edit`),
  "routes/events_.$id.report": (w) => allEvents(w).map((e) => `/events/${e.id}/report`),
  "routes/events_.$id.save": none,
  "routes/add-event": () => ["/add-event"],
  "routes/horses._index": () => ["/horses"],
  "routes/horses.$id": () => allHorses().map((h) => `/horses/${h.id}`),
  "routes/run-log": (w) => ["/run-log", "/run-log?tag=clean-run", ...w.runs.map((run) => `/run-log?edit=${run.id}`)],
  "routes/notifications": () => ["/notifications", "/notifications?tab=all"],
  "routes/settings": () => ["/settings", "/settings?edit=profile"],
  "routes/settings_.account": () => ["/settings/account"],
  "routes/settings_.riders": () => ["/settings/riders"],
  "routes/settings_.saved-searches": () => ["/settings/saved-searches"],
  "routes/settings_.alerts": () => ["/settings/alerts"],
  // The token is the credential and names its own address: a made-up one shows nobody's.
  "routes/unsubscribe.$token": () => ["/unsubscribe/not-a-token"],
  "routes/profile.$userId": (w) =>
    everyone(w).flatMap((p) => [
      `/profile/${p.user.id}`,
      `/profile/${p.user.id}?sort=fastest`,
      `/profile/${p.user.id}?list=followers`,
      `/profile/${p.user.id}?list=following`,
      `/profile/${p.user.id}?report=1`,
    ]),
  "routes/admin": () => ["/admin", ...TABS.map((t) => `/admin?tab=${t.id}`), "/admin?tab=audit", "/admin?tab=users&q=zz", "/admin?tab=notifications&q=zz"],
  "routes/calendar.$token": (w) => [...w.feedUrls, "/calendar/not-a-token.ics"],
  // Stored files under random names: bytes, never a page with anyone's data.
  "routes/uploads.$": none,

  // /api: auth and invites
  "routes/api.auth.user": () => ["/api/auth/user"],
  "routes/api.auth.user_.profile": none,
  "routes/api.auth.login": none,
  "routes/api.auth.register": none,
  "routes/api.auth.logout": none,
  "routes/api.auth.change-password": none,
  // The API description: the same public document for everyone, built from schemas, never from rows.
  "routes/api.openapi[.]json": () => ["/api/openapi.json"],
  "routes/api.auth.forgot-password": none,
  "routes/api.auth.validate-reset-token.$token": () => ["/api/auth/validate-reset-token/not-a-token"],
  "routes/api.auth.reset-password.$token": none,
  "routes/api.auth.resend-verification": none,
  "routes/api.auth.verify-email.$token": none,
  "routes/api.invite-links.validate.$code": (w) => [`/api/invite-links/validate/${w.inviteCode}`],
  "routes/api.invite-links": () => ["/api/invite-links"],
  "routes/api.invite-links.$id": none,
  "routes/api.$": () => ["/api/no-such-route"],
  // Account
  "routes/api.account.export": () => ["/api/account/export"],
  "routes/api.profile-picture": none,
  "routes/api.profile-picture.upload": none,
  // Events
  "routes/api.events": () => ["/api/events", `/api/events?homeZipCode=${EVENT_ZIP}`],
  "routes/api.events.$id": (w) => allEvents(w).map((e) => `/api/events/${e.id}`),
  "routes/api.events.$id.ics": (w) => allEvents(w).map((e) => `/api/events/${e.id}/ics`),
  "routes/api.events.$id.save": none,
  "routes/api.events.$id.status": none,
  "routes/api.events.search": none,
  "routes/api.events.share": none,
  "routes/api.saved-events": () => ["/api/saved-events"],
  "routes/api.created-events": () => ["/api/created-events"],
  "routes/api.city-state-suggestions": () => ["/api/city-state-suggestions?query=Fort"],
  "routes/api.geocode-location": none,
  "routes/api.event-reports": none,
  "routes/api.calendar-feed": () => ["/api/calendar-feed"],
  "routes/api.objects.upload": none,
  "routes/api.objects.convert-url": none,
  "routes/api.objects.put.$token": none,
  "routes/api.share.event.$id": (w) => allEvents(w).map((e) => `/api/share/event/${e.id}`),
  // Runs and riders
  "routes/api.run-logs": () => ["/api/run-logs", "/api/run-logs?tag=clean-run"],
  "routes/api.run-logs.$id": none,
  "routes/api.run-logs.$id.privacy": none,
  "routes/api.run-logs.trends": (w) => [
    ...everyone(w).map((p) => `/api/run-logs/trends?rider=${p.childId}`),
    "/api/run-logs/trends?horse=Dash",
    ...allHorses().map((h) => `/api/run-logs/trends?horseId=${h.id}`),
  ],
  "routes/api.run-logs.share": none,
  "routes/api.horses": () => ["/api/horses", "/api/horses?view=records"],
  "routes/api.horses.$id": () => allHorses().map((h) => `/api/horses/${h.id}`),
  "routes/api.riders": () => ["/api/riders"],
  "routes/api.riders.$id": none,
  "routes/api.saved-searches": () => ["/api/saved-searches"],
  "routes/api.saved-searches.$id": none,
  "routes/api.alert-preferences": () => ["/api/alert-preferences"],
  "routes/api.push-subscriptions": () => ["/api/push-subscriptions"],
  "routes/api.share.run-log.$id": (w) => w.runs.map((run) => ({ url: `/api/share/run-log/${run.id}`, sharedRun: run })),
  // A horse's papers and its shared record
  "routes/api.horses.$id.documents": (w) => w.stables.map((s) => `/api/horses/${s.horseId}/documents`),
  "routes/api.horses.$id.documents.$docId": (w) => w.stables.map((s) => `/api/horses/${s.horseId}/documents/${s.docId}`),
  "routes/api.horses.$id.documents.$docId.file": (w) => w.stables.map((s) => `/api/horses/${s.horseId}/documents/${s.docId}/file`),
  "routes/horses.$id_.papers": (w) => w.stables.map((s) => `/horses/${s.horseId}/papers`),
  "routes/horses.$id_.papers_.$docId": (w) => w.stables.map((s) => `/horses/${s.horseId}/papers/${s.docId}`),
  "routes/share.horse.$id": (w) => w.stables.map((s) => ({ url: `/share/horse/${s.horseId}`, sharedHorse: s })),
  "routes/api.share.horse.$id": (w) => w.stables.map((s) => ({ url: `/api/share/horse/${s.horseId}`, sharedHorse: s })),
  "routes/api.users.$id.public-runs": (w) => everyone(w).flatMap((p) => [`/api/users/${p.user.id}/public-runs`, `/api/users/${p.user.id}/public-runs?sort=fastest`]),
  "routes/api.users.$id.run-count": (w) => everyone(w).map((p) => `/api/users/${p.user.id}/run-count`),
  // Riders together
  "routes/api.users.$id": (w) => everyone(w).map((p) => `/api/users/${p.user.id}`),
  "routes/api.users.$id.follow-counts": (w) => everyone(w).map((p) => `/api/users/${p.user.id}/follow-counts`),
  "routes/api.users.$id.followers": (w) => everyone(w).map((p) => `/api/users/${p.user.id}/followers`),
  "routes/api.users.$id.following": (w) => everyone(w).map((p) => `/api/users/${p.user.id}/following`),
  "routes/api.users.search": none,
  "routes/api.follow": none,
  "routes/api.follow.$userId": none,
  "routes/api.following.$userId": (w) => everyone(w).map((p) => `/api/following/${p.user.id}`),
  "routes/api.follow-requests.$id.approve": none,
  "routes/api.follow-requests.$id.reject": none,
  "routes/api.follow-requests.$id.status": (w) => w.requestIds.map((id) => `/api/follow-requests/${id}/status`),
  "routes/api.notifications": () => ["/api/notifications", "/api/notifications?unread=1"],
  "routes/api.notifications.$id.read": none,
  "routes/api.notifications.mark-all-read": none,
  "routes/api.notifications.stream": () => ["/api/notifications/stream"],
  "routes/api.reports": none,
  // Administration
  "routes/api.admin.stats": () => ["/api/admin/stats"],
  "routes/api.admin.users": () => ["/api/admin/users", "/api/admin/users?q=zz"],
  "routes/api.admin.users.$id.ban": none,
  "routes/api.admin.users.$id.reset-password": none,
  "routes/api.admin.users.$id.email": none,
  "routes/api.admin.events": () => ["/api/admin/events"],
  "routes/api.admin.events.$id": none,
  "routes/api.admin.pending-showbills": () => ["/api/admin/pending-showbills"],
  "routes/api.admin.showbills.$eventId.approve": none,
  "routes/api.admin.event-revisions": () => ["/api/admin/event-revisions"],
  "routes/api.admin.event-revisions.$eventId": none,
  "routes/api.admin.run-logs": () => ["/api/admin/run-logs"],
  "routes/api.admin.run-logs.$id": none,
  "routes/api.admin.reports": () => ["/api/admin/reports"],
  "routes/api.admin.reports.$id": none,
  "routes/api.admin.event-reports": () => ["/api/admin/event-reports"],
  "routes/api.admin.event-reports.$id": none,
  "routes/api.admin.invitation-stats": () => ["/api/admin/invitation-stats"],
  "routes/api.admin.audit-log": () => ["/api/admin/audit-log"],
  "routes/api.admin.mass-notification": none,
  "routes/api.admin.send-notification": none,
  // Race day
  "routes/events_.$id.enter": (w) => allEvents(w).map((e) => `/events/${e.id}/enter`),
  "routes/events_.$id.draw": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/draw`, raceDraw: true })),
  "routes/events_.$id.race-day": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/race-day`, raceManager: true })),
  "routes/api.events.$id.classes": (w) => allEvents(w).map((e) => `/api/events/${e.id}/classes`),
  "routes/api.events.$id.classes.$classId": none,
  "routes/api.events.$id.classes.$classId.draw": (w) => w.race.classIds.map((c) => ({ url: `/api/events/${w.race.eventId}/classes/${c}/draw`, raceDraw: true })),
  "routes/api.events.$id.entries": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/entries`, raceManager: true })),
  "routes/api.events.$id.entries.$entryId": none,
  "routes/api.events.$id.timers": (w) => allEvents(w).map((e) => `/api/events/${e.id}/timers`),
  "routes/api.events.$id.timers.$userId": none,
  // Race day: the booth (its producer's and timers'), live results and results (the producer's review before publishing)
  "routes/events_.$id.booth": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/booth`, raceManager: true })),
  "routes/events_.$id.live": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/live`, raceDraw: true })),
  "routes/events_.$id.results": (w) => allEvents(w).map((e) => `/events/${e.id}/results`),
  "routes/events_.$id.results_.$classId": (w) => w.race.classIds.map((c) => ({ url: `/events/${w.race.eventId}/results/${c}`, raceManager: true })),
  "routes/api.events.$id.times": none,
  "routes/api.events.$id.times.$timeId": none,
  "routes/api.events.$id.times.$timeId.rerun": none,
  "routes/api.events.$id.live": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/live`, raceDraw: true })),
  "routes/api.events.$id.classes.$classId.results": (w) => w.race.classIds.map((c) => ({ url: `/api/events/${w.race.eventId}/classes/${c}/results`, raceManager: true })),
  "routes/api.events.$id.classes.$classId.results.publish": none,
  "routes/api.events.$id.classes.$classId.results[.csv]": (w) => w.race.classIds.map((c) => `/api/events/${w.race.eventId}/classes/${c}/results.csv`),
  "routes/api.events.$id.classes.$classId.overrides.$entryId": none,
  // When do I run: the arena screen and the pace show what the draw shows; my-runs only the viewer's own runs
  "routes/events_.$id.arena": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/arena`, raceDraw: true })),
  "routes/api.events.$id.arena": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/arena`, raceDraw: true })),
  "routes/events_.$id.announcer": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/announcer`, raceManager: true })),
  "routes/api.events.$id.pace": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/pace`, raceDraw: true })),
  "routes/api.events.$id.my-runs": (w) => allEvents(w).map((e) => `/api/events/${e.id}/my-runs`),
  "routes/api.events.$id.gate-calls": none,
  // The race office: the books, checks and printed sheets (the producer's), the year's winnings and settings (admins')
  "routes/events_.$id.books": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/books`, raceManager: true })),
  "routes/events_.$id.checks": (w) => allEvents(w).map((e) => ({ url: `/events/${e.id}/checks`, raceManager: true })),
  "routes/events_.$id.sheets.$sheet": (w) => allEvents(w).flatMap((e) => ["announcer", "gate", "numbers"].map((sheet) => ({ url: `/events/${e.id}/sheets/${sheet}`, raceManager: true }))),
  "routes/api.events.$id.books": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/books`, raceManager: true })),
  "routes/api.events.$id.books[.csv]": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/books.csv`, raceManager: true })),
  "routes/api.events.$id.checks": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/checks`, raceManager: true })),
  "routes/api.events.$id.checks.$payeeKey": none,
  "routes/api.events.$id.checks.$payeeKey.void": none,
  "routes/api.events.$id.checks.$payeeKey.cashed": none,
  "routes/admin_.winnings": () => ["/admin/winnings"],
  "routes/api.admin.winnings": () => ["/api/admin/winnings?year=2026"],
  "routes/api.admin.winnings[.csv]": () => ["/api/admin/winnings.csv?year=2026"],
  "routes/api.admin.settings": () => ["/api/admin/settings"],
  "routes/api.admin.payee-links": none,
  // The season (the world has no series: the lists, each page's 404 and every rider's road to the finals)
  "routes/series._index": () => ["/series"],
  "routes/series.$id": () => ["/series/none"],
  "routes/embed.series.$id": () => ["/embed/series/none"],
  "routes/admin_.series": () => ["/admin/series"],
  "routes/admin_.series_.$id": () => ["/admin/series/none"],
  "routes/events_.$id.series": (w) => allEvents(w).map((e) => `/events/${e.id}/series`),
  "routes/api.series": () => ["/api/series"],
  "routes/api.series.$id": () => ["/api/series/none"],
  "routes/api.series.$id.events": none,
  "routes/api.series.$id.events.$eventId": none,
  "routes/api.series.$id.standings": () => ["/api/series/none/standings"],
  "routes/api.series.$id.standings[.csv]": () => ["/api/series/none/standings.csv"],
  "routes/api.users.$id.qualification": (w) => everyone(w).map((p) => `/api/users/${p.user.id}/qualification`),
  // Members: a rider's own page, card and list; the office's list, years and CSV.
  "routes/membership._index": () => ["/membership"],
  "routes/membership.card.$id": () => ["/membership/card/none"],
  "routes/admin_.members": () => ["/admin/members"],
  "routes/api.admin.membership-years": () => ["/api/admin/membership-years"],
  "routes/api.admin.membership-years.$id": () => ["/api/admin/membership-years/none"],
  "routes/api.memberships": none,
  "routes/api.memberships.mine": () => ["/api/memberships/mine"],
  "routes/api.admin.memberships": () => ["/api/admin/memberships?yearId=none"],
  "routes/api.admin.memberships.$id": none,
  "routes/api.admin.memberships.import": none,
  "routes/api.admin.memberships[.csv]": () => ["/api/admin/memberships.csv?yearId=none"],
  // The ledger (branch ledger): the producer's records and close-outs; a rider's own receipts.
  "routes/api.events.$id.ledger": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/ledger`, raceManager: true })),
  "routes/api.events.$id.ledger.$recordId.reverse": none,
  "routes/api.events.$id.closeouts": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/closeouts`, raceManager: true })),
  "routes/api.events.$id.money-rules": (w) => allEvents(w).map((e) => ({ url: `/api/events/${e.id}/money-rules`, raceManager: true })),
  "routes/api.me.receipts": () => ["/api/me/receipts"],
};

/** Reads answered by POST (searches): walked too, since they list people and events. */
const POST_READS = (w: World): Visit[] =>
  [
    { body: { query: "Zz" } },
    { body: { query: "Zzinv" } },
    { body: { query: "Zzsol" } },
    { body: { query: "Zzinvitel" }, fullViewsOnly: true },
    { body: { viewAll: true }, fullViewsOnly: true },
    ...Object.values(w.nearZip).map((zipCode) => ({ body: { zipCode, radius: 25 }, fullViewsOnly: true })),
  ]
    .map((v): Visit => ({ routeId: "routes/api.users.search", url: "/api/users/search", method: "POST", ...v }))
    .concat([{ routeId: "routes/api.events.search", url: "/api/events/search", method: "POST", body: { zipCode: EVENT_ZIP, radius: 200 } }]);

function visits(w: World): Visit[] {
  const list: Visit[] = [];
  for (const [routeId, walk] of Object.entries(WALK)) {
    for (const item of walk(w)) {
      const visit: Visit = typeof item === "string" ? { routeId, url: item } : { routeId, ...item };
      list.push(visit);
      // A screen's data also leaves as the single-fetch `.data` answer (client navigations).
      if (build.routes[routeId]?.module.default) list.push({ ...visit, url: dataUrl(visit.url) });
    }
  }
  return [...list, ...POST_READS(w)];
}

/** Remix single fetch: /profile/1?x=y -> /profile/1.data?x=y; / -> /_root.data. */
function dataUrl(url: string) {
  const u = new URL(url, "http://x");
  u.pathname = u.pathname === "/" ? "/_root.data" : `${u.pathname.replace(/\/$/, "")}.data`;
  return `${u.pathname}${u.search}`;
}

/** A concrete URL for a route (parents' paths included), each dynamic segment filled with a placeholder. */
function urlOf(routeId: string) {
  const parts: string[] = [];
  const route = build.routes[routeId];
  for (let r: typeof route | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/:[^/]+/g, "1").replace(/\*$/, "x").replace(/\/+/g, "/");
}

// ---------------------------------------------------------------------------
// The rules: what docs/security.md lets each viewer see
// ---------------------------------------------------------------------------

const isAdminRoute = (visit: Visit) => visit.routeId === "routes/admin" || visit.routeId.startsWith("routes/api.admin.");

/** An approved follow (a row in follows), as the seed made them. */
function follows_(viewer: Person | null, target: Person) {
  if (!viewer) return false;
  return (
    (viewer.key === "follower" && target.key === "invite") ||
    (viewer.key === "stranger" && target.key === "public") ||
    (viewer.key === "invite" && target.key === "public") ||
    (viewer.key === "solo" && target.key === "invite")
  );
}

type View = "self" | "full" | "limited" | "hidden";
function viewOf(viewer: Person | null, target: Person): View {
  if (viewer?.key === target.key) return "self";
  if (target.banned || target.mode === "SOLO") return "hidden";
  if (target.mode === "PUBLIC" || follows_(viewer, target)) return "full";
  return "limited";
}

const FIELDS_BY_VIEW: Record<View, Field[]> = {
  self: ["first", "last", "email", "zip", "bio", "picture", "child", "favoriteHorse", "alert", "id"],
  full: ["first", "last", "zip", "bio", "picture", "id"],
  limited: ["first", "id"],
  hidden: [],
};
/** What the admin screens show of any rider: who they are and how to reach them (the admin screens). */
const ADMIN_FIELDS: Field[] = ["first", "last", "email", "picture", "id"];

const shareable = (run: Run) => run.privacy === "PUBLIC" && run.owner.mode !== "SOLO" && !run.owner.banned;

/** Riders entered in the seed's race: in the published draw, and in any class (the SOLO rider's child is in one drawn but not published). */
const RACE_DRAWN: Key[] = ["invite"];
const RACE_ENTRANTS: Key[] = ["invite", "solo"];

function fieldAllowed(viewer: Person | null, target: Person, field: Field, visit: Visit) {
  const view = viewOf(viewer, target);
  // docs/security.md: INVITE_ONLY riders are never in ZIP-radius searches to non-followers (nor found by last name).
  if (visit.fullViewsOnly && view === "limited") return false;
  if (FIELDS_BY_VIEW[view].includes(field)) return true;
  if (viewer?.isAdmin && isAdminRoute(visit) && ADMIN_FIELDS.includes(field)) return true;
  // A published draw names its riders, as at any race (the SOLO rider was told when entering).
  if (visit.raceDraw && RACE_DRAWN.includes(target.key) && (field === "first" || field === "last")) return true;
  // The producer (and an admin) see every entry of their race: who rides, a sub-profile included.
  if (visit.raceManager && (viewer?.key === "public" || viewer?.isAdmin) && RACE_ENTRANTS.includes(target.key) && (field === "first" || field === "last" || field === "child")) return true;
  // A share link names the run's owner (first name; PUBLIC owners fully, as above).
  if (visit.sharedRun?.owner === target && shareable(visit.sharedRun) && field === "first") return true;
  return false;
}

function runAllowed(viewer: Person | null, run: Run, visit: Visit) {
  if (viewer?.key === run.owner.key) return true;
  if (visit.sharedRun === run && shareable(run)) return true;
  // Admins moderate public runs on /admin; a SOLO owner's runs are seen by nobody else.
  if (viewer?.isAdmin && isAdminRoute(visit) && run.privacy === "PUBLIC" && run.owner.mode !== "SOLO") return true;
  return shareable(run) && (run.owner.mode === "PUBLIC" || follows_(viewer, run.owner));
}

type Marker = { value: string; label: string; allowed: (viewer: Person | null, visit: Visit) => boolean };

function markers(w: World): Marker[] {
  const list: Marker[] = [];
  for (const p of everyone(w)) {
    for (const field of Object.keys(p.markers) as Field[]) {
      // Ids are only secret for riders nobody may see; everyone else's id is in links and lists.
      if (field === "id" && viewOf(null, p) !== "hidden") continue;
      list.push({ value: p.markers[field], label: `${p.key} rider's ${field}`, allowed: (v, visit) => fieldAllowed(v, p, field, visit) });
    }
  }
  for (const run of w.runs) {
    for (const field of Object.keys(run.markers) as RunField[]) {
      list.push({ value: run.markers[field], label: `${run.owner.key} rider's ${run.privacy} run ${field}`, allowed: (v, visit) => runAllowed(v, run, visit) });
    }
  }
  for (const stable of w.stables) {
    const own = (v: Person | null) => v?.key === stable.owner.key;
    list.push({ value: stable.markers.paperFile, label: `${stable.owner.key} rider's paper (file name)`, allowed: own });
    list.push({ value: stable.markers.paperContent, label: `${stable.owner.key} rider's paper (file)`, allowed: own });
    list.push({ value: stable.docId, label: `${stable.owner.key} rider's paper id`, allowed: own });
    list.push({
      value: stable.markers.horse,
      label: `${stable.owner.key} rider's shared horse`,
      allowed: (v, visit) => own(v) || (visit.sharedHorse === stable && stable.owner.mode !== "SOLO" && !stable.owner.banned),
    });
  }
  list.push({ value: w.pendingEvent.name, label: "unapproved event", allowed: (v) => Boolean(v && (v.key === "public" || v.isAdmin)) });
  return list;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Digits (ZIP codes, times) must stand alone: "69361" inside a longer number or an id is not the ZIP. */
const pattern = (value: string) =>
  /^[\d.]+$/.test(value) ? new RegExp(`(?<![\\w.])${escape(value)}(?![\\w])`) : new RegExp(escape(value.toLowerCase()));

// ---------------------------------------------------------------------------
// Fetching as a viewer
// ---------------------------------------------------------------------------

async function readBody(res: Response, url: string) {
  // Server-sent events (the unread count, an event's live results) never end.
  if (!/^\/api\/.*\/(stream|live|arena)$/.test(url) || !res.headers.get("content-type")?.startsWith("text/event-stream")) return res.text();
  // Server-sent events never end: the first chunk carries the data.
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

type Seen = { visit: Visit; status: number; body: string };

async function walk(viewer: Viewer, list: Visit[]): Promise<Seen[]> {
  const client = viewer.person?.client ?? app.client();
  const seen: Seen[] = [];
  const queue = [...list];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let visit = queue.shift(); visit; visit = queue.shift()) {
        const res = visit.method === "POST" ? await client.json(visit.url, "POST", visit.body) : await client.get(visit.url);
        seen.push({ visit, status: res.status, body: await readBody(res, visit.url) });
      }
    }),
  );
  return seen;
}

function leaksIn(viewer: Viewer, seen: Seen[], all: Marker[]) {
  const leaks: string[] = [];
  const found = new Set<string>();
  for (const { visit, body } of seen) {
    const text = body.toLowerCase();
    const asked = `${visit.url} ${JSON.stringify(visit.body ?? "")}`.toLowerCase();
    for (const marker of all) {
      if (!pattern(marker.value).test(text)) continue;
      found.add(marker.value);
      if (asked.includes(marker.value.toLowerCase())) continue;
      if (!marker.allowed(viewer.person, visit)) leaks.push(`${visit.method ?? "GET"} ${visit.url}${visit.body ? ` ${JSON.stringify(visit.body)}` : ""} shows the ${marker.label} (${marker.value})`);
    }
  }
  return { leaks, found };
}

// ---------------------------------------------------------------------------

beforeAll(async () => {
  app = await startTestServer();
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  world = await seed();
}, 120_000);
afterAll(() => app.close());

describe("leak test: every page, /api GET and share page as each kind of viewer", () => {
  it("has a walking entry for every route of the build, and none for a route that does not exist", () => {
    const routes = Object.keys(build.routes).filter((id) => id !== "root");
    expect(routes.filter((id) => !WALK[id]), "routes without a walking entry").toEqual([]);
    expect(Object.keys(WALK).filter((id) => !build.routes[id]), "entries for routes that no longer exist").toEqual([]);
  });

  it("walks no GET only where the route answers none (405 for /api, no loader for screens)", async () => {
    const client = world.people.stranger.client;
    const wrong: string[] = [];
    for (const [routeId, entry] of Object.entries(WALK)) {
      if (entry(world).length || !build.routes[routeId]) continue;
      const route = build.routes[routeId]!;
      if (!routeId.startsWith("routes/api.")) {
        if (route.module.loader && routeId !== "routes/uploads.$") wrong.push(`${routeId} has a loader`);
        continue;
      }
      const url = urlOf(routeId);
      const res = await client.get(url);
      if (res.status !== 405) wrong.push(`${routeId}: GET ${url} answered ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a SOLO rider's follow, follow request and event share, which would name them to the other rider", () => {
    expect(world.soloActs).toEqual({ follow: 403, request: 403, share: 403 });
  });

  const viewers: [string, () => Viewer][] = [
    ["a visitor", () => ({ name: "visitor", person: null })],
    ["a signed-in stranger", () => ({ name: "stranger", person: world.people.stranger })],
    ["the INVITE_ONLY rider's approved follower", () => ({ name: "follower", person: world.people.follower })],
    ["the INVITE_ONLY rider's pending requester", () => ({ name: "requester", person: world.people.requester })],
    ["the SOLO rider (owner)", () => ({ name: "solo", person: world.people.solo })],
    ["the INVITE_ONLY rider (owner)", () => ({ name: "invite", person: world.people.invite })],
    ["the PUBLIC rider (owner)", () => ({ name: "public", person: world.people.public })],
    ["an administrator", () => ({ name: "admin", person: world.people.admin })],
  ];

  /**
   * Markers each viewer must find somewhere in the walk: proof that the
   * search reads the same bodies the leaks would be in (server HTML, `.data`,
   * JSON), so the test can fail.
   */
  const mustSee: Record<string, (w: World) => string[]> = {
    visitor: (w) => [w.people.invite.markers.last, ...w.stables.filter((s) => s.owner.mode !== "SOLO").map((s) => s.markers.horse), w.people.public.runs[0]!.markers.notes, w.people.invite.runs[0]!.markers.notes, w.people.invite.markers.first, w.people.public.markers.last],
    stranger: (w) => [w.people.public.markers.last, w.people.public.markers.zip, w.people.public.markers.picture, w.people.public.runs[0]!.markers.notes, w.people.invite.markers.first, w.people.stranger.markers.email],
    follower: (w) => [w.people.invite.markers.last, w.people.invite.markers.zip, w.people.invite.markers.bio, w.people.invite.markers.picture, w.people.invite.runs[0]!.markers.notes, w.people.invite.runs[0]!.markers.time],
    requester: (w) => [w.people.invite.markers.first, w.people.requester.markers.child],
    solo: (w) => ownMarkers(w.people.solo),
    invite: (w) => [...ownMarkers(w.people.invite), w.people.follower.markers.first, w.people.requester.markers.first],
    public: (w) => [...ownMarkers(w.people.public), w.pendingEvent.name, w.people.stranger.markers.last],
    admin: (w) => [w.people.solo.markers.child, w.people.solo.markers.email, w.people.solo.markers.first, w.people.banned.markers.email, w.people.invite.runs[0]!.markers.notes, w.pendingEvent.name],
  };
  const ownMarkers = (p: Person) => [
    p.markers.email, p.markers.zip, p.markers.last, p.markers.child, p.markers.favoriteHorse, p.markers.alert, p.markers.picture, p.markers.bio,
    ...p.runs.flatMap((r) => [r.markers.notes, r.markers.video, r.markers.time]),
    ...world.stables.filter((s) => s.owner === p).flatMap((s) => [s.markers.horse, s.markers.paperFile, s.markers.paperContent]),
  ];

  it.each(viewers)("shows %s nothing that docs/security.md hides from them", async (_label, viewerOf) => {
    const viewer = viewerOf();
    const seen = await walk(viewer, visits(world));
    const errors = seen.filter((s) => s.status >= 500).map((s) => `${s.visit.url}: ${s.status}`);
    expect(errors, "server errors").toEqual([]);
    const { leaks, found } = leaksIn(viewer, seen, markers(world));
    expect(leaks, `${viewer.name} sees what they should not`).toEqual([]);
    expect(mustSee[viewer.name]!(world).filter((m) => !found.has(m)), "markers the viewer should have found").toEqual([]);
  }, 120_000);
});
