import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteLinks, users } from "../../db/schema";
import { createInvite, createUser, getUserByEmail, registration } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const validate = async (code: string) => (await (await app.client().get(`/api/invite-links/validate/${code}`)).json()).valid;
const usage = (id: number) => app.db.select().from(inviteLinks).where(eq(inviteLinks.id, id)).get()!.usageCount;

describe("GET /api/invite-links/validate/{code}", () => {
  it("is valid only while active, unexpired and under its maximum", async () => {
    const owner = createUser(app.db);
    expect(await validate(createInvite(app.db, owner.id).code)).toBe(true);
    expect(await validate(createInvite(app.db, owner.id, { isActive: false }).code)).toBe(false);
    expect(await validate(createInvite(app.db, owner.id, { expiresAt: new Date(Date.now() - 1000) }).code)).toBe(false);
    expect(await validate(createInvite(app.db, owner.id, { maxUses: 2, usageCount: 2 }).code)).toBe(false);
    expect(await validate("no-such-code")).toBe(false);
  });
});

describe("registering with an invite code", () => {
  it("counts one use and sets referredBy", async () => {
    const owner = createUser(app.db);
    const invite = createInvite(app.db, owner.id, { maxUses: 3 });
    const body = registration({ inviteCode: invite.code });
    expect((await app.client().json("/api/auth/register", "POST", body)).status).toBe(201);
    expect(usage(invite.id)).toBe(1);
    expect(getUserByEmail(app.db, body.email)!.referredBy).toBe(owner.id);
  });

  it("refuses an expired or inactive code and counts nothing", async () => {
    const owner = createUser(app.db);
    for (const invite of [
      createInvite(app.db, owner.id, { expiresAt: new Date(Date.now() - 1000) }),
      createInvite(app.db, owner.id, { isActive: false }),
    ]) {
      const body = registration({ inviteCode: invite.code });
      const res = await app.client().json("/api/auth/register", "POST", body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Invalid or expired invite code");
      expect(usage(invite.id)).toBe(0);
      expect(getUserByEmail(app.db, body.email)).toBeUndefined();
    }
  });

  it("does not count a use when the registration fails", async () => {
    const owner = createUser(app.db);
    const invite = createInvite(app.db, owner.id);
    const res = await app.client().json("/api/auth/register", "POST", registration({ email: owner.email, inviteCode: invite.code }));
    expect(res.status).toBe(409);
    expect(usage(invite.id)).toBe(0);
  });

  it("never goes past maxUses under concurrent registrations", async () => {
    const owner = createUser(app.db);
    const invite = createInvite(app.db, owner.id, { maxUses: 1 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => app.client().json("/api/auth/register", "POST", registration({ inviteCode: invite.code }))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    expect(usage(invite.id)).toBe(1);
  });

  it("makes exactly 5 accounts from 50 simultaneous registrations on a link with maxUses 5", async () => {
    const owner = createUser(app.db);
    const invite = createInvite(app.db, owner.id, { maxUses: 5 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => app.client().json("/api/auth/register", "POST", registration({ inviteCode: invite.code }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(45);
    expect(usage(invite.id)).toBe(5);
    const referred = app.db.select().from(users).where(eq(users.referredBy, owner.id)).all();
    expect(referred).toHaveLength(5);
  });
});
