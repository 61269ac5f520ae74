import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, inviteLinks, runLogs, sessions, users } from "../../db/schema";
import { createEvent, createRun, PASSWORD, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/** The Settings screen's forms, posted as a browser without JavaScript does. */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const signedIn = (overrides = {}) => signedInRider(app, overrides);
const reload = (id: string) => app.db.select().from(users).where(eq(users.id, id)).get()!;

describe("profile edit", () => {
  it("saves only what changed, clears with 'none', and shows 'Profile updated!'", async () => {
    const { user, client } = await signedIn({ division: "Open", bio: "Old" });
    createRun(app.db, user.id, { horseName: "Dash" });
    expect(await (await client.get("/settings?edit=profile")).text()).toContain("Edit profile");
    const res = await client.form("/settings?edit=profile", {
      intent: "profile", firstName: user.firstName, lastName: "Newlast", homeZipCode: "76101", riderType: "Parent",
      division: "none", favoriteHorse: "Dash", bio: "Two horses, one trailer.",
    });
    expect(res.headers.get("location")).toBe("/settings");
    expect(reload(user.id)).toMatchObject({ lastName: "Newlast", riderType: "Parent", division: null, favoriteHorse: "Dash", bio: "Two horses, one trailer.", homeZipCode: "76101" });
    expect(await (await client.get("/settings")).text()).toContain("Profile updated!");
  });

  it("refuses a long bio, a bad or unknown ZIP, a cleared first name and a horse that is not the rider's, by the field, keeping what was typed", async () => {
    const { user, client } = await signedIn();
    const typed = { intent: "profile", firstName: "Newfirst", lastName: "Newlast", homeZipCode: "76179", riderType: "Trainer", division: "Open", favoriteHorse: "none", bio: "Typed bio" };
    for (const [field, value, message] of [
      ["bio", "x".repeat(5000), "Bio must be 150 characters or less"],
      ["homeZipCode", "12ab5", "ZIP code must contain only numbers"],
      ["homeZipCode", "00000", "We could not find that ZIP code."],
      ["homeZipCode", "99999", "We could not find that ZIP code."],
      ["firstName", "", "First name is required"],
      ["firstName", "   ", "First name is required"],
      ["favoriteHorse", "Somebody Else's Horse", "Choose a horse from your run logs"],
    ]) {
      const res = await client.form("/settings?edit=profile", { ...typed, [field]: value! });
      // Answered in place (no redirect, no toast): the message by its field, every value as typed.
      expect(res.status, `${field}=${value}`).toBe(400);
      const page = await res.text();
      expect(page).not.toContain("Profile updated!");
      expect(page).toMatch(new RegExp(`id="p-${field}-error"[^>]*><li>${message.replace("'", "&#x27;").replace(".", "\\.")}</li>`));
      expect(page).toContain('aria-invalid="true"');
      if (field !== "firstName") expect(page).toContain('value="Newfirst"');
      if (field !== "bio") expect(page).toContain(">Typed bio</textarea>");
      expect(page).toContain('value="Newlast"');
      expect(page).toMatch(/<option value="Trainer" selected="">/);
    }
    expect(reload(user.id)).toMatchObject({ firstName: user.firstName, bio: null, homeZipCode: "76101" });
  });
});

describe("privacy, preferences and invites", () => {
  it("changes the privacy mode and the default radius", async () => {
    const { user, client } = await signedIn();
    await client.form("/settings/account", { intent: "privacy", privacyMode: "SOLO" });
    await client.form("/settings/account", { intent: "preferences", searchRadius: "200" });
    expect(reload(user.id)).toMatchObject({ privacyMode: "SOLO", searchRadius: 200 });
    const bad = await client.form("/settings/account", { intent: "preferences", searchRadius: "75" });
    expect(bad.status).toBe(302);
    expect(reload(user.id).searchRadius).toBe(200);
  });

  it("creates and removes invite links, showing the shareable URL", async () => {
    const { user, client } = await signedIn();
    await client.form("/settings/account", { intent: "invite-create" });
    const link = app.db.select().from(inviteLinks).where(eq(inviteLinks.userId, user.id)).get()!;
    const page = await (await client.get("/settings")).text();
    expect(page).toContain("Invite link created!");
    expect(page).toContain(`${app.url}/register?invite=${link.code}`);
    await client.form("/settings/account", { intent: "invite-remove", inviteId: String(link.id) });
    expect(app.db.select().from(inviteLinks).where(eq(inviteLinks.id, link.id)).get()!.isActive).toBe(false);
  });
});

describe("profile picture", () => {
  const upload = (client: ReturnType<TestServer["client"]>, bytes: Buffer, type: string) => {
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("picture", new Blob([new Uint8Array(bytes)], { type }), "me.jpg");
    return client.fetch("/settings/account", { method: "POST", body: form });
  };

  it("crops an image square, stores it and replaces the previous one", async () => {
    const { user, client } = await signedIn();
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#a4541b" } }).jpeg().toBuffer();
    await upload(client, photo, "image/jpeg");
    const first = reload(user.id).profileImageUrl!;
    expect(first).toMatch(/^\/uploads\//);
    const served = await client.get(first);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([192, 192]);

    await upload(client, photo, "image/jpeg");
    expect(reload(user.id).profileImageUrl).not.toBe(first);
    expect(fs.existsSync(path.join(app.dataDir, "uploads", path.basename(first)))).toBe(false);
  });

  it("refuses a file that is not an image, whatever it claims", async () => {
    const { user, client } = await signedIn();
    await upload(client, Buffer.from("MZ this is not a picture"), "image/png");
    expect(reload(user.id).profileImageUrl).toBeNull();
    expect(await (await client.get("/settings")).text()).toContain("Failed to update profile picture");
  });
});

describe("download my data and delete my account", () => {
  it("exports profile, riders, runs, saves and follows, without the password", async () => {
    const { user, client } = await signedIn();
    createRun(app.db, user.id);
    const res = await client.get("/api/account/export");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="cloverleaf-data-/);
    const body = await res.json();
    expect(body.profile.email).toBe(user.email);
    expect(body.runLogs).toHaveLength(1);
    expect(body).toHaveProperty("savedEvents");
    expect(body).toHaveProperty("following");
    expect(JSON.stringify(body)).not.toMatch(/\$2[aby]\$|"password"/);
  });

  it("asks for the password, then removes every record and file of the user; their events stay without their name", async () => {
    const { user, client } = await signedIn();
    const event = createEvent(app.db, { createdBy: user.id });
    createRun(app.db, user.id);
    const photo = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#000" } }).png().toBuffer();
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("picture", new Blob([new Uint8Array(photo)], { type: "image/png" }), "a.png");
    await client.fetch("/settings/account", { method: "POST", body: form });
    const avatar = reload(user.id).profileImageUrl!;

    // A wrong password answers the Settings page itself, the panel still open with the message.
    const wrong = await client.form("/settings", { intent: "delete-account", password: "not-my-password" });
    expect(wrong.status).toBe(400);
    const page = await wrong.text();
    expect(page).toMatch(/<details open="" class="group[^"]*"><summary[^>]*><span[^>]*>Delete My Account<\/span>/);
    expect(page).toMatch(/<p id="[^"]+" role="alert"[^>]*>Password is incorrect<\/p>/);
    expect(reload(user.id)).toBeTruthy();

    const res = await client.form("/settings", { intent: "delete-account", password: PASSWORD });
    expect(res.headers.get("location")).toBe("/");
    expect(app.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    expect(app.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expect(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all()).toHaveLength(0);
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()!.createdBy).toBeNull();
    expect(fs.existsSync(path.join(app.dataDir, "uploads", path.basename(avatar)))).toBe(false);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });
});

describe("profile picture API (upload, then set)", () => {
  it("gives a signed upload URL, takes the PUT, and sets only one's own avatar upload", async () => {
    const { user, client } = await signedIn();
    const other = await signedIn();
    const { uploadURL } = await (await client.json("/api/profile-picture/upload", "POST")).json();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } }).png().toBuffer();
    const put = await client.fetch(new URL(uploadURL).pathname, { method: "PUT", headers: { "Content-Type": "image/png" }, body: new Uint8Array(png) });
    expect(put.status).toBeLessThan(300);
    const { accessURL } = await (await client.json("/api/objects/convert-url", "POST", { uploadURL })).json();
    expect((await other.client.json("/api/profile-picture", "PUT", { profileImageURL: accessURL })).status).toBe(400);
    expect((await client.json("/api/profile-picture", "PUT", { profileImageURL: "https://evil.example/x.png" })).status).toBe(400);
    const ok = await client.json("/api/profile-picture", "PUT", { profileImageURL: accessURL });
    expect(ok.status).toBe(200);
    expect(reload(user.id).profileImageUrl).toBe(accessURL);
  });
});

describe("change password", () => {
  it("needs the current password and the riders' rule, shown beside the fields on the page", async () => {
    const { client } = await signedIn();
    const wrong = await client.form("/settings", { intent: "change-password", currentPassword: "not-it", newPassword: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toMatch(/<details class="group[^"]*" open="">/);
    expect(html).toContain('id="currentPassword-error"');
    expect(html).toContain("Password is incorrect");
    const short = await client.form("/settings", { intent: "change-password", currentPassword: PASSWORD, newPassword: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 8 characters");
    const mismatch = await client.form("/settings", { intent: "change-password", currentPassword: PASSWORD, newPassword: "brand-new-1", confirmPassword: "brand-new-2" });
    expect(await mismatch.text()).toContain("Passwords don&#x27;t match");
  });

  it("sets the new password, ends the other sessions, keeps this one and emails the rider", async () => {
    const { user, client } = await signedIn();
    const otherPhone = app.client();
    await otherPhone.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    expect((await otherPhone.get("/api/auth/user")).status).toBe(200);

    const res = await client.form("/settings", { intent: "change-password", currentPassword: PASSWORD, newPassword: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings");
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect(await (await client.get("/settings")).text()).toContain("Password changed");
    expect((await otherPhone.get("/api/auth/user")).status).toBe(401);
    expect(app.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
    expect((await app.client().json("/api/auth/login", "POST", { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await app.client().json("/api/auth/login", "POST", { email: user.email, password: "brand-new-1" })).status).toBe(200);
    const mail = await app.smtp.waitFor(user.email, /Your password was changed/);
    expect(mail.text).toContain("your other devices were signed out");
  });
});
