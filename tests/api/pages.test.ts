import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { linkIn } from "../helpers/mail";
import { createUser, getUserByEmail, PASSWORD, registration } from "../helpers/factories";
import { setClock } from "../../app/lib/clock.server";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * The screens' loaders and actions through real HTTP, posting forms the way
 * a browser without JavaScript does.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

async function signedInClient(overrides = {}) {
  const user = createUser(app.db, overrides);
  const client = app.client();
  const res = await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
  expect(res.status).toBe(302);
  return { user, client };
}

describe("signed-out routes", () => {
  it.each(["/", "/login", "/register", "/forgot-password", "/privacy-policy", "/terms-of-service"])("serves %s", async (path) => {
    const res = await app.client().get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("shows the landing page on any other path", async () => {
    const res = await app.client().get("/some/unknown/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Made for You");
    expect(html).not.toContain("404 Page Not Found");
  });

  it("sends a visitor from a signed-in screen to /login", async () => {
    for (const path of ["/events", "/run-log", "/notifications", "/settings", "/add-event", "/admin"]) {
      const res = await app.client().get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe("/login");
    }
  });

  it("states the legal pages' effective date and sections", async () => {
    const privacy = await (await app.client().get("/privacy-policy")).text();
    expect(privacy).toContain("September 4, 2025");
    expect(privacy).toMatch(/Children Under 13/i);
    const terms = await (await app.client().get("/terms-of-service")).text();
    expect(terms).toContain("September 4, 2025");
    expect(terms).toMatch(/Delaware/);
    expect(terms.match(/<h2/g)?.length).toBe(14);
  });
});

describe("register form without JavaScript", () => {
  it("re-renders with every field's message next to the field", async () => {
    const res = await app.client().form("/register", { email: "bad", password: "short", firstName: "", homeZipCode: "12a" });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const message of [
      "Please enter a valid email address",
      "Password must be at least 8 characters",
      "First name is required",
      "ZIP code must be 5 digits",
      "You must agree to the terms to create an account",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('aria-invalid="true"');
  });

  it("creates the account, goes to /login and shows the welcome toast there", async () => {
    const body = registration();
    const client = app.client();
    const res = await client.form("/register", { ...body, agreeToTerms: "on" } as Record<string, string>);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect(getUserByEmail(app.db, body.email)).toBeTruthy();
    const login = await (await client.get("/login")).text();
    expect(login).toContain("Check your email (including the spam folder)");
    // The toast is shown once.
    expect(await (await client.get("/login")).text()).not.toContain("Check your email (including the spam folder)");
  });

  it("shows the invite banner states", async () => {
    const owner = createUser(app.db, { firstName: "Kaylee", lastName: "Brooks", privacyMode: "PUBLIC" });
    const { createInvite } = await import("../helpers/factories");
    const invite = createInvite(app.db, owner.id);
    // Says who sent the invitation: in full for a Public rider, by first name otherwise.
    expect(await (await app.client().get(`/register?invite=${invite.code}`)).text()).toContain("You&#x27;ve been invited to join Cloverleaf by Kaylee Brooks");
    const shy = createInvite(app.db, createUser(app.db, { firstName: "Maisie", lastName: "Quill", privacyMode: "INVITE_ONLY" }).id);
    const page = await (await app.client().get(`/register?invite=${shy.code}`)).text();
    expect(page).toContain("You&#x27;ve been invited to join Cloverleaf by Maisie");
    expect(page).not.toContain("Quill");
    expect(await (await app.client().get("/register?invite=nope")).text()).toContain("Invalid or expired invite code");
  });
});

describe("the landing page's footer", () => {
  it("carries this year, by the app's clock", async () => {
    setClock(new Date("2031-03-01T12:00:00Z"));
    try {
      expect(await (await app.client().get("/")).text()).toContain("© <!-- -->2031<!-- --> Cloverleaf, Inc.");
    } finally {
      setClock(null);
    }
    expect(await (await app.client().get("/")).text()).toContain(`© <!-- -->${new Date().getUTCFullYear()}<!-- --> Cloverleaf, Inc.`);
  });
});

describe("login form without JavaScript", () => {
  it("signs in with a full page load to / and the welcome toast: a welcome the first time, a welcome back after", async () => {
    // A user id ending in 0 draws the greeting "Welcome back": a new account is welcomed instead.
    const { user, client } = await signedInClient({ id: "00000000-0000-4000-8000-00000000a0a0", firstName: "Neva" });
    const html = await (await client.get("/")).text();
    expect(html).toContain(`Welcome to Cloverleaf, ${user.firstName}!`);
    expect(html).not.toContain("Welcome back");
    expect(html).toContain("Welcome, Neva!");
    expect(html).toContain('aria-label="Main"');
    const again = app.client();
    await again.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    expect(await (await again.get("/")).text()).toContain("Welcome back!");
  });

  it("shows 'Login Failed' with the message on wrong credentials", async () => {
    const res = await app.client().form("/login", { email: "nobody@example.com", password: "whatever1", intent: "login" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Login Failed: Invalid email or password.");
  });

  it("opens the Email Verification Required dialog for an unverified account, and resends", async () => {
    const user = createUser(app.db, { emailVerified: false });
    const res = await app.client().form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    const html = await res.text();
    expect(html).toContain("Email Verification Required");
    expect(html).toContain("Resend Email");
    const resend = await app.client().form("/login", { email: user.email, intent: "resend" });
    expect(resend.status).toBe(200);
    expect(await resend.text()).toContain("Verification email sent successfully!");
    await app.smtp.waitFor(user.email, /verify/i);
  });

  it("redirects a signed-in user away from /login and /register", async () => {
    const { client } = await signedInClient();
    for (const path of ["/login", "/register"]) {
      const res = await client.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("signs out to / and ends the session", async () => {
    const { client } = await signedInClient();
    const res = await client.form("/logout", {});
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect((await client.get("/settings")).status).toBe(302);
  });
});

describe("signed-in shell", () => {
  it("shows '404 Page Not Found' on an unknown path", async () => {
    const { client } = await signedInClient();
    const res = await client.get("/no/such/page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
  });

  it("shows the Admin tab and dashboard only to admins", async () => {
    const { client } = await signedInClient();
    const denied = await client.get("/admin");
    expect(denied.status).toBe(403);
    const html = await denied.text();
    expect(html).toContain("Access Denied - You need administrator privileges to access this page.");
    expect(html).not.toContain('href="/admin"');

    const admin = await signedInClient({ isAdmin: true });
    const page = await (await admin.client.get("/admin")).text();
    expect(page).toContain("Pending Showbills");
    expect(page).toContain('href="/admin"');
  });

  it("shows the email's verified state on the profile screen", async () => {
    const { client, user } = await signedInClient();
    expect(await (await client.get("/settings")).text()).toContain('aria-label="Verified"');
    app.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id)).run();
    expect(await (await client.get("/settings")).text()).toContain("Unverified");
  });
});

describe("password recovery screens without JavaScript", () => {
  it("forgot-password shows 'Check Your Email' for any address", async () => {
    const res = await app.client().form("/forgot-password", { email: "anyone@example.com" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Check Your Email");
    expect(html).toContain("Send Another Email");
  });

  it("reset-password: invalid link, mismatch message, then 'Password Reset Complete'", async () => {
    const bad = await (await app.client().get("/reset-password/not-a-token")).text();
    expect(bad).toContain("Invalid Reset Link");
    expect(bad).toContain("Request New Reset Link");

    const user = createUser(app.db);
    await app.client().form("/forgot-password", { email: user.email });
    const link = linkIn(await app.smtp.waitFor(user.email, /reset/i), "/reset-password/");
    const path = new URL(link).pathname;
    expect(await (await app.client().get(path)).text()).toContain("Confirm password");

    const mismatch = await app.client().form(path, { password: "new-password-1", confirmPassword: "new-password-2" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords don&#x27;t match");

    const done = await app.client().form(path, { password: "new-password-1", confirmPassword: "new-password-1" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Password Reset Complete");
  });

  it("verify-email page verifies on its form post", async () => {
    const body = registration();
    await app.client().json("/api/auth/register", "POST", body);
    const path = new URL(linkIn(await app.smtp.waitFor(body.email, /verify/i), "/verify-email/")).pathname;
    expect(getUserByEmail(app.db, body.email)!.emailVerified).toBe(false);
    const res = await app.client().form(path, {});
    expect(await res.text()).toContain("Email Verified");
    expect(getUserByEmail(app.db, body.email)!.emailVerified).toBe(true);
  });
});
