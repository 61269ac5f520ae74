import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followRequests, follows, userReports } from "../../db/schema";
import { createUser, signedInRider, uploadProfilePicture } from "../helpers/factories";
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
    expect(page).toContain("Follow request sent");
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

describe("a Private (SOLO) viewer", () => {
  it("is offered no Follow button, no follow in rider search and no Send to a Rider, and told why", async () => {
    const target = createUser(app.db, { privacyMode: "PUBLIC", firstName: "Opalina" });
    const { client } = await signedIn({ privacyMode: "SOLO" });
    const profile = await (await client.get(`/profile/${target.id}`)).text();
    expect(profile).not.toMatch(/>(Follow|Send Request)<\/button>/);
    expect(profile).toContain("Your profile is Private: choose Invite Only or Public in Settings to follow riders.");
    const search = await (await client.get("/?riders=Opalina")).text();
    expect(search).toContain("Opalina");
    expect(search).not.toMatch(/>(Follow|Send Request)<\/button>/);
  });

  it("sees Send to a Rider only when not Private", async () => {
    const { createEvent } = await import("../helpers/factories");
    const event = createEvent(app.db);
    const { client: solo } = await signedIn({ privacyMode: "SOLO" });
    const { client: open } = await signedIn({ privacyMode: "PUBLIC" });
    expect(await (await solo.get(`/share/event/${event.id}`)).text()).not.toContain("Send to a Rider");
    expect(await (await open.get(`/share/event/${event.id}`)).text()).toContain("Send to a Rider");
  });
});

describe("profile picture", () => {
  it("heads the profile in the full view, and is left out of the limited view", async () => {
    const open = await signedIn({ privacyMode: "PUBLIC" });
    const approving = await signedIn({ privacyMode: "INVITE_ONLY" });
    const openPicture = await uploadProfilePicture(open.client);
    const approvingPicture = await uploadProfilePicture(approving.client);
    const { client } = await signedIn();
    expect(await (await client.get(`/profile/${open.user.id}`)).text()).toContain(`src="${openPicture}"`);
    // Not a follower of the Invite Only rider: first name only, no picture.
    expect(await (await client.get(`/profile/${approving.user.id}`)).text()).not.toContain(approvingPicture);
    // The rider's own Settings show it too.
    expect(await (await open.client.get("/settings")).text()).toContain(`src="${openPicture}"`);
  });
});
