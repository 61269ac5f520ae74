import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, users } from "../../db/schema";
import { createEvent, createUser, PASSWORD, registration, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Rate limits at their real values (RATE_LIMIT_FACTOR=1; the other test
 * files run with 1000). The server trusts X-Forwarded-For from loopback, as
 * behind the container's proxy, so each test comes from addresses of its own
 * and the fixed windows of one test never spend another's budget.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({ RATE_LIMIT_FACTOR: "1" });
});
afterAll(() => app.close());

const LOGIN_LIMIT = "Too many attempts. Please wait 15 minutes and try again.";
const HOUR_LIMIT = "Too many attempts. Please wait 60 minutes and try again.";
const SEARCH_LIMIT = "Too many searches. Please wait a minute and try again.";

let ip = 0;
/** A visitor from an address no other test used. */
function visitor(address = `10.7.${Math.floor(++ip / 250)}.${ip % 250}`) {
  const client = app.client();
  const fetch = client.fetch.bind(client);
  client.fetch = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", address);
    return fetch(path, { ...init, headers });
  };
  return client;
}

/** Lets a fixed window run out, as if its time had passed. */
function expireWindows(prefix: string) {
  app.db.update(rateLimits).set({ windowStart: 0 }).where(like(rateLimits.key, `${prefix}%`)).run();
}

describe("sign-in", () => {
  it("allows 10 attempts per address in 15 minutes across the API and the /login form, then answers 429 even to the right password", async () => {
    const client = visitor();
    const user = createUser(app.db);
    for (let i = 0; i < 5; i++) expect((await client.json("/api/auth/login", "POST", { email: `nobody${i}@example.com`, password: "wrong-pass" })).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await client.form("/login", { email: `nobody${i}@example.com`, password: "wrong-pass", intent: "login" })).status).toBe(401);

    const api = await client.json("/api/auth/login", "POST", { email: user.email, password: PASSWORD });
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe(LOGIN_LIMIT);
    expect(client.cookies.get("__session")).toBeUndefined();
    const form = await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(LOGIN_LIMIT);
    expect(client.cookies.get("__session")).toBeUndefined();

    // Another address is not affected.
    expect((await visitor().json("/api/auth/login", "POST", { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it("allows 10 attempts per account from any number of addresses (a spread-out password guesser), then 429", async () => {
    const user = createUser(app.db);
    for (let i = 0; i < 10; i++) {
      expect((await visitor().json("/api/auth/login", "POST", { email: user.email, password: `guess-${i}-pass` })).status).toBe(401);
    }
    const res = await visitor().json("/api/auth/login", "POST", { email: user.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(LOGIN_LIMIT);
  });

  it("opens again when the window has passed", async () => {
    const client = visitor();
    const user = createUser(app.db);
    for (let i = 0; i < 10; i++) await client.json("/api/auth/login", "POST", { email: user.email, password: "wrong-pass" });
    expect((await client.json("/api/auth/login", "POST", { email: user.email, password: PASSWORD })).status).toBe(429);
    expireWindows("login:");
    expect((await client.json("/api/auth/login", "POST", { email: user.email, password: PASSWORD })).status).toBe(200);
  });
});

describe("sign-up", () => {
  it("allows 5 registrations per address an hour across the API and the /register form; the 6th creates nothing", async () => {
    const client = visitor();
    for (let i = 0; i < 3; i++) expect((await client.json("/api/auth/register", "POST", registration())).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const body = registration();
      const res = await client.form("/register", { ...body, agreeToTerms: "on" } as Record<string, string>);
      expect(res.status).toBe(302);
    }
    const refused = registration();
    const api = await client.json("/api/auth/register", "POST", refused);
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe(HOUR_LIMIT);
    const form = await client.form("/register", { ...refused, agreeToTerms: "on" } as Record<string, string>);
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(HOUR_LIMIT);
    expect(app.db.select().from(users).where(eq(users.email, refused.email)).get()).toBeUndefined();
  });
});

describe("password reset and verification mail", () => {
  it("allows 5 reset requests per address in 15 minutes across the API and the /forgot-password form; the 6th sends no mail", async () => {
    const client = visitor();
    const user = createUser(app.db);
    for (let i = 0; i < 3; i++) expect((await client.json("/api/auth/forgot-password", "POST", { email: user.email })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await client.form("/forgot-password", { email: user.email })).status).toBe(200);
    await app.smtp.waitFor(user.email, /reset/i);
    await new Promise((r) => setTimeout(r, 300));
    const sent = app.smtp.messages.filter((m) => m.to.includes(user.email)).length;
    expect(sent).toBe(5);

    const api = await client.json("/api/auth/forgot-password", "POST", { email: user.email });
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe(LOGIN_LIMIT);
    const form = await client.form("/forgot-password", { email: user.email });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(LOGIN_LIMIT);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.smtp.messages.filter((m) => m.to.includes(user.email)).length).toBe(sent);
  });

  it("limits resending the verification mail the same way, from the API and the login screen", async () => {
    const client = visitor();
    const user = createUser(app.db, { emailVerified: false });
    for (let i = 0; i < 3; i++) expect((await client.json("/api/auth/resend-verification", "POST", { email: user.email })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await client.form("/login", { email: user.email, intent: "resend" })).status).toBe(200);
    expect((await client.json("/api/auth/resend-verification", "POST", { email: user.email })).status).toBe(429);
    const form = await client.form("/login", { email: user.email, intent: "resend" });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("Failed to send verification email. Please try again.");
  });
});

describe("search", () => {
  async function searcher() {
    const { user, client } = await signedInRider(app, { homeZipCode: "76101" });
    return { user, client };
  }
  const eventSearch = (c: Client) => c.json("/api/events/search", "POST", { zipCode: "76101", radius: 50 });
  const peopleSearch = (c: Client) => c.json("/api/users/search", "POST", { query: "Rider" });

  it("allows 60 searches a minute per rider, counting event and rider searches on the API and the screens together", async () => {
    const { client } = await searcher();
    const event = createEvent(app.db);
    const screens = [
      () => client.get("/?search=1&location=76101&radius=50"),
      () => client.get("/?riders=Rider"),
      () => client.get(`/share-with/event/${event.id}?q=Rider`),
    ];
    for (let i = 0; i < 30; i++) expect((await eventSearch(client)).status).toBe(200);
    for (let i = 0; i < 27; i++) expect((await peopleSearch(client)).status).toBe(200);
    for (const screen of screens) {
      const res = await screen();
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain(SEARCH_LIMIT);
    }

    for (const search of [eventSearch, peopleSearch]) {
      const res = await search(client);
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ message: SEARCH_LIMIT });
    }
    // The screens say so instead of searching (no results listed).
    const discover = await (await screens[0]!()).text();
    expect(discover).toContain(SEARCH_LIMIT);
    expect(await (await screens[1]!()).text()).toContain(SEARCH_LIMIT);
    const share = await screens[2]!();
    expect(share.status).toBe(429);
    const shareHtml = await share.text();
    expect(shareHtml).toContain(SEARCH_LIMIT);
    expect(shareHtml).not.toContain('name="targetUserId"');

    // Another rider, even on the same address, searches freely; the rest of the app still works.
    const other = await searcher();
    expect((await eventSearch(other.client)).status).toBe(200);
    expect((await client.get("/run-log")).status).toBe(200);
    expect((await client.json("/api/run-logs", "POST", { arenaName: "Still Logging" })).status).toBe(201);

    expireWindows("search:");
    expect((await eventSearch(client)).status).toBe(200);
  });

  it("refuses a visitor's search before counting anything (401)", async () => {
    expect((await eventSearch(app.client())).status).toBe(401);
    expect((await peopleSearch(app.client())).status).toBe(401);
  });
});
