import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bannedEmails, emailVerificationTokens, passwordResetTokens, sessions, users } from "../../db/schema";
import { linkIn } from "../helpers/mail";
import { createUser, getUserByEmail, PASSWORD, registration, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const post = (path: string, body: unknown) => app.client().json(path, "POST", body);

async function registerAndGetToken(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await post("/api/auth/register", body);
  expect(res.status).toBe(201);
  const mail = await app.smtp.waitFor(body.email, /verify/i);
  const token = linkIn(mail, "/verify-email/").split("/verify-email/")[1]!;
  return { body, token, mail };
}

describe("POST /api/auth/register", () => {
  it.each([
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ firstName: "  " }, "First name is required"],
    [{ homeZipCode: "1234" }, "ZIP code must be 5 digits"],
    [{ homeZipCode: "12a45" }, "ZIP code must contain only numbers"],
    [{ agreeToTerms: false }, "You must agree to the terms to create an account"],
    [{ homeZipCode: "00000" }, "We could not find that ZIP code."],
    [{ homeZipCode: "99999" }, "We could not find that ZIP code."],
    [{ privacyMode: "EVERYONE" }, "Privacy mode must be one of: SOLO, INVITE_ONLY, PUBLIC"],
  ])("refuses %o with its message", async (override, message) => {
    const res = await post("/api/auth/register", registration(override));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
  });

  it("creates an unverified account, answers without the password and mails an HTML and text verification link", async () => {
    const body = registration({ email: "  Mixed.Case@Example.com ", lastName: undefined });
    const res = await post("/api/auth/register", body);
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toMatchObject({ email: "mixed.case@example.com", emailVerified: false, privacyMode: "INVITE_ONLY", riderType: "Competitor" });
    expect(JSON.stringify(user)).not.toMatch(/password|\$2[aby]\$/i);

    const mail = await app.smtp.waitFor("mixed.case@example.com", /verify/i);
    expect(linkIn(mail, "/verify-email/")).toMatch(new RegExp(`^${app.url}/verify-email/[A-Za-z0-9_-]{40,}$`));
    expect(mail.html).toContain("/verify-email/");
    // Only the hash of the token is stored.
    const token = linkIn(mail, "/verify-email/").split("/verify-email/")[1]!;
    const stored = app.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id)).get()!;
    expect(stored.token).not.toBe(token);
    expect(stored.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a duplicate email, whatever its case, with a clear message", async () => {
    const body = registration();
    expect((await post("/api/auth/register", body)).status).toBe(201);
    const res = await post("/api/auth/register", { ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("An account with this email already exists. Try logging in.");
  });

  it("refuses a banned email", async () => {
    app.db.insert(bannedEmails).values({ email: "banned@example.com" }).run();
    const res = await post("/api/auth/register", registration({ email: "banned@example.com" }));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("This email address cannot be used to create an account.");
    expect(getUserByEmail(app.db, "banned@example.com")).toBeUndefined();
  });
});

describe("email verification", () => {
  it("opening the link verifies nothing; the form's POST verifies once", async () => {
    const { body, token } = await registerAndGetToken();
    const page = await app.client().get(`/verify-email/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Verify My Email");
    expect(getUserByEmail(app.db, body.email)!.emailVerified).toBe(false);

    const res = await post(`/api/auth/verify-email/${token}`, {});
    expect(res.status).toBe(200);
    expect(getUserByEmail(app.db, body.email)!.emailVerified).toBe(true);

    // Tapped again: the address is verified already, which is what the rider is told (not "invalid").
    const again = await post(`/api/auth/verify-email/${token}`, {});
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ verified: true, alreadyVerified: true, message: "Your email address is already verified. You can log in." });
    const page2 = await app.client().form(`/verify-email/${token}`, {});
    expect(await page2.text()).toContain("Already Verified");
  });

  it("calls a used link invalid when the address it verified is no longer the account's", async () => {
    const { body, token } = await registerAndGetToken();
    expect((await post(`/api/auth/verify-email/${token}`, {})).status).toBe(200);
    app.db.update(users).set({ email: `moved-${body.email}` }).where(eq(users.email, body.email)).run();
    const again = await post(`/api/auth/verify-email/${token}`, {});
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe("This verification link is invalid or has expired.");
  });

  it("refuses a wrong or expired token", async () => {
    expect((await post("/api/auth/verify-email/not-a-token", {})).status).toBe(400);
    const { body, token } = await registerAndGetToken();
    const user = getUserByEmail(app.db, body.email)!;
    app.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerificationTokens.userId, user.id)).run();
    expect((await post(`/api/auth/verify-email/${token}`, {})).status).toBe(400);
    expect(getUserByEmail(app.db, body.email)!.emailVerified).toBe(false);
  });

  it("resend answers the same for any address and mails a new link to an unverified account", async () => {
    const { body } = await registerAndGetToken();
    const before = app.smtp.messages.length;
    const known = await post("/api/auth/resend-verification", { email: body.email });
    const unknown = await post("/api/auth/resend-verification", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    // The mail goes out after the answer (so both answer in the same time): wait for the second one.
    await vi.waitFor(() => expect(app.smtp.messages.filter((m) => m.to.includes(body.email))).toHaveLength(2), { timeout: 10_000 });
    expect(app.smtp.messages.length).toBe(before + 1);
  });
});

describe("POST /api/auth/login", () => {
  it("answers an unverified account with the SPEC login error body", async () => {
    const { body } = await registerAndGetToken();
    const res = await post("/api/auth/login", { email: body.email, password: body.password });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: "Email not verified",
      message: "Please verify your email address before logging in.",
      showResendOption: true,
      email: body.email,
    });
  });

  it("fails alike for a wrong password and an unknown email", async () => {
    const user = createUser(app.db);
    const wrong = await post("/api/auth/login", { email: user.email, password: "wrong-password" });
    const unknown = await post("/api/auth/login", { email: "ghost@example.com", password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual(b);
    expect(a.message).toBe("Invalid email or password.");
  });

  it("validates its body", async () => {
    const res = await post("/api/auth/login", { email: "a@b.co", password: "" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Password is required");
  });

  it("signs in after verification, with a new session id and no password in the answer", async () => {
    const { body, token } = await registerAndGetToken();
    await post(`/api/auth/verify-email/${token}`, {});
    const client = app.client();
    const res = await signIn(client, body.email, body.password);
    expect(JSON.stringify(await res.json())).not.toMatch(/password/i);
    const sid = client.cookies.get("__session");
    expect(sid).toBeTruthy();
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(body.email);
    expect(getUserByEmail(app.db, body.email)!.lastLoginAt).toBeInstanceOf(Date);

    // Signing in again rotates the id and deletes the old row.
    const rowsBefore = app.db.select().from(sessions).all().length;
    await signIn(client, body.email, body.password);
    expect(client.cookies.get("__session")).not.toBe(sid);
    expect(app.db.select().from(sessions).all().length).toBe(rowsBefore);
  });

  it("refuses a banned user, whose existing sessions stop working at once", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id)).run();
    expect((await client.get("/api/auth/user")).status).toBe(401);
    const res = await post("/api/auth/login", { email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
  });
});

describe("sessions", () => {
  it("GET /api/auth/user answers 401 when signed out", async () => {
    const res = await app.client().get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Not authenticated" });
  });

  it("logout deletes the session row, so a copied cookie is worthless", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    const stolen = new Map(client.cookies);
    const res = await client.json("/api/auth/logout", "POST");
    expect(res.status).toBe(200);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    const thief = app.client();
    thief.cookies = stolen;
    expect((await thief.get("/api/auth/user")).status).toBe(401);
    expect(app.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
  });

  it("sets an httpOnly, SameSite=Lax session cookie", async () => {
    const user = createUser(app.db);
    const res = await post("/api/auth/login", { email: user.email, password: PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the account exists", async () => {
    const user = createUser(app.db);
    const known = await post("/api/auth/forgot-password", { email: user.email });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody-here@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("mails a one-hour, single-use link; resetting ends every session and the new password works", async () => {
    const user = createUser(app.db);
    const phone = app.client();
    await signIn(phone, user.email);
    await post("/api/auth/forgot-password", { email: user.email });
    const mail = await app.smtp.waitFor(user.email, /reset/i);
    const link = linkIn(mail, "/reset-password/");
    expect(link.startsWith(`${app.url}/reset-password/`)).toBe(true);
    const token = link.split("/reset-password/")[1]!;

    const row = app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).get()!;
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(5000);
    expect(row.token).not.toBe(token);

    expect((await app.client().get(`/api/auth/validate-reset-token/${token}`)).status).toBe(200);
    const tooShort = await post(`/api/auth/reset-password/${token}`, { password: "short" });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toBe("Password must be at least 8 characters");

    const res = await post(`/api/auth/reset-password/${token}`, { password: "brand-new-pass" });
    expect(res.status).toBe(200);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await post("/api/auth/login", { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await post("/api/auth/login", { email: user.email, password: "brand-new-pass" })).status).toBe(200);

    const reused = await post(`/api/auth/reset-password/${token}`, { password: "another-pass-1" });
    expect(reused.status).toBe(400);
    expect((await app.client().get(`/api/auth/validate-reset-token/${token}`)).status).toBe(400);
  });

  it("refuses an expired or wrong token", async () => {
    const user = createUser(app.db);
    await post("/api/auth/forgot-password", { email: user.email });
    const token = linkIn(await app.smtp.waitFor(user.email, /reset/i), "/reset-password/").split("/reset-password/")[1]!;
    app.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(passwordResetTokens.userId, user.id)).run();
    expect((await app.client().get(`/api/auth/validate-reset-token/${token}`)).status).toBe(400);
    expect((await post(`/api/auth/reset-password/${token}`, { password: "brand-new-pass" })).status).toBe(400);
    expect((await post("/api/auth/reset-password/wrong", { password: "brand-new-pass" })).status).toBe(400);
  });
});

describe("PATCH /api/auth/user/profile", () => {
  it("changes only the fields sent and clears with an empty string", async () => {
    const user = createUser(app.db, { division: "Open", bio: "Old bio" });
    const client = app.client();
    await signIn(client, user.email);
    const res = await client.json("/api/auth/user/profile", "PATCH", { bio: "Two horses, one trailer.", division: "" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ bio: "Two horses, one trailer.", division: null, firstName: user.firstName });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it("refuses a bio over 150 characters, a bad ZIP and unknown fields", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    const long = await client.json("/api/auth/user/profile", "PATCH", { bio: "x".repeat(151) });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe("Bio must be 150 characters or less");
    const zip = await client.json("/api/auth/user/profile", "PATCH", { homeZipCode: "abcde" });
    expect((await zip.json()).message).toBe("ZIP code must contain only numbers");
    for (const unknown of ["00000", "99999"]) {
      const refused = await client.json("/api/auth/user/profile", "PATCH", { homeZipCode: unknown });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: "We could not find that ZIP code.", errors: { homeZipCode: ["We could not find that ZIP code."] } });
    }
    expect(app.db.select().from(users).where(eq(users.id, user.id)).get()!.homeZipCode).toBe("76101");
    const admin = await client.json("/api/auth/user/profile", "PATCH", { isAdmin: true });
    expect(admin.status).toBe(400);
    expect(app.db.select().from(users).where(eq(users.id, user.id)).get()!.isAdmin).toBe(false);
  });

  it("answers 401 to a visitor", async () => {
    expect((await app.client().json("/api/auth/user/profile", "PATCH", { bio: "hi" })).status).toBe(401);
  });
});
