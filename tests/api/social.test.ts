import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followRequests, follows, inviteLinks, notifications, userReports, users } from "../../db/schema";
import { createUser, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Mode = "SOLO" | "INVITE_ONLY" | "PUBLIC";
const rider = (privacyMode: Mode = "PUBLIC", extra = {}) => signedInRider(app, { privacyMode, ...extra });

describe("follow", () => {
  it("follows a PUBLIC rider at once, idempotently, and notifies them", async () => {
    const me = await rider();
    const them = await rider("PUBLIC");
    const results = await Promise.all([1, 2, 3].map(() => me.client.json("/api/follow", "POST", { targetId: them.user.id })));
    for (const r of results) expect(r.status).toBe(200);
    expect((await results[0]!.json()).requiresApproval).toBe(false);
    expect(app.db.select().from(follows).where(eq(follows.followingId, them.user.id)).all()).toHaveLength(1);
    expect(await (await me.client.get(`/api/following/${them.user.id}`)).json()).toEqual({ isFollowing: true, hasPendingRequest: false });
    expect(app.db.select().from(notifications).where(eq(notifications.userId, them.user.id)).all()).toHaveLength(1);

    expect(await (await me.client.json(`/api/follow/${them.user.id}`, "DELETE")).json()).toEqual({ action: "unfollowed" });
    expect(await (await me.client.get(`/api/following/${them.user.id}`)).json()).toEqual({ isFollowing: false, hasPendingRequest: false });
  });

  it("asks an INVITE_ONLY rider; only the target approves, once", async () => {
    const me = await rider();
    const them = await rider("INVITE_ONLY");
    const stranger = await rider();
    const [a, b] = await Promise.all([
      me.client.json("/api/follow", "POST", { targetId: them.user.id }),
      me.client.json("/api/follow", "POST", { targetId: them.user.id }),
    ]);
    expect(await a.json()).toEqual({ action: "requested", requiresApproval: true });
    expect(b.status).toBe(200);
    const requests = app.db.select().from(followRequests).where(eq(followRequests.targetId, them.user.id)).all();
    expect(requests).toHaveLength(1);
    const requestId = requests[0]!.id;
    expect(await (await me.client.get(`/api/following/${them.user.id}`)).json()).toEqual({ isFollowing: false, hasPendingRequest: true });

    const note = app.db.select().from(notifications).where(eq(notifications.userId, them.user.id)).get()!;
    expect(note.type).toBe("follow_request");
    // A Public requester is named in full, as their profile reads.
    expect(note.message).toBe(`${me.user.firstName} ${me.user.lastName} wants to follow you.`);
    expect(note.metadata).toMatchObject({ requestId, requesterName: `${me.user.firstName} ${me.user.lastName}`, requesterProfileUrl: `/profile/${me.user.id}` });

    expect((await me.client.json(`/api/follow-requests/${requestId}/approve`, "POST")).status).toBe(404);
    expect((await stranger.client.json(`/api/follow-requests/${requestId}/approve`, "POST")).status).toBe(404);
    expect((await stranger.client.get(`/api/follow-requests/${requestId}/status`)).status).toBe(404);

    const ok = await them.client.json(`/api/follow-requests/${requestId}/approve`, "POST");
    expect(await ok.json()).toEqual({ status: "APPROVED" });
    expect((await them.client.json(`/api/follow-requests/${requestId}/reject`, "POST")).status).toBe(409);
    expect(await (await me.client.get(`/api/follow-requests/${requestId}/status`)).json()).toEqual({ status: "APPROVED" });
    expect(await (await me.client.get(`/api/following/${them.user.id}`)).json()).toEqual({ isFollowing: true, hasPendingRequest: false });
  });

  it("names an Invite Only requester by first name only, as their profile reads to someone who does not follow them", async () => {
    const shy = await rider("INVITE_ONLY", { firstName: "Maisie", lastName: "Quill" });
    const them = await rider("INVITE_ONLY");
    await shy.client.json("/api/follow", "POST", { targetId: them.user.id });
    const note = app.db.select().from(notifications).where(eq(notifications.userId, them.user.id)).get()!;
    expect(note).toMatchObject({ title: "Follow request", message: "Maisie wants to follow you." });
    expect(await (await them.client.get("/notifications")).text()).not.toContain("Quill");
  });

  it("tells the requester when their follow request is approved (and stays quiet on a decline)", async () => {
    const fan = await rider();
    const approver = await rider("INVITE_ONLY", { firstName: "Jolene" });
    const decliner = await rider("INVITE_ONLY");
    await fan.client.json("/api/follow", "POST", { targetId: approver.user.id });
    await fan.client.json("/api/follow", "POST", { targetId: decliner.user.id });
    const requestTo = (targetId: string) =>
      app.db.select().from(followRequests).where(and(eq(followRequests.requesterId, fan.user.id), eq(followRequests.targetId, targetId))).get()!.id;
    await decliner.client.json(`/api/follow-requests/${requestTo(decliner.user.id)}/reject`, "POST");
    expect(app.db.select().from(notifications).where(eq(notifications.userId, fan.user.id)).all()).toHaveLength(0);

    await approver.client.json(`/api/follow-requests/${requestTo(approver.user.id)}/approve`, "POST");
    const [note] = app.db.select().from(notifications).where(eq(notifications.userId, fan.user.id)).all();
    expect(note).toMatchObject({ type: "follow", subtype: "request_approved", title: "Follow request approved", message: "Jolene Tester approved your follow request." });
    const page = await (await fan.client.get("/notifications")).text();
    // Named in full: the requester follows them now.
    expect(page).toContain("Jolene Tester approved your follow request.");
    expect(page).toContain(`href="/profile/${approver.user.id}"`);
  });

  it("asks before unfollowing an Invite Only rider (access would end), not a Public one", async () => {
    const fan = await rider();
    const guarded = await rider("INVITE_ONLY", { firstName: "Marisol" });
    const open = await rider("PUBLIC");
    app.db.insert(follows).values([{ followerId: fan.user.id, followingId: guarded.user.id }, { followerId: fan.user.id, followingId: open.user.id }]).run();
    const guardedPage = await (await fan.client.get(`/profile/${guarded.user.id}`)).text();
    expect(guardedPage).toContain("Unfollow Marisol? Marisol approves who follows them");
    expect(guardedPage).toContain("Yes, unfollow");
    const openPage = await (await fan.client.get(`/profile/${open.user.id}`)).text();
    expect(openPage).not.toContain("Yes, unfollow");
  });

  it("refuses to follow oneself, and a SOLO or banned rider answers like a missing one", async () => {
    const me = await rider();
    const self = await me.client.json("/api/follow", "POST", { targetId: me.user.id });
    expect(self.status).toBe(400);
    expect((await self.json()).message).toBe("You can't follow yourself.");
    for (const target of [createUser(app.db, { privacyMode: "SOLO" }), createUser(app.db, { isActive: false }), { id: "nobody" }]) {
      const res = await me.client.json("/api/follow", "POST", { targetId: target.id });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "User not found" });
    }
  });
});

describe("followers and following", () => {
  it("lists people as the viewer may see them, leaving SOLO riders out", async () => {
    const owner = await rider("PUBLIC");
    const pub = createUser(app.db, { privacyMode: "PUBLIC", lastName: "Openly" });
    const invite = createUser(app.db, { privacyMode: "INVITE_ONLY", lastName: "Quietly", homeZipCode: "80202" });
    const solo = createUser(app.db, { privacyMode: "SOLO" });
    for (const p of [pub, invite, solo]) app.db.insert(follows).values({ followerId: p.id, followingId: owner.user.id }).run();

    const viewer = await rider();
    const list = await (await viewer.client.get(`/api/users/${owner.user.id}/followers`)).json();
    expect(list.map((p: { id: string }) => p.id).sort()).toEqual([pub.id, invite.id].sort());
    expect(list.find((p: { id: string }) => p.id === pub.id).lastName).toBe("Openly");
    expect(list.find((p: { id: string }) => p.id === invite.id)).toMatchObject({ lastName: null, homeZipCode: null, profileImageUrl: null });
    expect(JSON.stringify(list)).not.toContain("Quietly");
    expect(await (await viewer.client.get(`/api/users/${owner.user.id}/follow-counts`)).json()).toEqual({ followersCount: 2, followingCount: 0 });
    expect(await (await viewer.client.get(`/api/users/${invite.id}/following`)).status).toBe(403);
    expect(await (await viewer.client.get(`/api/users/${solo.id}/followers`)).status).toBe(404);
  });
});

describe("follower counts", () => {
  it("count the people the lists show: a Private (SOLO) or banned rider is neither listed nor counted, on the API and the profile screen", async () => {
    const owner = await rider("PUBLIC");
    const pub = createUser(app.db, { privacyMode: "PUBLIC" });
    const invite = createUser(app.db, { privacyMode: "INVITE_ONLY" });
    const solo = createUser(app.db, { privacyMode: "SOLO" });
    const banned = createUser(app.db, { privacyMode: "PUBLIC", isActive: false });
    for (const p of [pub, invite, solo, banned]) app.db.insert(follows).values({ followerId: p.id, followingId: owner.user.id }).run();
    for (const p of [pub, solo]) app.db.insert(follows).values({ followerId: owner.user.id, followingId: p.id }).run();

    for (const viewer of [await rider(), owner]) {
      const counts = await (await viewer.client.get(`/api/users/${owner.user.id}/follow-counts`)).json();
      const followers = await (await viewer.client.get(`/api/users/${owner.user.id}/followers`)).json();
      const following = await (await viewer.client.get(`/api/users/${owner.user.id}/following`)).json();
      expect(counts).toEqual({ followersCount: followers.length, followingCount: following.length });
      expect(counts).toEqual({ followersCount: 2, followingCount: 1 });
      const page = await (await viewer.client.get(`/profile/${owner.user.id}?list=followers`)).text();
      expect(page).toMatch(/<strong[^>]*>2<\/strong> Followers/);
      expect(page).toMatch(/<strong[^>]*>1<\/strong> Following/);
    }
  });
});

describe("POST /api/users/search", () => {
  it("finds PUBLIC riders fully, INVITE_ONLY riders by first name only, SOLO riders never", async () => {
    const tag = `Qz${Date.now().toString(36)}`;
    const pub = createUser(app.db, { privacyMode: "PUBLIC", firstName: `${tag}pub`, lastName: "Visible", homeZipCode: "76101" });
    const inv = createUser(app.db, { privacyMode: "INVITE_ONLY", firstName: `${tag}inv`, lastName: "Hidden", homeZipCode: "76102" });
    createUser(app.db, { privacyMode: "SOLO", firstName: `${tag}solo`, homeZipCode: "76101" });
    const me = await rider();

    const byName = await (await me.client.json("/api/users/search", "POST", { query: tag.toLowerCase() })).json();
    expect(byName.map((u: { id: string }) => u.id).sort()).toEqual([pub.id, inv.id].sort());
    expect(byName.find((u: { id: string }) => u.id === pub.id)).toMatchObject({ firstName: `${tag}pub`, lastName: "Visible", homeZipCode: "76101" });
    expect(byName.find((u: { id: string }) => u.id === inv.id)).toMatchObject({ firstName: `${tag}inv`, lastName: null, homeZipCode: null });

    // A last name never finds an invite-only stranger.
    const byLast = await (await me.client.json("/api/users/search", "POST", { query: "Hidden" })).json();
    expect(byLast.map((u: { id: string }) => u.id)).not.toContain(inv.id);

    // ZIP radius: invite-only only for followers.
    const near = await (await me.client.json("/api/users/search", "POST", { query: tag.toLowerCase(), zipCode: "76101", radius: 25 })).json();
    expect(near.map((u: { id: string }) => u.id)).toEqual([pub.id]);
    app.db.insert(follows).values({ followerId: me.user.id, followingId: inv.id }).run();
    const nearAsFollower = await (await me.client.json("/api/users/search", "POST", { query: tag.toLowerCase(), zipCode: "76101", radius: 25 })).json();
    expect(nearAsFollower.find((u: { id: string }) => u.id === inv.id)).toMatchObject({ lastName: "Hidden" });
  });

  it("needs a name, or a ZIP and a radius", async () => {
    const me = await rider();
    const res = await me.client.json("/api/users/search", "POST", { query: "  " });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Enter a name, or a ZIP code and a radius");
    expect((await me.client.json("/api/users/search", "POST", { viewAll: true })).status).toBe(200);
    expect((await app.client().json("/api/users/search", "POST", { viewAll: true })).status).toBe(401);
  });
});

describe("notifications", () => {
  async function withNotes(client: Client, userId: string, n: number) {
    for (let i = 0; i < n; i++) {
      app.db.insert(notifications).values({ userId, type: "admin", subtype: "announcement", title: `Note ${i}`, message: "m" }).run();
    }
    return (await client.get("/api/notifications")).json();
  }

  it("lists, marks one read (only one's own) and marks all read", async () => {
    const me = await rider();
    const other = await rider();
    const list = await withNotes(me.client, me.user.id, 3);
    expect(list).toHaveLength(3);
    expect((await other.client.json(`/api/notifications/${list[0].id}/read`, "PATCH")).status).toBe(404);
    expect((await me.client.json(`/api/notifications/${list[0].id}/read`, "PATCH")).status).toBe(200);
    expect(await (await me.client.get("/api/notifications?unread=1")).json()).toHaveLength(2);
    const all = await me.client.json("/api/notifications/mark-all-read", "PATCH");
    expect(await all.json()).toEqual({ count: 2, message: "All notifications marked as read" });
  });

  it("reads metadata stored as an object or as JSON text", async () => {
    const me = await rider();
    app.db.insert(notifications).values({ userId: me.user.id, type: "x", title: "obj", message: "m", metadata: { a: 1 } }).run();
    app.db.$client
      .prepare("insert into notifications (user_id, type, title, message, metadata, is_read, created_at) values (?, 'x', 'text', 'm', ?, 0, ?)")
      .run(me.user.id, JSON.stringify(JSON.stringify({ b: 2 })), Date.now());
    const list = await (await me.client.get("/api/notifications")).json();
    expect(list.find((n: { title: string }) => n.title === "obj").metadata).toEqual({ a: 1 });
    expect(list.find((n: { title: string }) => n.title === "text").metadata).toEqual({ b: 2 });
  });

  it("no longer names a rider who has since gone Private (SOLO) or been banned", async () => {
    const { createEvent } = await import("../helpers/factories");
    const me = await rider("PUBLIC");
    const guarded = await rider("INVITE_ONLY");
    const tag = Date.now().toString(36);
    const fan = await rider("PUBLIC", { firstName: `Fan${tag}` });
    const asker = await rider("PUBLIC", { firstName: `Asker${tag}` });
    const event = createEvent(app.db, { name: `Shared Night ${tag}` });
    expect((await fan.client.json("/api/follow", "POST", { targetId: me.user.id })).status).toBe(200);
    expect((await fan.client.json("/api/events/share", "POST", { eventId: event.id, targetUserId: me.user.id })).status).toBe(200);
    expect((await asker.client.json("/api/follow", "POST", { targetId: guarded.user.id })).status).toBe(200);
    expect(await (await me.client.get("/notifications")).text()).toContain(fan.user.firstName);
    expect(await (await guarded.client.get("/notifications")).text()).toContain(asker.user.firstName);

    app.db.update(users).set({ privacyMode: "SOLO" }).where(eq(users.id, fan.user.id)).run();
    app.db.update(users).set({ isActive: false }).where(eq(users.id, asker.user.id)).run();

    const mine = await (await me.client.get("/api/notifications")).json();
    expect(JSON.stringify(mine)).not.toContain(fan.user.firstName);
    expect(JSON.stringify(mine)).not.toContain(fan.user.id);
    expect(mine.map((n: { message: string }) => n.message)).toEqual(
      expect.arrayContaining(["A rider started following you.", expect.stringMatching(new RegExp(`^A rider thinks you'd like Shared Night ${tag}`))]),
    );
    const page = await (await me.client.get("/notifications")).text();
    expect(page).not.toContain(fan.user.firstName);
    expect(page).not.toContain(`/profile/${fan.user.id}`);
    expect(page).toContain(`/share/event/${event.id}`);

    const theirs = await (await guarded.client.get("/notifications")).text();
    expect(theirs).not.toContain(asker.user.firstName);
    expect(theirs).not.toContain(`/profile/${asker.user.id}`);
    expect(theirs).toContain("A rider wants to follow you.");
    expect(theirs).not.toMatch(/>\s*Approve\s*</);
  });

  it("streams the unread count live, at once and on every change", async () => {
    const me = await rider();
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/notifications/stream`, { headers: { Cookie: me.client.cookieHeader }, signal: controller.signal });
    try {
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const nextCount = async () => {
      let buffer = "";
      for (;;) {
        const { value } = await reader.read();
        buffer += value;
        const match = buffer.match(/event: unread\ndata: (\{.*\})\n\n/);
        if (match) return JSON.parse(match[1]!).count;
      }
    };
    expect(await nextCount()).toBe(0);
    const admin = await rider("PUBLIC", { isAdmin: true });
    await admin.client.json("/api/admin/send-notification", "POST", { userIds: [me.user.id], title: "Live", message: "Now" });
    expect(await nextCount()).toBe(1);
    await me.client.json("/api/notifications/mark-all-read", "PATCH");
    expect(await nextCount()).toBe(0);
    } finally {
      controller.abort();
    }
  });

  it("approves a follow request from the Notifications screen without JavaScript", async () => {
    const me = await rider("INVITE_ONLY");
    const fan = await rider();
    await fan.client.json("/api/follow", "POST", { targetId: me.user.id });
    const page = await (await me.client.get("/notifications")).text();
    expect(page).toContain("wants to follow you");
    const note = app.db.select().from(notifications).where(eq(notifications.userId, me.user.id)).get()!;
    const res = await me.client.form("/notifications", { intent: "approve", requestId: String(note.metadata!.requestId), id: String(note.id) });
    expect(res.status).toBe(302);
    const after = await (await me.client.get("/notifications?tab=all")).text();
    expect(after).toContain("Follow request approved");
    expect(after).toMatch(/<button[^>]*disabled[^>]*>Approved<\/button>/);
    expect(app.db.select().from(follows).where(and(eq(follows.followerId, fan.user.id), eq(follows.followingId, me.user.id))).get()).toBeTruthy();
    expect(await (await me.client.get("/notifications")).text()).toContain("No unread notifications");
  });
});

describe("invite links", () => {
  it("creates, lists and removes (deactivates) one's own links", async () => {
    const me = await rider();
    const other = await rider();
    const created = await me.client.json("/api/invite-links", "POST");
    expect(created.status).toBe(201);
    const link = await created.json();
    expect(link).toMatchObject({ usageCount: 0, url: `${app.url}/register?invite=${link.code}` });
    expect(await (await me.client.get("/api/invite-links")).json()).toHaveLength(1);
    expect((await other.client.json(`/api/invite-links/${link.id}`, "DELETE")).status).toBe(404);
    expect((await me.client.json(`/api/invite-links/${link.id}`, "DELETE")).status).toBe(200);
    expect(await (await me.client.get("/api/invite-links")).json()).toHaveLength(0);
    expect(app.db.select().from(inviteLinks).where(eq(inviteLinks.id, link.id)).get()!.isActive).toBe(false);
    expect(await (await app.client().get(`/api/invite-links/validate/${link.code}`)).json()).toEqual({ valid: false });
  });
});

describe("POST /api/reports", () => {
  it("reports another rider, never oneself, with a reason", async () => {
    const me = await rider();
    const them = await rider();
    const noReason = await me.client.json("/api/reports", "POST", { reportedUserId: them.user.id, reason: "" });
    expect((await noReason.json()).message).toBe("Please select a reason for reporting");
    const long = await me.client.json("/api/reports", "POST", { reportedUserId: them.user.id, reason: "spam", description: "x".repeat(501) });
    expect(long.status).toBe(400);
    const self = await me.client.json("/api/reports", "POST", { reportedUserId: me.user.id, reason: "spam" });
    expect((await self.json()).message).toBe("You can't report yourself.");
    const ok = await me.client.json("/api/reports", "POST", { reportedUserId: them.user.id, reason: "harassment", description: "Rude" });
    expect(ok.status).toBe(201);
    expect(app.db.select().from(userReports).where(eq(userReports.reportedUserId, them.user.id)).get()).toMatchObject({ status: "PENDING", reason: "harassment" });
  });

  it("refuses a second report of the same rider while the first waits for a moderator (409), and takes one after", async () => {
    const me = await rider();
    const them = await rider();
    const first = await me.client.json("/api/reports", "POST", { reportedUserId: them.user.id, reason: "spam" });
    expect(first.status).toBe(201);
    const again = await me.client.json("/api/reports", "POST", { reportedUserId: them.user.id, reason: "harassment", description: "Again" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("You already reported this rider. An admin will review it.");
    // Another rider's report of them is theirs to make.
    const other = await rider();
    expect((await other.client.json("/api/reports", "POST", { reportedUserId: them.user.id, reason: "spam" })).status).toBe(201);
    const mine = () => app.db.select().from(userReports).where(and(eq(userReports.reportedUserId, them.user.id), eq(userReports.reporterId, me.user.id))).all();
    expect(mine()).toHaveLength(1);
    app.db.update(userReports).set({ status: "DISMISSED" }).where(eq(userReports.reporterId, me.user.id)).run();
    expect((await me.client.json("/api/reports", "POST", { reportedUserId: them.user.id, reason: "spam" })).status).toBe(201);
    expect(mine()).toHaveLength(2);
  });
});

describe("sharing with a rider", () => {
  it("shares an approved event; the recipient's notification opens it", async () => {
    const { createEvent } = await import("../helpers/factories");
    const me = await rider();
    const friend = await rider("INVITE_ONLY");
    const event = createEvent(app.db, { name: "Shared Slack Night" });
    const res = await me.client.json("/api/events/share", "POST", { eventId: event.id, targetUserId: friend.user.id });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Event Shared!");
    const [note] = await (await friend.client.get("/api/notifications")).json();
    expect(note).toMatchObject({ type: "shared_event", relatedEventId: event.id });
    expect(await (await friend.client.get("/notifications")).text()).toContain(`/share/event/${event.id}`);

    const hidden = createEvent(app.db, { showbillApproved: false });
    expect((await me.client.json("/api/events/share", "POST", { eventId: hidden.id, targetUserId: friend.user.id })).status).toBe(404);
    const solo = createUser(app.db, { privacyMode: "SOLO" });
    expect((await me.client.json("/api/events/share", "POST", { eventId: event.id, targetUserId: solo.id })).status).toBe(404);
    expect((await me.client.json("/api/events/share", "POST", { eventId: event.id })).status).toBe(400);
  });

  it("shares one's own public run, never a private one or someone else's", async () => {
    const { createRun } = await import("../helpers/factories");
    const me = await rider("PUBLIC");
    const friend = await rider();
    const publicRun = createRun(app.db, me.user.id, { privacy: "PUBLIC" });
    const privateRun = createRun(app.db, me.user.id, { privacy: "PRIVATE" });
    const othersRun = createRun(app.db, friend.user.id, { privacy: "PUBLIC" });
    expect((await me.client.json("/api/run-logs/share", "POST", { runLogId: publicRun.id, targetUserId: friend.user.id })).status).toBe(200);
    expect((await me.client.json("/api/run-logs/share", "POST", { runLogId: privateRun.id, targetUserId: friend.user.id })).status).toBe(400);
    expect((await me.client.json("/api/run-logs/share", "POST", { runLogId: othersRun.id, targetUserId: friend.user.id })).status).toBe(404);
    const [note] = await (await friend.client.get("/api/notifications")).json();
    expect(note).toMatchObject({ type: "shared_run", relatedRunLogId: publicRun.id });
  });
});

describe("share-with-user screen without JavaScript", () => {
  it("searches, needs a selection, then shares and returns to the item", async () => {
    const { createEvent } = await import("../helpers/factories");
    const me = await rider();
    const friend = createUser(app.db, { privacyMode: "PUBLIC", firstName: `Pal${Date.now().toString(36)}` });
    const event = createEvent(app.db);
    const page = await (await me.client.get(`/share-with/event/${event.id}?q=${friend.firstName}`)).text();
    expect(page).toContain(friend.firstName);
    const none = await me.client.form(`/share-with/event/${event.id}`, {});
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Select a rider to share with");
    const ok = await me.client.form(`/share-with/event/${event.id}`, { targetUserId: friend.id });
    expect(ok.headers.get("location")).toBe(`/share/event/${event.id}`);
    expect(await (await me.client.get(`/share/event/${event.id}`)).text()).toContain("Event Shared!");
    expect((await me.client.get(`/share-with/nonsense/${event.id}`)).status).toBe(404);
  });
});

describe("share-with-user screen for an item that cannot be shared", () => {
  it.each([
    ["an unapproved event", "event", 404, "Event not found"],
    ["a missing event", "event", 404, "Event not found"],
    ["one's own private run", "run-log", 400, "Make the run public before sharing it."],
    ["someone else's run", "run-log", 404, "Run log not found"],
  ] as const)("says why at once for %s, with no rider search", async (item, type, status, message) => {
    const { createEvent, createRun } = await import("../helpers/factories");
    const me = await rider();
    const other = createUser(app.db);
    const id = {
      "an unapproved event": () => createEvent(app.db, { showbillApproved: false }).id,
      "a missing event": () => "00000000-0000-4000-8000-000000000000",
      "one's own private run": () => createRun(app.db, me.user.id, { privacy: "PRIVATE" }).id,
      "someone else's run": () => createRun(app.db, other.id, { privacy: "PUBLIC" }).id,
    }[item]();
    const res = await me.client.get(`/share-with/${type}/${id}?q=${other.firstName}`);
    expect(res.status).toBe(status);
    const page = await res.text();
    expect(page).toContain(message);
    expect(page).not.toContain("Search riders by name");
    expect(page).not.toContain("Choose a rider");
  });

  it("tells a Private (SOLO) rider to share by link instead", async () => {
    const { createEvent } = await import("../helpers/factories");
    const me = await rider("SOLO");
    const res = await me.client.get(`/share-with/event/${createEvent(app.db).id}`);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Your profile is Private: copy the link to share");
  });
});

describe("riders search on Discover without JavaScript", () => {
  it("lists riders with links to their profiles and follow buttons; 'No users found' otherwise", async () => {
    const me = await rider();
    const tag = `Zz${Date.now().toString(36)}`;
    const pub = createUser(app.db, { privacyMode: "PUBLIC", firstName: `${tag}pub`, lastName: "Shown" });
    createUser(app.db, { privacyMode: "SOLO", firstName: `${tag}solo` });
    const page = await (await me.client.get(`/?riders=${tag}`)).text();
    expect(page).toContain(`/profile/${pub.id}`);
    expect(page).toContain("Shown");
    expect(page).not.toContain(`${tag}solo`);
    expect(page).toMatch(/>Follow<\/button>/);
    expect(await (await me.client.get("/?riders=nobody-by-this-name")).text()).toContain("No users found");

    const res = await me.client.form(`/profile/${pub.id}`, { intent: "follow", redirectTo: `/?riders=${tag}` });
    expect(res.headers.get("location")).toBe(`/?riders=${tag}`);
    expect(await (await me.client.get(`/?riders=${tag}`)).text()).toMatch(/>Following<\/button>/);
    const evil = await me.client.form(`/profile/${pub.id}`, { intent: "unfollow", redirectTo: "//evil.example" });
    expect(evil.headers.get("location")).toBe(`/profile/${pub.id}`);
  });
});
