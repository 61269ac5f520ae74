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

const login = (client: Client, email: string, password: string) => client.json("/api/auth/login", "POST", { email, password });

describe("sign-in", () => {
  it("lets 30 riders sign in from one arena address within 15 minutes, typos included: only failures count", async () => {
    const arena = "10.9.0.1";
    for (let i = 0; i < 30; i++) {
      const rider = createUser(app.db);
      if (i % 3 === 0) expect((await login(visitor(arena), rider.email, "fat-fingered")).status).toBe(401);
      const res = i % 2 ? await visitor(arena).form("/login", { email: rider.email, password: PASSWORD, intent: "login" }) : await login(visitor(arena), rider.email, PASSWORD);
      expect(res.status).toBe(i % 2 ? 302 : 200);
    }
  }, 60_000);

  it("refuses an address after 50 failed sign-ins in 15 minutes, even the right password, across the API and the /login form", async () => {
    const client = visitor();
    const user = createUser(app.db);
    for (let i = 0; i < 25; i++) expect((await login(client, `nobody${i}@example.com`, "wrong-pass")).status).toBe(401);
    for (let i = 25; i < 50; i++) expect((await client.form("/login", { email: `nobody${i}@example.com`, password: "wrong-pass", intent: "login" })).status).toBe(401);

    const api = await login(client, user.email, PASSWORD);
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe(LOGIN_LIMIT);
    expect(client.cookies.get("__session")).toBeUndefined();
    const form = await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(LOGIN_LIMIT);
    expect(client.cookies.get("__session")).toBeUndefined();

    // Another address is not affected.
    expect((await login(visitor(), user.email, PASSWORD)).status).toBe(200);
  }, 60_000);

  it("refuses one account from one address after 10 failures there; the rider still signs in from their phone", async () => {
    const user = createUser(app.db);
    const attacker = visitor();
    for (let i = 0; i < 10; i++) expect((await login(attacker, user.email, `guess-${i}-pass`)).status).toBe(401);
    const refused = await login(attacker, user.email.toUpperCase(), PASSWORD);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(LOGIN_LIMIT);
    // The same address may still sign in to other accounts.
    expect((await login(attacker, createUser(app.db).email, PASSWORD)).status).toBe(200);
    expect((await login(visitor(), user.email, PASSWORD)).status).toBe(200);
  });

  it("slows down, never locks, an account failing from many addresses: the rider signs in from their phone", async () => {
    const user = createUser(app.db);
    for (let i = 0; i < 14; i++) expect((await login(visitor(), user.email, `guess-${i}-pass`)).status).toBe(401);
    // Still answered, not refused, from yet another address: the account is not locked.
    expect((await login(visitor(), user.email, "guess-15-pass")).status).toBe(401);
    const started = Date.now();
    const phone = visitor();
    const res = await login(phone, user.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(phone.cookies.get("__session")).toBeDefined();
    // 15 failures against an allowance of 10: each sign-in now waits (15 - 10 + 1) x 250 ms first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
  }, 60_000);

  it("opens again when the window has passed", async () => {
    const client = visitor();
    const user = createUser(app.db);
    for (let i = 0; i < 10; i++) await login(client, user.email, "wrong-pass");
    expect((await login(client, user.email, PASSWORD)).status).toBe(429);
    expireWindows("login-fail-");
    expect((await login(client, user.email, PASSWORD)).status).toBe(200);
  });
});

describe("sign-up", () => {
  it("lets 30 riders register from one arena address in an hour across the API and the /register form, 60 in all; the 61st creates nothing", async () => {
    const address = "10.9.1.1";
    const arena = visitor(address);
    for (let i = 0; i < 30; i++) {
      const body = registration();
      const res = i % 2 ? await arena.form("/register", { ...body, agreeToTerms: "on" } as Record<string, string>) : await arena.json("/api/auth/register", "POST", body);
      expect(res.status).toBe(i % 2 ? 302 : 201);
    }
    // As if 29 more had registered this hour (each costs a password hash; the 30 above are the venue).
    app.db.update(rateLimits).set({ count: 59 }).where(eq(rateLimits.key, `register:${address}`)).run();
    expect((await arena.json("/api/auth/register", "POST", registration())).status).toBe(201);
    const refused = registration();
    const api = await arena.json("/api/auth/register", "POST", refused);
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe(HOUR_LIMIT);
    const form = await arena.form("/register", { ...refused, agreeToTerms: "on" } as Record<string, string>);
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(HOUR_LIMIT);
    expect(app.db.select().from(users).where(eq(users.email, refused.email)).get()).toBeUndefined();
  }, 60_000);

  it("takes 3 registrations of one email an hour, from any addresses; the 4th is refused", async () => {
    const body = registration();
    expect((await visitor().json("/api/auth/register", "POST", body)).status).toBe(201);
    expect((await visitor().json("/api/auth/register", "POST", body)).status).toBe(409);
    expect((await visitor().form("/register", { ...body, email: body.email.toUpperCase(), agreeToTerms: "on" } as Record<string, string>)).status).toBe(409);
    const res = await visitor().json("/api/auth/register", "POST", body);
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(HOUR_LIMIT);
  });
});

describe("password reset and verification mail", () => {
  it("sends at most 3 reset mails to one mailbox in 15 minutes, from any addresses, across the API and the /forgot-password form", async () => {
    const user = createUser(app.db);
    for (let i = 0; i < 2; i++) expect((await visitor().json("/api/auth/forgot-password", "POST", { email: user.email })).status).toBe(200);
    expect((await visitor().form("/forgot-password", { email: user.email })).status).toBe(200);
    const mailed = () => app.smtp.messages.filter((m) => m.to.includes(user.email)).length;
    // Mail goes out in the background: wait for all three.
    for (let waited = 0; mailed() < 3 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    const sent = mailed();
    expect(sent).toBe(3);

    const api = await visitor().json("/api/auth/forgot-password", "POST", { email: user.email });
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe(LOGIN_LIMIT);
    const form = await visitor().form("/forgot-password", { email: user.email });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(LOGIN_LIMIT);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.smtp.messages.filter((m) => m.to.includes(user.email)).length).toBe(sent);
  });

  it("allows 20 reset requests per address in 15 minutes, whatever the emails; the 21st is refused", async () => {
    const client = visitor();
    for (let i = 0; i < 20; i++) expect((await client.json("/api/auth/forgot-password", "POST", { email: `someone${i}@example.com` })).status).toBe(200);
    expect((await client.json("/api/auth/forgot-password", "POST", { email: "someone-else@example.com" })).status).toBe(429);
    expect((await visitor().json("/api/auth/forgot-password", "POST", { email: "someone-else@example.com" })).status).toBe(200);
  });

  it("limits resending the verification mail the same way, from the API and the login screen", async () => {
    const user = createUser(app.db, { emailVerified: false });
    for (let i = 0; i < 2; i++) expect((await visitor().json("/api/auth/resend-verification", "POST", { email: user.email })).status).toBe(200);
    expect((await visitor().form("/login", { email: user.email, intent: "resend" })).status).toBe(200);
    expect((await visitor().json("/api/auth/resend-verification", "POST", { email: user.email })).status).toBe(429);
    const form = await visitor().form("/login", { email: user.email, intent: "resend" });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("Failed to send verification email. Please try again.");
    const client = visitor();
    for (let i = 0; i < 20; i++) expect((await client.json("/api/auth/resend-verification", "POST", { email: `unverified${i}@example.com` })).status).toBe(200);
    expect((await client.json("/api/auth/resend-verification", "POST", { email: "unverified-x@example.com" })).status).toBe(429);
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
