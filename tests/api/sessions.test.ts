import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLogs, sessions, users } from "../../db/schema";
import { createUser, PASSWORD, registration, signIn } from "../helpers/factories";
import { linkIn, type CapturedMail } from "../helpers/mail";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Sessions and what a stranger can learn from the sign-in screens, through
 * the real server, forms and /api alike.
 *
 * Mail goes to an SMTP server of this file that can be made slow, so a test
 * can tell whether an answer waited for a mail (which would reveal that the
 * address has an account).
 */
const mails: CapturedMail[] = [];
let smtpDelayMs = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then(async (mail) => {
        await new Promise((r) => setTimeout(r, smtpDelayMs));
        const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        mails.push({ to: to ?? "", subject: mail.subject ?? "", text: mail.text ?? "", html: String(mail.html ?? ""), headers: {} });
        callback();
      })
      .catch(callback);
  },
});

async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const found = [...mails].reverse().find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} matching ${subject}`);
}

let app: TestServer;
let admin: Client;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  app = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  admin = app.client();
  await signIn(admin, createUser(app.db, { isAdmin: true }).email);
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const sid = (client: Client) => client.cookies.get("__session");
const withCookie = (cookie: string | undefined) => {
  const c = app.client();
  if (cookie) c.cookies.set("__session", cookie);
  return c;
};

/** Signed out for pages and /api alike: 401 JSON, and screens send it to /login. */
async function expectSignedOut(client: Client) {
  const me = await client.get("/api/auth/user");
  expect(me.status).toBe(401);
  expect(await me.json()).toEqual({ message: "Not authenticated" });
  for (const path of ["/run-log", "/settings", "/notifications"]) {
    const page = await client.get(path);
    expect(page.status, path).toBe(302);
    expect(page.headers.get("location")).toBe("/login");
  }
  // The home page is the landing page, not Discover.
  const home = await (await client.get("/")).text();
  expect(home).not.toContain('aria-label="Main"');
}

async function expectSignedInAs(client: Client, userId: string) {
  const me = await client.get("/api/auth/user");
  expect(me.status).toBe(200);
  expect((await me.json()).id).toBe(userId);
  expect((await client.get("/run-log")).status).toBe(200);
}

async function formSignIn(client: Client, email: string, password = PASSWORD) {
  const res = await client.form("/login", { email, password, intent: "login" });
  expect(res.status).toBe(302);
  return res;
}

describe("session fixation", () => {
  it("gives a visitor no session id to fix: signed-out screens set no session cookie", async () => {
    const visitor = app.client();
    for (const path of ["/", "/login", "/register", "/forgot-password", "/api/auth/user"]) await visitor.get(path);
    await visitor.form("/login", { email: "nobody@example.com", password: "wrong-password", intent: "login" });
    expect(sid(visitor)).toBeUndefined();
  });

  it.each([
    ["POST /api/auth/login", (c: Client, email: string) => signIn(c, email)],
    ["the /login form", (c: Client, email: string) => formSignIn(c, email)],
  ])("%s: a session id planted before sign-in is replaced, and the planted id no longer works", async (_name, login) => {
    // The attacker signs in as themselves and plants their cookie in the victim's browser.
    const attacker = createUser(app.db);
    const attackerClient = app.client();
    await signIn(attackerClient, attacker.email);
    const planted = sid(attackerClient)!;
    const victim = createUser(app.db);
    const victimBrowser = withCookie(planted);

    await login(victimBrowser, victim.email);
    const issued = sid(victimBrowser)!;
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(planted);
    await expectSignedInAs(victimBrowser, victim.id);
    // The planted id is gone server-side: whoever holds it is nobody.
    await expectSignedOut(withCookie(planted));
    // A forged, unsigned cookie value is ignored and replaced too.
    const forged = withCookie("attacker-chosen-id");
    await login(forged, victim.email);
    expect(sid(forged)).not.toBe("attacker-chosen-id");
    await expectSignedInAs(forged, victim.id);
  });
});

/** Signing out through the API and through the screen's form. */
const LOGOUTS: Array<[string, (c: Client) => Promise<Response>]> = [
  ["POST /api/auth/logout", (c) => c.json("/api/auth/logout", "POST")],
  ["the /logout form", (c) => c.form("/logout", {})],
];

describe("logout", () => {
  it.each(LOGOUTS)("%s ends the session on the server: the old cookie replayed is signed out", async (_name, logout) => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    const old = sid(client)!;
    const laptop = app.client();
    await signIn(laptop, user.email);

    const res = await logout(client);
    expect(res.status).toBeLessThan(400);
    expect(sid(client)).toBeUndefined();
    await expectSignedOut(withCookie(old));
    // Logging out on one device leaves the rider's other devices signed in.
    await expectSignedInAs(laptop, user.id);
  });
});

describe("password changes end the other sessions", () => {
  async function resetToken(email: string) {
    const res = await app.client().json("/api/auth/forgot-password", "POST", { email });
    expect(res.status).toBe(200);
    return linkIn(await mailTo(email, /reset/i), "/reset-password/").split("/reset-password/")[1]!;
  }

  it("a reset through the /reset-password form (no JavaScript) signs every device out", async () => {
    const user = createUser(app.db);
    const phone = app.client();
    const laptop = app.client();
    await signIn(phone, user.email);
    await formSignIn(laptop, user.email);
    const token = await resetToken(user.email);
    const res = await app.client().form(`/reset-password/${token}`, { password: "brand-new-pass", confirmPassword: "brand-new-pass" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Password Reset Complete");
    await expectSignedOut(phone);
    await expectSignedOut(laptop);
    expect(app.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
  });

  it("a reset through POST /api/auth/reset-password signs every device out, pages included", async () => {
    const user = createUser(app.db);
    const phone = app.client();
    await formSignIn(phone, user.email);
    const token = await resetToken(user.email);
    expect((await app.client().json(`/api/auth/reset-password/${token}`, "POST", { password: "brand-new-pass" })).status).toBe(200);
    await expectSignedOut(phone);
  });

  it("an administrator's password reset (API and dashboard form) signs the rider out everywhere", async () => {
    for (const reset of [
      (id: string) => admin.json(`/api/admin/users/${id}/reset-password`, "POST", { newPassword: "fresh-pass-1" }),
      (id: string) => admin.form("/admin", { intent: "reset-password", userId: id, newPassword: "fresh-pass-1" }),
    ]) {
      const user = createUser(app.db);
      const phone = app.client();
      await signIn(phone, user.email);
      const res = await reset(user.id);
      expect(res.status).toBeLessThan(400);
      await expectSignedOut(phone);
      await signIn(app.client(), user.email, "fresh-pass-1");
    }
  });
});

describe("a ban ends the banned user's sessions at once", () => {
  it.each([
    ["DELETE /api/admin/users/{id}/ban", (id: string) => admin.json(`/api/admin/users/${id}/ban`, "DELETE")],
    ["the dashboard's ban form", (id: string) => admin.form("/admin", { intent: "ban", userId: id })],
  ])("%s: the next page, API call and form post are signed out, and nothing is written", async (_name, ban) => {
    const user = createUser(app.db);
    const phone = app.client();
    const laptop = app.client();
    await signIn(phone, user.email);
    await formSignIn(laptop, user.email);
    await expectSignedInAs(phone, user.id);

    expect((await ban(user.id)).status).toBeLessThan(400);
    await expectSignedOut(phone);
    await expectSignedOut(laptop);
    const post = await laptop.form("/run-log", { intent: "create", arenaName: "After The Ban" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/login");
    expect((await phone.json("/api/run-logs", "POST", { arenaName: "After The Ban" })).status).toBe(401);
    expect(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all()).toHaveLength(0);
    expect(app.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
  });

  it("a session row left behind (deactivated directly in the database) is refused on its next request", async () => {
    const user = createUser(app.db);
    const phone = app.client();
    await signIn(phone, user.email);
    app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id)).run();
    await expectSignedOut(phone);
  });
});

describe("a notification stream ends with its session", () => {
  async function riderOnTwoDevices() {
    const user = createUser(app.db);
    const [phone, laptop] = [app.client(), app.client()];
    await signIn(phone, user.email);
    await signIn(laptop, user.email);
    return { user, phone, laptop };
  }

  /** Opens /api/notifications/stream and reads up to its first unread count. */
  async function openStream(client: Client) {
    const res = await client.get("/api/notifications/stream");
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: unread")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended early: ${text}`);
      text += decoder.decode(value);
    }
    return {
      /** True once the server ends the stream, false if it is still open after `ms`. */
      async endsWithin(ms: number) {
        const timeout = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms));
        for (;;) {
          const next = await Promise.race([reader.read(), timeout]);
          if (next === "open") return false;
          if (next.done) return true;
        }
      },
      close: () => reader.cancel(),
    };
  }

  it.each(LOGOUTS)("%s ends that device's stream at once and leaves another device's open", async (_name, logout) => {
    const { phone, laptop } = await riderOnTwoDevices();
    const phoneStream = await openStream(phone);
    const laptopStream = await openStream(laptop);

    expect((await logout(phone)).status).toBeLessThan(400);
    expect(await phoneStream.endsWithin(2_000)).toBe(true);
    expect(await laptopStream.endsWithin(500)).toBe(false);
    await laptopStream.close();
  });

  it.each([
    ["a ban", (id: string) => admin.json(`/api/admin/users/${id}/ban`, "DELETE")],
    ["an administrator's password reset", (id: string) => admin.json(`/api/admin/users/${id}/reset-password`, "POST", { newPassword: "brand-new-pass" })],
  ])("%s ends every stream of the rider at once", async (_name, end) => {
    const { user, phone, laptop } = await riderOnTwoDevices();
    const streams = [await openStream(phone), await openStream(laptop)];

    expect((await end(user.id)).status).toBeLessThan(400);
    for (const stream of streams) expect(await stream.endsWithin(2_000)).toBe(true);
  });
});

describe("cross-origin state-changing requests", () => {
  const HOSTILE: Array<[string, Record<string, string>]> = [
    ["Origin of another site", { Origin: "https://evil.example" }],
    ["Origin of another port on the same host", { Origin: "http://127.0.0.1:1" }],
    ["a look-alike Origin", { Origin: "http://127.0.0.1.evil.example" }],
    ["Sec-Fetch-Site: cross-site without Origin", { "Sec-Fetch-Site": "cross-site" }],
    ["Origin: null", { Origin: "null" }],
    ["Origin: null with Sec-Fetch-Site: cross-site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
  ];

  it.each(HOSTILE)("refuses forms and /api calls with %s: 403 JSON, nothing changes", async (_name, headers) => {
    const { db } = app;
    const user = createUser(app.db, { bio: "Unchanged" });
    const client = app.client();
    await signIn(client, user.email);
    const target = createUser(app.db, { privacyMode: "PUBLIC" });
    const form = (path: string, fields: Record<string, string>) =>
      client.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields).toString() });
    const multipart = (path: string, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return client.fetch(path, { method: "POST", headers, body });
    };
    const attempts = [
      form("/run-log", { intent: "create", arenaName: "Forged Arena" }),
      multipart("/run-log", { intent: "create", arenaName: "Forged Arena" }),
      form("/settings/account", { intent: "profile", firstName: user.firstName, bio: "Forged" }),
      form("/settings", { intent: "delete-account", password: PASSWORD }),
      form(`/profile/${target.id}`, { intent: "follow" }),
      form("/logout", {}),
      form("/login", { email: user.email, password: PASSWORD, intent: "login" }),
      client.json("/api/run-logs", "POST", { arenaName: "Forged Arena" }, headers),
      client.json("/api/auth/user/profile", "PATCH", { bio: "Forged" }, headers),
      client.json("/api/follow", "POST", { targetId: target.id }, headers),
      client.json(`/api/follow/${target.id}`, "DELETE", undefined, headers),
      client.json("/api/auth/logout", "POST", undefined, headers),
      client.json("/api/auth/login", "POST", { email: user.email, password: PASSWORD }, headers),
      client.json("/api/objects/upload?kind=showbill", "POST", undefined, headers),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, res.url).toBe(403);
      expect(await res.json()).toEqual({ message: "Cross-origin requests are not allowed." });
      // No new cookie either: a refused login starts nothing.
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all()).toHaveLength(0);
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({ bio: "Unchanged" });
    await expectSignedInAs(client, user.id);
    const follow = await client.get(`/api/following/${target.id}`);
    expect(await follow.json()).toEqual({ isFollowing: false, hasPendingRequest: false });
  });

  it("accepts the app's own origin, a same-origin Sec-Fetch-Site, and clients that send neither (curl, the app's tests)", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    const allowed: Array<Record<string, string>> = [{ Origin: app.url }, { "Sec-Fetch-Site": "same-origin" }, { Origin: app.url, "Sec-Fetch-Site": "same-origin" }, {}];
    for (const headers of allowed) {
      const res = await client.json("/api/run-logs", "POST", { arenaName: "Own Origin Arena" }, headers);
      expect(res.status).toBe(201);
    }
    const form = await client.fetch("/run-log", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ intent: "create", arenaName: "Own Origin Arena" }).toString(),
    });
    expect(form.status).toBe(302);
    expect(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all()).toHaveLength(5);
  });

  it("lets reads through from anywhere (links from other sites still open pages)", async () => {
    const res = await app.client().fetch("/login", { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});

describe("answers that do not reveal whether an email is registered", () => {
  /** Status and body, with the echo of the address the caller typed taken out. */
  async function answer(res: Response) {
    return { status: res.status, body: await res.text() };
  }

  it("login: an unknown email, a wrong password, and a wrong password on an unverified or banned account answer alike (API)", async () => {
    const known = createUser(app.db);
    const unverified = createUser(app.db, { emailVerified: false });
    const banned = createUser(app.db, { isActive: false });
    const attempt = (email: string) => app.client().json("/api/auth/login", "POST", { email, password: "not-the-password" });
    const answers = await Promise.all([`ghost-${Date.now()}@example.com`, known.email, unverified.email, banned.email].map(async (e) => answer(await attempt(e))));
    expect(answers[0]).toEqual({ status: 401, body: JSON.stringify({ error: "Invalid email or password.", showResendOption: false, email: null, message: "Invalid email or password." }) });
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it("login: the /login form answers an unknown email and a wrong password alike", async () => {
    const known = createUser(app.db);
    const emails = [`ghost-${Date.now()}@example.com`, known.email];
    // The page echoes the typed address back into the field; the rest must be identical (nonces aside).
    const pages = await Promise.all(
      emails.map(async (email) => {
        const res = await app.client().form("/login", { email, password: "not-the-password", intent: "login" });
        expect(res.status).toBe(401);
        return (await res.text()).replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, "").replace(/'nonce-[^']*'/g, "");
      }),
    );
    expect(pages[0]).toContain("Login Failed: Invalid email or password.");
    expect(pages[0]).toBe(pages[1]);
  });

  it("forgot password: the same answer for a registered, an unverified, a banned and an unknown address (API and form)", async () => {
    const known = createUser(app.db);
    const unverified = createUser(app.db, { emailVerified: false });
    const banned = createUser(app.db, { isActive: false });
    const emails = [`ghost-${Date.now()}@example.com`, known.email, unverified.email, banned.email];
    const api = await Promise.all(emails.map(async (email) => answer(await app.client().json("/api/auth/forgot-password", "POST", { email }))));
    for (const a of api) expect(a).toEqual({ status: 200, body: JSON.stringify({ message: "If an account exists for that email, a reset link is on its way." }) });
    const forms = await Promise.all(emails.map(async (email) => (await app.client().form("/forgot-password", { email })).status));
    expect(new Set(forms)).toEqual(new Set([200]));
    await mailTo(known.email, /reset/i);
  });

  it("resend verification: the same answer for any address (API and the login screen's form)", async () => {
    const known = createUser(app.db);
    const unverified = createUser(app.db, { emailVerified: false });
    const emails = [`ghost-${Date.now()}@example.com`, known.email, unverified.email];
    const api = await Promise.all(emails.map(async (email) => answer(await app.client().json("/api/auth/resend-verification", "POST", { email }))));
    for (const a of api) expect(a).toEqual(api[0]);
    expect(api[0]!.status).toBe(200);
    const forms = await Promise.all(emails.map(async (email) => (await app.client().form("/login", { email, intent: "resend" })).status));
    expect(new Set(forms)).toEqual(new Set([200]));
    await mailTo(unverified.email, /verify/i);
  });

  it("does not wait for the mail server: a slow mail for a known address takes no longer than nothing for an unknown one", async () => {
    const known = createUser(app.db);
    const unverified = createUser(app.db, { emailVerified: false });
    smtpDelayMs = 1500;
    try {
      const timed = async (path: string, email: string) => {
        const start = performance.now();
        const res = await app.client().json(path, "POST", { email });
        expect(res.status).toBe(200);
        return performance.now() - start;
      };
      // Without a mail to send these are a few milliseconds; waiting for the mail would take 1.5 s.
      expect(await timed("/api/auth/forgot-password", known.email)).toBeLessThan(1000);
      expect(await timed("/api/auth/resend-verification", unverified.email)).toBeLessThan(1000);
      const start = performance.now();
      expect((await app.client().form("/forgot-password", { email: known.email })).status).toBe(200);
      expect(performance.now() - start).toBeLessThan(1000);
      // The mails still go out.
      await mailTo(unverified.email, /verify/i);
    } finally {
      smtpDelayMs = 0;
    }
  });

  it("register with a registered address says so (409, SPEC's 'Registration Failed' message), a documented exception kept small by the sign-up rate limit", async () => {
    const known = createUser(app.db);
    const res = await app.client().json("/api/auth/register", "POST", registration({ email: known.email }));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("An account with this email already exists. Try logging in.");
    // No mail goes to the owner and nothing about the account (name, status) is in the answer.
    expect(mails.filter((m) => m.to.includes(known.email))).toHaveLength(0);
  });
});
