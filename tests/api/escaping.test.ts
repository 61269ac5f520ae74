import { eq } from "drizzle-orm";
import { Window } from "happy-dom";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createUser, PASSWORD, registration, signedInRider, signIn } from "../helpers/factories";
import { linkIn } from "../helpers/mail";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Stored text carrying HTML or script is shown as text everywhere: the
 * server HTML of every screen that shows it (hydration data included), the
 * Open Graph and Twitter tags of share pages, and the mails. Everything is
 * stored through the app's own forms and /api, then read back as each kind of
 * viewer and parsed with a real HTML parser (happy-dom, scripts off).
 */
const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const TITLE = "</title><script>";
const ALL = `${SCRIPT}${IMG}${TITLE}`;

const T = {
  firstName: `Eve${SCRIPT}`,
  lastName: IMG,
  bio: ALL,
  riderName: `Lil${TITLE}${SCRIPT}`,
  arenaName: `Arena${ALL}`,
  horseName: `Dash${IMG}`,
  notes: `Notes${ALL}`,
  eventName: `Rodeo${ALL}`,
  pendingEventName: `Pending${ALL}`,
  description: `About${ALL}`,
  contactName: `Contact${IMG}`,
  entryFee: `$20${SCRIPT}`,
  userReport: `Reported${ALL}`,
  eventReport: `Wrong${ALL}`,
  announcementTitle: `News${ALL}`,
  announcementMessage: `Message${ALL}`,
};

let app: TestServer;
let admin: Client;
let villain: { id: string; email: string; client: Client };
let viewer: { id: string; client: Client };
let fanId: string;
let eventId: string;
let runId: string;
const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });

async function ok(res: Response | Promise<Response>, status = 200) {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return r;
}

beforeAll(async () => {
  app = await startTestServer();
  const adminUser = createUser(app.db, { isAdmin: true, firstName: "Ada" });
  admin = app.client();
  await signIn(admin, adminUser.email);

  // The hostile rider signs up through the API: the verification mail carries the first name.
  const body = registration({ firstName: T.firstName, lastName: T.lastName, privacyMode: "PUBLIC", homeZipCode: "76101" });
  const created = await (await ok(app.client().json("/api/auth/register", "POST", body), 201)).json();
  const verify = linkIn(await app.smtp.waitFor(body.email, /verify/i), "/verify-email/").split("/verify-email/")[1]!;
  await ok(app.client().json(`/api/auth/verify-email/${verify}`, "POST", {}));
  const client = app.client();
  await signIn(client, body.email, body.password);
  villain = { id: created.id, email: body.email, client };

  const rider = await (await ok(client.json("/api/riders", "POST", { name: T.riderName }), 201)).json();
  const run = await (
    await ok(client.json("/api/run-logs", "POST", { arenaName: T.arenaName, horseName: T.horseName, notes: T.notes, time: "15.2", rating: 4, privacy: "PUBLIC", riderId: rider.id }), 201)
  ).json();
  runId = run.id;
  await ok(client.json("/api/auth/user/profile", "PATCH", { bio: T.bio, favoriteHorse: T.horseName }));

  // An event with a showbill (so the share page has og:image:alt), approved by the admin.
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } }).png().toBuffer();
  const grant = await (await ok(client.json("/api/objects/upload?kind=showbill", "POST"))).json();
  await ok(fetch(grant.uploadURL, { method: "PUT", headers: { "Content-Type": "image/png" }, body: new Uint8Array(png) }), 201);
  const { accessURL } = await (await ok(client.json("/api/objects/convert-url", "POST", { uploadURL: grant.uploadURL }))).json();
  const eventFields = {
    location: "Fort Worth, TX", zipCode: "76101", date: "2031-05-01", eventType: ["barrel_racing"], confirmTerms: true,
    description: T.description, arenaName: T.arenaName, contactName: T.contactName, entryFee: T.entryFee,
  };
  const event = await (await ok(client.json("/api/events", "POST", { ...eventFields, name: T.eventName, showbillUrl: accessURL }), 201)).json();
  eventId = event.id;
  await ok(admin.json(`/api/admin/showbills/${eventId}/approve`, "PATCH", { approved: true }));
  // A second one stays pending, for the admin's showbill queue.
  const grant2 = await (await ok(client.json("/api/objects/upload?kind=showbill", "POST"))).json();
  await ok(fetch(grant2.uploadURL, { method: "PUT", headers: { "Content-Type": "image/png" }, body: new Uint8Array(png) }), 201);
  const pending = await (await ok(client.json("/api/objects/convert-url", "POST", { uploadURL: grant2.uploadURL }))).json();
  await ok(client.json("/api/events", "POST", { ...eventFields, name: T.pendingEventName, date: "2031-09-01", showbillUrl: pending.accessURL }), 201);

  // An ordinary rider nearby: asked to be followed by the villain, shown the event, reporting both.
  const v = await signedInRider(app, { homeZipCode: "76101", privacyMode: "INVITE_ONLY" });
  viewer = { id: v.user.id, client: v.client };
  await ok(client.json("/api/follow", "POST", { targetId: viewer.id }));
  await ok(client.json("/api/events/share", "POST", { eventId, targetUserId: viewer.id }));
  await ok(v.client.json(`/api/events/${eventId}/save`, "POST"));
  await ok(v.client.json("/api/reports", "POST", { reportedUserId: villain.id, reason: "harassment", description: T.userReport }), 201);
  await ok(v.client.json("/api/event-reports", "POST", { eventId, reason: "wrong-info", description: T.eventReport }), 201);
  // A PUBLIC rider the villain follows, so the villain is in a followers list.
  const fan = createUser(app.db, { privacyMode: "PUBLIC" });
  fanId = fan.id;
  await ok(client.json("/api/follow", "POST", { targetId: fan.id }));
  await ok(admin.json("/api/admin/mass-notification", "POST", { title: T.announcementTitle, message: T.announcementMessage }));
}, 60_000);

afterAll(async () => {
  await window.happyDOM.close();
  await app?.close();
});

function parse(html: string) {
  return new window.DOMParser().parseFromString(html, "text/html");
}

/** What a person sees: the body's text without the scripts (hydration data is checked as markup, not as text). */
function visibleText(doc: ReturnType<typeof parse>) {
  const copy = doc.body.cloneNode(true) as typeof doc.body;
  for (const s of copy.querySelectorAll("script")) s.remove();
  return copy.textContent ?? "";
}

/** No markup from the stored text: no event-handler attribute, no injected image or script, one intact title. */
function expectNoInjectedMarkup(html: string, where: string, nonce?: string) {
  for (const raw of ["<script>alert(1)", "<img src=x", "</title><script>"]) expect(html.includes(raw), `${where} contains raw ${raw}`).toBe(false);
  const doc = parse(html);
  const handlers = [...doc.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => a.name.toLowerCase().startsWith("on")));
  expect(handlers.map((el) => el.outerHTML.slice(0, 120)), `${where}: elements with event handlers`).toEqual([]);
  expect(doc.querySelectorAll('img[src="x"]').length, `${where}: injected <img>`).toBe(0);
  for (const script of doc.querySelectorAll("script")) {
    expect(script.textContent?.trim(), `${where}: injected script`).not.toMatch(/^alert\(1\)/);
    if (nonce) expect(script.getAttribute("nonce"), `${where}: a script without the page's nonce`).toBe(nonce);
  }
  expect(doc.querySelectorAll("title").length, `${where}: <title> count`).toBeLessThanOrEqual(1);
  return doc;
}

async function page(client: Client, path: string) {
  const res = await client.get(path);
  expect(res.status, path).toBe(200);
  const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
  const html = await res.text();
  return { html, doc: expectNoInjectedMarkup(html, path, nonce) };
}

const SCREENS: Array<[string, () => Client, () => string, string[]]> = [
  ["a rider's profile", () => viewer.client, () => `/profile/${villain.id}`, [T.firstName, T.lastName, T.bio, T.arenaName, T.horseName]],
  ["a followers list", () => viewer.client, () => `/profile/${fanId}?list=followers`, [T.firstName]],
  ["Discover's riders search", () => viewer.client, () => "/?riders=Eve", [T.firstName, T.lastName]],
  ["Discover's event search", () => viewer.client, () => "/?search=1&location=76101&radius=50", [T.eventName]],
  ["Discover's upcoming events", () => viewer.client, () => "/", [T.eventName]],
  ["My Events", () => viewer.client, () => "/events", [T.eventName]],
  ["the viewer's notifications", () => viewer.client, () => "/notifications", [T.announcementTitle, T.announcementMessage, T.firstName]],
  ["the share-with-a-rider search", () => viewer.client, () => `/share-with/event/${eventId}?q=Eve`, [T.firstName, T.lastName]],
  ["the event report screen", () => viewer.client, () => `/events/${eventId}/report`, [T.eventName]],
  ["the shared event page (visitor)", () => app.client(), () => `/share/event/${eventId}`, [T.eventName, T.description, T.contactName, T.entryFee, T.arenaName]],
  ["the shared run page (visitor)", () => app.client(), () => `/share/run-log/${runId}`, [T.firstName, T.arenaName, T.horseName, T.notes]],
  ["the owner's run log", () => villain.client, () => "/run-log", [T.arenaName, T.horseName, T.notes, T.riderName]],
  ["the owner's settings", () => villain.client, () => "/settings", [T.firstName, T.lastName, T.bio, T.riderName]],
  ["the owner's notifications", () => villain.client, () => "/notifications", [T.eventName]],
  ["the event edit form", () => villain.client, () => `/events/${eventId}/edit`, []],
  ["admin: users", () => admin, () => "/admin?tab=users&q=Eve", [T.firstName]],
  ["admin: reported users", () => admin, () => "/admin?tab=reported-users", [T.firstName, T.userReport]],
  ["admin: reported events", () => admin, () => "/admin?tab=reported-events", [T.eventName, T.eventReport]],
  ["admin: pending showbills", () => admin, () => "/admin?tab=showbills", [T.pendingEventName]],
  ["admin: event moderation", () => admin, () => "/admin?tab=events", [T.eventName, T.pendingEventName]],
  ["admin: run log visibility", () => admin, () => "/admin?tab=runs", [T.arenaName]],
  ["admin: notification recipients", () => admin, () => "/admin?tab=notifications&q=Eve", [T.firstName]],
  ["admin: audit log", () => admin, () => "/admin?tab=audit", []],
];

describe("stored HTML and script are shown as text", () => {
  it("(the check itself catches each payload rendered as markup)", () => {
    const page = (inject: string) => `<!doctype html><html><head><title>Cloverleaf</title></head><body><p>${inject}</p><script nonce="n">1</script></body></html>`;
    expect(() => expectNoInjectedMarkup(page("ok"), "clean", "n")).not.toThrow();
    for (const bad of [SCRIPT, IMG, `<svg onload=alert(1)>`]) expect(() => expectNoInjectedMarkup(page(bad), "dirty", "n")).toThrow();
    const title = `<!doctype html><html><head><title>x${TITLE}alert(1)</title></head><body></body></html>`;
    expect(() => expectNoInjectedMarkup(title, "dirty title", "n")).toThrow();
    // An injected script that is closed: no nonce.
    expect(() => expectNoInjectedMarkup(page("<script >fetch('/x')</script>"), "dirty script", "n")).toThrow();
  });

  it.each(SCREENS)("%s", async (_name, client, path, shown) => {
    const { doc } = await page(client(), path());
    const text = visibleText(doc);
    for (const s of shown) expect(text, `${path()} shows ${JSON.stringify(s)} as text`).toContain(s);
  });

  it("form fields keep the text as their value (the edit forms)", async () => {
    const { doc } = await page(villain.client, "/settings?edit=profile");
    expect(doc.querySelector('input[name="firstName"]')!.getAttribute("value")).toBe(T.firstName);
    expect(doc.querySelector('input[name="lastName"]')!.getAttribute("value")).toBe(T.lastName);
    expect(doc.querySelector('textarea[name="bio"]')!.textContent).toBe(T.bio);
    const edit = (await page(villain.client, `/events/${eventId}/edit`)).doc;
    expect(edit.querySelector('input[name="name"]')!.getAttribute("value")).toBe(T.eventName);
    expect(edit.querySelector('textarea[name="description"]')!.textContent).toBe(T.description);
  });

  it("titles, Open Graph and Twitter tags of the share pages carry the text, intact", async () => {
    const event = (await page(app.client(), `/share/event/${eventId}`)).doc;
    expect(event.title).toBe(`${T.eventName} | Cloverleaf`);
    const meta = (doc: typeof event, key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
    expect(meta(event, "og:title")).toBe(T.eventName);
    expect(meta(event, "twitter:title")).toBe(T.eventName);
    expect(meta(event, "og:image:alt")).toBe(`Showbill for ${T.eventName}`);
    expect(meta(event, "og:description")).toContain(T.arenaName);
    expect(meta(event, "twitter:description")).toContain(T.arenaName);

    const run = (await page(app.client(), `/share/run-log/${runId}`)).doc;
    expect(run.title).toBe(`${T.firstName}'s run at ${T.arenaName} | Cloverleaf`);
    expect(meta(run, "og:title")).toBe(`${T.firstName}'s run at ${T.arenaName}`);
    expect(meta(run, "og:description")).toBe(`${T.horseName} · 15.2s`);
    expect(meta(run, "description")).toBe(`${T.horseName} · 15.2s`);

    const profile = (await page(viewer.client, `/profile/${villain.id}`)).doc;
    expect(profile.title).toBe(`${T.firstName} | Cloverleaf`);
  });

  it("the JSON answers carry the text unchanged (escaping is the screen's job, not the store's)", async () => {
    const res = await viewer.client.get(`/api/users/${villain.id}`);
    expect(await res.json()).toMatchObject({ firstName: T.firstName, lastName: T.lastName, bio: T.bio });
    expect(app.db.select().from(users).where(eq(users.id, villain.id)).get()).toMatchObject({ firstName: T.firstName, bio: T.bio });
  });
});

describe("mail", () => {
  function expectMailAsText(mail: { html: string; text: string }, where: string) {
    expect(mail.html).toBeTruthy();
    const doc = expectNoInjectedMarkup(mail.html, where);
    expect(doc.querySelectorAll("script, img, iframe, object, embed").length, `${where}: active elements`).toBe(0);
    expect(visibleText(doc)).toContain(`Hi ${T.firstName},`);
    expect(mail.text).toContain(`Hi ${T.firstName},`);
  }

  it("the verification and reset mails show the name as text in their HTML part", async () => {
    expectMailAsText(await app.smtp.waitFor(villain.email, /verify/i), "verification mail");
    await ok(app.client().json("/api/auth/forgot-password", "POST", { email: villain.email }));
    expectMailAsText(await app.smtp.waitFor(villain.email, /reset/i), "reset mail");
  });

  it("a reset mail asked for through the form (no JavaScript) too", async () => {
    const other = createUser(app.db, { firstName: T.firstName });
    await ok(app.client().form("/forgot-password", { email: other.email }));
    expectMailAsText(await app.smtp.waitFor(other.email, /reset/i), "reset mail (form)");
    // The account still signs in normally: nothing about the name broke it.
    await signIn(app.client(), other.email, PASSWORD);
  });
});
