import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { PASSWORD, signedInRider, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Changing one's password, on the API (POST /api/auth/change-password) and
 * in Settings, which share one server function: wrong current passwords are
 * limited as sign-ins are (this server keeps the real allowance,
 * RATE_LIMIT_FACTOR=1), the current password is refused as the new one, and
 * a change signs out every other device.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({ RATE_LIMIT_FACTOR: "1" });
});
afterAll(() => app.close());

const change = (client: ReturnType<TestServer["client"]>, body: unknown) => client.json("/api/auth/change-password", "POST", body);

describe("POST /api/auth/change-password", () => {
  it("sets the new password, signs out the other devices, keeps this one with a fresh session, and emails the rider", async () => {
    const { user, client } = await signedInRider(app);
    const otherPhone = app.client();
    await signIn(otherPhone, user.email);
    const before = client.cookieHeader;

    const res = await change(client, { currentPassword: PASSWORD, newPassword: "fresh-saddle-7" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Password changed. Your other devices were signed out." });
    expect(client.cookieHeader).not.toBe(before);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await otherPhone.get("/api/auth/user")).status).toBe(401);
    expect(app.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
    expect((await app.client().json("/api/auth/login", "POST", { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await app.client().json("/api/auth/login", "POST", { email: user.email, password: "fresh-saddle-7" })).status).toBe(200);
    const mail = await app.smtp.waitFor(user.email, /Your password was changed/);
    expect(mail.text).toContain("your other devices were signed out");
  });

  it("refuses the current password as the new one, a wrong current password, and bad input, each with a message", async () => {
    const { client } = await signedInRider(app);
    for (const [body, status, message] of [
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 400, "Choose a new password, not your current one"],
      [{ currentPassword: "not-it-at-all", newPassword: "fresh-saddle-7" }, 400, "Password is incorrect"],
      [{ currentPassword: PASSWORD, newPassword: "short" }, 400, "Password must be at least 8 characters"],
      [{ newPassword: "fresh-saddle-7" }, 400, "Enter your current password"],
      [{ currentPassword: PASSWORD }, 400, "Password must be at least 8 characters"],
    ] as const) {
      const res = await change(client, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    // Still the old password, still signed in.
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await change(app.client(), { currentPassword: PASSWORD, newPassword: "fresh-saddle-7" })).status).toBe(401);
  });

  it("limits wrong current passwords as sign-in is limited: 429 with a message, on the API and in Settings alike", async () => {
    const { client, user } = await signedInRider(app);
    for (let i = 0; i < 10; i++) expect((await change(client, { currentPassword: `guess-${i}-wrong`, newPassword: "fresh-saddle-7" })).status).toBe(400);
    const limited = await change(client, { currentPassword: "guess-11-wrong", newPassword: "fresh-saddle-7" });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    // Even the right password waits out the window: guesses cannot tell right from wrong meanwhile.
    expect((await change(client, { currentPassword: PASSWORD, newPassword: "fresh-saddle-7" })).status).toBe(429);
    const page = await client.form("/settings", { intent: "change-password", currentPassword: PASSWORD, newPassword: "fresh-saddle-7", confirmPassword: "fresh-saddle-7" });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts. Please wait 15 minutes and try again.");
    // Deleting the account asks for the same password, under the same limit.
    expect((await client.form("/settings", { intent: "delete-account", password: PASSWORD })).status).toBe(429);
    // Another rider is not held up by this one's guesses; this rider still signs in.
    const other = await signedInRider(app);
    expect((await change(other.client, { currentPassword: "wrong-guess-1", newPassword: "fresh-saddle-7" })).status).toBe(400);
    expect((await app.client().json("/api/auth/login", "POST", { email: user.email, password: PASSWORD })).status).toBe(200);
  });
});

describe("Settings › Change password", () => {
  it("refuses the current password as the new one beside the field", async () => {
    const { client } = await signedInRider(app);
    const res = await client.form("/settings", { intent: "change-password", currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="newPassword-error"');
    expect(html).toContain("Choose a new password, not your current one");
  });
});
