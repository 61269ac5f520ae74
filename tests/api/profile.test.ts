import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followRequests, follows, userReports } from "../../db/schema";
import { createUser, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/** The profile screen's follow, lists and report, as forms without JavaScript. */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const signedIn = (overrides = {}) => signedInRider(app, overrides);

describe("profile follow button", () => {
  it("reads Follow for a PUBLIC rider, then Following; Unfollowed undoes it", async () => {
    const target = createUser(app.db, { privacyMode: "PUBLIC" });
    const { user, client } = await signedIn();
    expect(await (await client.get(`/profile/${target.id}`)).text()).toMatch(/>Follow<\/button>/);
    await client.form(`/profile/${target.id}`, { intent: "follow" });
    const page = await (await client.get(`/profile/${target.id}`)).text();
    expect(page).toMatch(/>Following<\/button>/);
    expect(page).toContain("Following</");
    await client.form(`/profile/${target.id}`, { intent: "unfollow" });
    expect(await (await client.get(`/profile/${target.id}`)).text()).toContain("Unfollowed");
    expect(app.db.select().from(follows).where(eq(follows.followerId, user.id)).all()).toHaveLength(0);
  });

  it("reads Send Request for an INVITE_ONLY rider, then Pending", async () => {
    const target = createUser(app.db, { privacyMode: "INVITE_ONLY" });
    const { user, client } = await signedIn();
    expect(await (await client.get(`/profile/${target.id}`)).text()).toMatch(/>Send Request<\/button>/);
    await client.form(`/profile/${target.id}`, { intent: "follow" });
    const page = await (await client.get(`/profile/${target.id}`)).text();
    expect(page).toContain("Follow Request Sent");
    expect(page).toMatch(/>Pending<\/button>/);
    expect(app.db.select().from(followRequests).where(and(eq(followRequests.requesterId, user.id), eq(followRequests.status, "PENDING"))).all()).toHaveLength(1);
  });

  it("hides the follow and report buttons on one's own profile", async () => {
    const { user, client } = await signedIn();
    const page = await (await client.get(`/profile/${user.id}`)).text();
    expect(page).not.toMatch(/>(Follow|Send Request)<\/button>/);
    expect(page).not.toContain("?report=1");
  });
});

describe("followers and following modals", () => {
  it("lists followers, and says 'Not following anyone yet'", async () => {
    const target = createUser(app.db, { privacyMode: "PUBLIC" });
    const fan = createUser(app.db, { privacyMode: "PUBLIC", firstName: "Fanny" });
    app.db.insert(follows).values({ followerId: fan.id, followingId: target.id }).run();
    const { client } = await signedIn();
    const followers = await (await client.get(`/profile/${target.id}?list=followers`)).text();
    expect(followers).toContain("Fanny");
    expect(await (await client.get(`/profile/${target.id}?list=following`)).text()).toContain("Not following anyone yet");
  });
});

describe("report a rider", () => {
  it("needs a reason, then files a PENDING report", async () => {
    const target = createUser(app.db);
    const { client } = await signedIn();
    expect(await (await client.get(`/profile/${target.id}?report=1`)).text()).toContain(`Report ${target.firstName}`);
    const missing = await client.form(`/profile/${target.id}`, { intent: "report", description: "hm" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please select a reason for reporting");
    const ok = await client.form(`/profile/${target.id}`, { intent: "report", reason: "spam", description: "Selling saddles in every comment" });
    expect(ok.status).toBe(302);
    expect(app.db.select().from(userReports).where(eq(userReports.reportedUserId, target.id)).get()).toMatchObject({ reason: "spam", status: "PENDING" });
  });
});
