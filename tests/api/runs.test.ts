import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLogs } from "../../db/schema";
import { createEvent, createFollow, createFollowRequest, createRider, createRun, createUser, PASSWORD, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = createUser(app.db, overrides);
  const client = app.client();
  await signIn(client, user.email);
  return { user, client };
}

/** Signs in through the page form, the way a browser without JavaScript does. */
async function signedInForm(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = createUser(app.db, overrides);
  const client = app.client();
  await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
  return { user, client };
}

describe("POST /api/run-logs", () => {
  it("logs a run with every field and answers it (201), private by default", async () => {
    const { user, client } = await signedIn();
    const rider = createRider(app.db, user.id, "Lily");
    const event = createEvent(app.db);
    const res = await client.json("/api/run-logs", "POST", {
      arenaName: " Cowtown Coliseum ",
      arenaType: "indoor",
      horseName: "Rebel",
      eventId: event.id,
      riderId: rider.id,
      time: "15.48s",
      rating: 4,
      placement: "2D 1st",
      tags: ["clean-run", "placed-cashed"],
      notes: "Tight first barrel",
      groundCondition: "Deep",
      weather: "Windy",
      videoUrl: "https://video.example/run1",
    });
    expect(res.status).toBe(201);
    const run = await res.json();
    expect(run).toMatchObject({
      arenaName: "Cowtown Coliseum",
      arenaType: "indoor",
      horseName: "Rebel",
      eventId: event.id,
      eventName: event.name,
      riderId: rider.id,
      riderName: "Lily",
      time: "15.48",
      rating: 4,
      placement: "2D 1st",
      tags: ["clean-run", "placed-cashed"],
      groundCondition: "Deep",
      weather: "Windy",
      videoUrl: "https://video.example/run1",
      privacy: "PRIVATE",
    });
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.userId).toBe(user.id);
    // The list reads its own columns, as array rows: it presents the run exactly as the answer above.
    expect(await (await client.get("/api/run-logs")).json()).toEqual([run]);
  });

  it("answers the documented messages for bad input", async () => {
    const { client } = await signedIn();
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Arena name is required"],
      [{ arenaName: "  " }, "Arena name is required"],
      [{ arenaName: "A", time: "fast" }, "Time must be in seconds, like 15.482"],
      [{ arenaName: "A", rating: 6 }, "Rating must be 1 to 5 stars"],
      [{ arenaName: "A", placement: "first" }, "Choose a placement from the list"],
      [{ arenaName: "A", privacy: "FRIENDS" }, "Privacy must be PRIVATE or PUBLIC"],
      [{ arenaName: "A", arenaType: "barn" }, "Arena type must be indoor or outdoor"],
      [{ arenaName: "A", videoUrl: "not a link" }, "Video link must be a web address, like https://youtu.be/..."],
    ];
    for (const [body, message] of cases) {
      const res = await client.json("/api/run-logs", "POST", body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
  });

  it("sends 'none' for event and rider as absent, and refuses another user's rider", async () => {
    const { client } = await signedIn();
    const res = await client.json("/api/run-logs", "POST", { arenaName: "A", eventId: "none", riderId: "none" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ eventId: null, riderId: null });
    const other = createRider(app.db, createUser(app.db).id, "Not yours");
    const refused = await client.json("/api/run-logs", "POST", { arenaName: "A", riderId: other.id });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("Choose a rider from the list");
    const unapproved = createEvent(app.db, { showbillApproved: false });
    expect((await client.json("/api/run-logs", "POST", { arenaName: "A", eventId: unapproved.id })).status).toBe(400);
  });

  it("stores a run once when the same clientId is sent twice", async () => {
    const { user, client } = await signedIn();
    const body = { arenaName: "Retry Arena", clientId: "phone-123" };
    const [a, b] = await Promise.all([client.json("/api/run-logs", "POST", body), client.json("/api/run-logs", "POST", body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect((await a.json()).id).toBe((await b.json()).id);
    expect(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all()).toHaveLength(1);
  });

  // The phone's offline queue (app/features/runs/offlineQueue.ts) resends a run whose answer was lost.
  it("answers a resent clientId with the stored run, keeps keys per rider, and stores one run from ten simultaneous sends", async () => {
    const { user, client } = await signedIn();
    const body = { arenaName: "Queue Arena", horseName: "Dash", time: "15.5", clientId: "3b8f1c2e-queue-0001" };
    const first = await client.json("/api/run-logs", "POST", body);
    expect(first.status).toBe(201);
    const stored = await first.json();
    const again = await client.json("/api/run-logs", "POST", body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(stored);

    // Another rider's key space is their own: the same key stores their run and never answers this one.
    const other = await signedIn();
    const theirs = await other.client.json("/api/run-logs", "POST", { arenaName: "Their Arena", clientId: body.clientId });
    expect(theirs.status).toBe(201);
    expect((await theirs.json()).id).not.toBe(stored.id);

    const burst = { arenaName: "Burst Arena", clientId: "3b8f1c2e-queue-0002" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.json("/api/run-logs", "POST", burst)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(await Promise.all(answers.map(async (a) => (await a.json()).id))).size).toBe(1);
    expect(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all().map((r) => r.arenaName).sort()).toEqual(["Burst Arena", "Queue Arena"]);
  });

  it("requires a signed-in user", async () => {
    const res = await app.client().json("/api/run-logs", "POST", { arenaName: "A" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Not authenticated" });
    expect((await app.client().get("/api/run-logs")).status).toBe(401);
  });
});

describe("GET /api/run-logs", () => {
  it("lists only the user's own runs, newest first, with every filter", async () => {
    const { user, client } = await signedIn();
    const rider = createRider(app.db, user.id, "Cooper");
    const at = (d: string) => new Date(`${d}T18:00:00Z`);
    const r1 = createRun(app.db, user.id, { horseName: "Rebel", arenaName: "Cowtown Coliseum", tags: ["clean-run"], createdAt: at("2025-03-01") });
    const r2 = createRun(app.db, user.id, { horseName: "Sugar", arenaName: "Will Rogers", tags: ["hit-barrel"], createdAt: at("2025-04-01") });
    const r3 = createRun(app.db, user.id, { horseName: "rebel", arenaName: "Lazy E 100%", tags: ["clean-run", "placed-cashed"], riderId: rider.id, createdAt: at("2025-05-01") });
    createRun(app.db, createUser(app.db).id, { horseName: "Rebel" });

    const ids = async (query = "") => ((await (await client.get(`/api/run-logs${query}`)).json()) as { id: string }[]).map((r) => r.id);
    expect(await ids()).toEqual([r3.id, r2.id, r1.id]);
    expect(await ids("?horse=Rebel")).toEqual([r3.id, r1.id]);
    expect(await ids(`?rider=${rider.id}`)).toEqual([r3.id]);
    expect(await ids("?rider=none")).toEqual([r2.id, r1.id]);
    expect(await ids("?arena=coliseum")).toEqual([r1.id]);
    expect(await ids("?arena=100%25")).toEqual([r3.id]);
    expect(await ids("?arena=%25")).toEqual([r3.id]);
    expect(await ids("?from=2025-04-01")).toEqual([r3.id, r2.id]);
    expect(await ids("?to=2025-04-01")).toEqual([r2.id, r1.id]);
    expect(await ids("?from=2025-03-15&to=2025-04-15")).toEqual([r2.id]);
    expect(await ids("?tag=clean-run")).toEqual([r3.id, r1.id]);
    expect(await ids("?tag=placed-cashed&horse=rebel")).toEqual([r3.id]);

    const bad = await client.get("/api/run-logs?tag=fast");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("message");
  });
});

describe("DELETE /api/run-logs/{id} and PATCH /api/run-logs/{id}/privacy", () => {
  it("lets the owner toggle privacy and delete", async () => {
    const { user, client } = await signedIn();
    const run = createRun(app.db, user.id);
    const patched = await client.json(`/api/run-logs/${run.id}/privacy`, "PATCH", { privacy: "PUBLIC" });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: run.id, privacy: "PUBLIC" });
    const bad = await client.json(`/api/run-logs/${run.id}/privacy`, "PATCH", { privacy: "OPEN" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Privacy must be PRIVATE or PUBLIC" });

    const deleted = await client.json(`/api/run-logs/${run.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()).toBeUndefined();
    const again = await client.json(`/api/run-logs/${run.id}`, "DELETE");
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Run log not found" });
  });

  it("answers another user's run exactly like a missing one, even a public run, even to an admin", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    const run = createRun(app.db, owner.id, { privacy: "PUBLIC" });
    for (const who of [{}, { isAdmin: true }]) {
      const { client } = await signedIn(who);
      for (const id of [run.id, "no-such-run"]) {
        const del = await client.json(`/api/run-logs/${id}`, "DELETE");
        expect(del.status).toBe(404);
        expect(await del.json()).toEqual({ message: "Run log not found" });
        const patch = await client.json(`/api/run-logs/${id}/privacy`, "PATCH", { privacy: "PRIVATE" });
        expect(patch.status).toBe(404);
        expect(await patch.json()).toEqual({ message: "Run log not found" });
      }
    }
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.privacy).toBe("PUBLIC");
  });
});

describe("GET /api/horses and /api/run-logs/trends", () => {
  it("lists the rider's horse names once each, A to Z, with the favourite horse", async () => {
    const { user, client } = await signedIn({ favoriteHorse: "Blue" });
    for (const horseName of ["Rebel", "rebel", "Sugar", null, "  "]) createRun(app.db, user.id, { horseName });
    createRun(app.db, createUser(app.db).id, { horseName: "Stranger's Horse" });
    expect(await (await client.get("/api/horses")).json()).toEqual(["Blue", "Rebel", "Sugar"]);
    expect((await app.client().get("/api/horses")).status).toBe(401);
  });

  it("answers trends of one horse and one rider", async () => {
    const { user, client } = await signedIn();
    const rider = createRider(app.db, user.id, "Addie");
    createRun(app.db, user.id, { horseName: "Rebel", time: "15.9", tags: ["clean-run"] });
    createRun(app.db, user.id, { horseName: "Rebel", time: "15.3", tags: [], placement: "1D 2nd" });
    createRun(app.db, user.id, { horseName: "Sassy", time: "16.4", riderId: rider.id, tags: ["clean-run"] });
    const horse = await (await client.get("/api/run-logs/trends?horse=rebel")).json();
    expect(horse).toMatchObject({ runCount: 2, personalBest: { time: 15.3 }, averageLast5: 15.6, cleanRunRate: 50, placements: 1 });
    const byRider = await (await client.get(`/api/run-logs/trends?rider=${rider.id}`)).json();
    expect(byRider).toMatchObject({ runCount: 1, personalBest: { time: 16.4 }, cleanRunRate: 100 });
    expect((await client.get("/api/run-logs/trends")).status).toBe(400);
  });
});

describe("visibility: GET /api/users/{id}/public-runs and /run-count", () => {
  async function world(privacyMode: "SOLO" | "INVITE_ONLY" | "PUBLIC") {
    const owner = createUser(app.db, { privacyMode });
    const pub = createRun(app.db, owner.id, { privacy: "PUBLIC", time: "15.9" });
    createRun(app.db, owner.id, { privacy: "PRIVATE", time: "14.1" });
    return { owner, pub };
  }

  async function look(client: ReturnType<TestServer["client"]>, ownerId: string) {
    const runs = await client.get(`/api/users/${ownerId}/public-runs`);
    const count = await client.get(`/api/users/${ownerId}/run-count`);
    return { runs: runs.status === 200 ? ((await runs.json()) as { id: string }[]).map((r) => r.id) : runs.status, count: count.status === 200 ? (await count.json()).runCount : count.status };
  }

  it("shows a PUBLIC owner's public runs to everyone signed in, never the private one", async () => {
    const { owner, pub } = await world("PUBLIC");
    for (const who of [{}, { isAdmin: true }]) {
      const { client } = await signedIn(who);
      expect(await look(client, owner.id)).toEqual({ runs: [pub.id], count: 1 });
    }
  });

  it("shows an INVITE_ONLY owner's public runs only to approved followers, not to a pending requester", async () => {
    const { owner, pub } = await world("INVITE_ONLY");
    const stranger = await signedIn();
    expect(await look(stranger.client, owner.id)).toEqual({ runs: [], count: 0 });
    const pending = await signedIn();
    createFollowRequest(app.db, pending.user.id, owner.id, "PENDING");
    expect(await look(pending.client, owner.id)).toEqual({ runs: [], count: 0 });
    const follower = await signedIn();
    createFollowRequest(app.db, follower.user.id, owner.id, "APPROVED");
    createFollow(app.db, follower.user.id, owner.id);
    expect(await look(follower.client, owner.id)).toEqual({ runs: [pub.id], count: 1 });
    const admin = await signedIn({ isAdmin: true });
    expect(await look(admin.client, owner.id)).toEqual({ runs: [], count: 0 });
  });

  it("answers a SOLO owner, a banned owner and a missing user alike (404), even to a follower", async () => {
    const solo = await world("SOLO");
    const banned = await world("PUBLIC");
    const { user, client } = await signedIn();
    createFollow(app.db, user.id, solo.owner.id);
    app.db.update((await import("../../db/schema")).users).set({ isActive: false }).where(eq((await import("../../db/schema")).users.id, banned.owner.id)).run();
    for (const id of [solo.owner.id, banned.owner.id, "no-such-user"]) {
      expect(await look(client, id)).toEqual({ runs: 404, count: 404 });
      expect(await (await client.get(`/api/users/${id}/public-runs`)).json()).toEqual({ message: "User not found" });
    }
  });

  it("shows the owner their own public runs only in the public list", async () => {
    const { owner, pub } = await world("SOLO");
    const client = app.client();
    await signIn(client, owner.email);
    expect(await look(client, owner.id)).toEqual({ runs: [pub.id], count: 1 });
  });

  it("sorts Recent by when each was run, latest first, and Fastest by the numeric time, missing = 999", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    const at = (n: number) => new Date(Date.UTC(2025, 5, n));
    const none = createRun(app.db, owner.id, { privacy: "PUBLIC", time: null, createdAt: at(5) });
    const slow = createRun(app.db, owner.id, { privacy: "PUBLIC", time: "17.2", createdAt: at(1) });
    const fast = createRun(app.db, owner.id, { privacy: "PUBLIC", time: "15.05", createdAt: at(2) });
    const mid = createRun(app.db, owner.id, { privacy: "PUBLIC", time: "16.3s", createdAt: at(4) });
    const huge = createRun(app.db, owner.id, { privacy: "PUBLIC", time: "999.5", createdAt: at(3) });
    const { client } = await signedIn();
    const order = async (sort: string) => ((await (await client.get(`/api/users/${owner.id}/public-runs?sort=${sort}`)).json()) as { id: string }[]).map((r) => r.id);
    expect(await order("recent")).toEqual([none.id, mid.id, huge.id, fast.id, slow.id]);
    expect(await order("fastest")).toEqual([fast.id, mid.id, slow.id, none.id, huge.id]);
    const one = (await (await client.get(`/api/users/${owner.id}/public-runs`)).json())[0];
    expect(Object.keys(one).sort()).toEqual(["arenaName", "arenaType", "createdAt", "horseName", "id", "notes", "rating", "runAt", "tags", "time", "videoUrl"]);
  });

  it("requires a signed-in viewer", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    expect((await app.client().get(`/api/users/${owner.id}/public-runs`)).status).toBe(401);
    expect((await app.client().get(`/api/users/${owner.id}/run-count`)).status).toBe(401);
  });
});

describe("profile page 'Public Runs (count)'", () => {
  it("lists the visible runs, sortable by Recent or Fastest without JavaScript", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    createRun(app.db, owner.id, { privacy: "PUBLIC", arenaName: "Slow Arena", time: "17.9", createdAt: new Date(Date.UTC(2025, 1, 2)) });
    createRun(app.db, owner.id, { privacy: "PUBLIC", arenaName: "Fast Arena", time: "15.1", createdAt: new Date(Date.UTC(2025, 1, 1)) });
    createRun(app.db, owner.id, { privacy: "PRIVATE", arenaName: "Secret Arena" });
    const { client } = await signedInForm();
    const recent = await (await client.get(`/profile/${owner.id}`)).text();
    expect(recent).toContain("Public Runs (2)");
    expect(recent).not.toContain("Secret Arena");
    expect(recent.indexOf("Slow Arena")).toBeLessThan(recent.indexOf("Fast Arena"));
    const fastest = await (await client.get(`/profile/${owner.id}?sort=fastest`)).text();
    expect(fastest.indexOf("Fast Arena")).toBeLessThan(fastest.indexOf("Slow Arena"));
  });

  it("shows no runs in the limited view of an invite-only rider", async () => {
    const owner = createUser(app.db, { privacyMode: "INVITE_ONLY" });
    createRun(app.db, owner.id, { privacy: "PUBLIC", arenaName: "Members Arena" });
    const { client } = await signedInForm();
    const html = await (await client.get(`/profile/${owner.id}`)).text();
    expect(html).not.toContain("Members Arena");
    expect(html).not.toContain("Public Runs");
  });
});

describe("/run-log screen without JavaScript", () => {
  it("shows 'No Run Logs Yet', then logs a run with 'Run Logged'", async () => {
    const { user, client } = await signedInForm();
    expect(await (await client.get("/run-log")).text()).toContain("No Run Logs Yet");
    const res = await client.form("/run-log", {
      intent: "create",
      clientId: "form-1",
      arenaName: "Cowtown Coliseum",
      arenaType: "outdoor",
      horseName: "Rebel",
      time: "0:15.482",
      rating: "5",
      placement: "1D 1st",
      tags: "clean-run",
      eventId: "none",
      riderId: "none",
      notes: "Best yet",
      privacy: "PRIVATE",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/run-log");
    const html = await (await client.get("/run-log")).text();
    expect(html).toContain("Run Logged");
    expect(html).toContain("15.482s");
    expect(html).toContain("Personal best");
    const stored = app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ time: "15.482", rating: 5, placement: "1D 1st", tags: ["clean-run"], privacy: "PRIVATE", eventId: null, riderId: null });
  });

  it("keeps repeated tags from a form and re-renders field errors", async () => {
    const { client } = await signedInForm();
    const body = new URLSearchParams([["intent", "create"], ["arenaName", ""], ["time", "fast"], ["tags", "clean-run"], ["tags", "placed-cashed"]]);
    const res = await client.fetch("/run-log", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.toString() });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Arena name is required");
    expect(html).toContain("Time must be in seconds, like 15.482");
  });

  it("filters the list by the query string", async () => {
    const { user, client } = await signedInForm();
    createRun(app.db, user.id, { horseName: "Rebel", arenaName: "Alpha Arena" });
    createRun(app.db, user.id, { horseName: "Sugar", arenaName: "Beta Arena" });
    const html = await (await client.get("/run-log?horse=Sugar")).text();
    expect(html).toContain("Beta Arena");
    expect(html).not.toContain("Alpha Arena");
    expect(html).toContain("1 of 2 runs");
  });

  it("asks before deleting, deletes with 'Run Deleted', and toggles privacy with 'Privacy Updated'", async () => {
    const { user, client } = await signedInForm();
    const run = createRun(app.db, user.id, { arenaName: "Gamma Arena" });
    // The question and its form are in the page (a <details>): no JavaScript needed to ask first.
    const confirm = await (await client.get("/run-log")).text();
    expect(confirm).toContain("Delete this run? Dash · Gamma Arena · 15.482s. This cannot be undone.");
    expect(confirm).toContain("Delete Run");

    const privacy = await client.form("/run-log", { intent: "privacy", id: run.id, privacy: "PUBLIC" });
    expect(privacy.status).toBe(302);
    expect(await (await client.get("/run-log")).text()).toContain("Privacy Updated");
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.privacy).toBe("PUBLIC");

    const del = await client.form("/run-log", { intent: "delete", id: run.id });
    expect(del.headers.get("location")).toBe("/run-log");
    expect(await (await client.get("/run-log")).text()).toContain("Run Deleted");
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()).toBeUndefined();
  });

  it("refuses to delete or change another user's run", async () => {
    const victim = createRun(app.db, createUser(app.db).id, { privacy: "PRIVATE" });
    const { client } = await signedInForm();
    await client.form("/run-log", { intent: "privacy", id: victim.id, privacy: "PUBLIC" });
    expect(await (await client.get("/run-log")).text()).toContain("Failed to update privacy setting.");
    await client.form("/run-log", { intent: "delete", id: victim.id });
    expect(await (await client.get("/run-log")).text()).toContain("Failed to delete run log. Please try again.");
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, victim.id)).get()?.privacy).toBe("PRIVATE");
  });

  it("sends a visitor to /login", async () => {
    const res = await app.client().get("/run-log");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
  });
});

describe("run videos", () => {
  const mp4 = (size = 1024) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), Buffer.alloc(Math.max(0, size - 24))]);

  function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append("video", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return form;
  }

  it("stores a video sent with the form without JavaScript and links it to the run", async () => {
    const { user, client } = await signedInForm();
    const res = await client.fetch("/run-log", {
      method: "POST",
      body: multipart({ intent: "create", arenaName: "Video Arena", horseName: "Comet" }, { bytes: mp4(), name: "run.mp4", type: "video/mp4" }),
    });
    expect(res.status).toBe(302);
    const run = app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).get()!;
    expect(run.videoUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.mp4$/);
    const served = await client.get(run.videoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toContain("video/mp4");
  });

  it("checks the type by content, not by the name or claimed type", async () => {
    const { user, client } = await signedInForm();
    const res = await client.fetch("/run-log", {
      method: "POST",
      body: multipart({ intent: "create", arenaName: "Fake Video Arena" }, { bytes: Buffer.from("<html>not a video</html>"), name: "run.mp4", type: "video/mp4" }),
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toContain("Invalid File Type: Please select a valid file type: a video (MP4, MOV, WebM, M4V or 3GP). This file is not a real video, whatever its name says.");
    expect(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all()).toHaveLength(0);
  });

  it("refuses a video over 15 MB", async () => {
    const { user, client } = await signedInForm();
    const res = await client.fetch("/run-log", {
      method: "POST",
      body: multipart({ intent: "create", arenaName: "Big Video Arena" }, { bytes: mp4(15 * 1024 * 1024 + 1), name: "big.mp4", type: "video/mp4" }),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("File Too Large: File size must be less than 15MB");
    expect(app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all()).toHaveLength(0);
  });

  it("links a video uploaded through the signed URL flow, but never another rider's upload", async () => {
    const { client } = await signedIn();
    const grant = await (await client.fetch("/api/objects/upload?kind=video", { method: "POST" })).json();
    const put = await client.fetch(new URL(grant.uploadURL).pathname, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: new Uint8Array(mp4()) });
    expect(put.status).toBe(201);
    const { accessURL } = await (await client.json("/api/objects/convert-url", "POST", { uploadURL: grant.uploadURL })).json();
    const res = await client.json("/api/run-logs", "POST", { arenaName: "Signed Arena", videoUrl: accessURL });
    expect(res.status).toBe(201);
    expect((await res.json()).videoUrl).toBe(accessURL);

    const thief = await signedIn();
    const stolen = await thief.client.json("/api/run-logs", "POST", { arenaName: "Thief Arena", videoUrl: accessURL });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).message).toBe("Video upload not found");
  });
});

describe("trends on the /run-log screen", () => {
  it("shows a rider sub-profile's trends when filtered by rider", async () => {
    const { user, client } = await signedInForm();
    const rider = createRider(app.db, user.id, "Addie");
    createRun(app.db, user.id, { horseName: "Sassy", time: "16.45", riderId: rider.id, arenaName: "Lazy E" });
    createRun(app.db, user.id, { horseName: "Rebel", time: "15.10" });
    const html = await (await client.get(`/run-log?rider=${rider.id}`)).text();
    expect(html).toMatch(/Addie.*rider/);
    expect(html).toContain("16.45s");
    expect(html).not.toContain("15.1s");
    // Without a filter: the horse of the latest run.
    expect(await (await client.get("/run-log")).text()).toMatch(/Rebel.*horse/);
  });
});

describe("shared run page Open Graph tags", () => {
  it("renders og tags with the share URL on the server", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC", firstName: "Brynn" });
    const run = createRun(app.db, owner.id, { privacy: "PUBLIC", arenaName: "Island Grove", horseName: "Comet", time: "15.61" });
    const html = await (await app.client().get(`/share/run-log/${run.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="Brynn&#x27;s run at Island Grove"/>`);
    expect(html).toContain(`<meta property="og:description" content="Comet · 15.61s"/>`);
    expect(html).toContain(`<meta property="og:url" content="${app.url}/share/run-log/${run.id}"/>`);
  });
});

describe("editing a run: PUT /api/run-logs/{id}", () => {
  it("replaces the owner's run fields by the rules of a new run, keeping its date and key", async () => {
    const { user, client } = await signedIn();
    const rider = createRider(app.db, user.id, "Wren");
    const created = await (await client.json("/api/run-logs", "POST", { arenaName: "Old Arena", time: "16.1", tags: ["hit-barrel"], clientId: "edit-key-1" })).json();
    const res = await client.json(`/api/run-logs/${created.id}`, "PUT", {
      arenaName: " New Arena ",
      horseName: "Comet",
      time: "0:15.2",
      rating: 4,
      placement: "1D 3rd",
      tags: ["clean-run"],
      riderId: rider.id,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: created.id, arenaName: "New Arena", horseName: "Comet", time: "15.2", rating: 4, placement: "1D 3rd", tags: ["clean-run"], riderName: "Wren", privacy: "PRIVATE" });
    const stored = app.db.select().from(runLogs).where(eq(runLogs.id, created.id)).get()!;
    expect(stored).toMatchObject({ clientId: "edit-key-1", createdAt: new Date(created.createdAt) });
  });

  it("answers the same messages as a new run for bad input", async () => {
    const { user, client } = await signedIn();
    const run = createRun(app.db, user.id, { arenaName: "Keep Arena" });
    for (const [body, message] of [
      [{ arenaName: "" }, "Arena name is required"],
      [{ arenaName: "A", time: "999" }, "Time must be under 600 seconds (10 minutes)"],
      [{ arenaName: "A", time: "-15.2" }, "Time must be more than 0 seconds"],
      [{ arenaName: "A", placement: "5D 1st" }, "Choose a placement from the list"],
    ] as const) {
      const res = await client.json(`/api/run-logs/${run.id}`, "PUT", body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.arenaName).toBe("Keep Arena");
  });

  it("answers another rider's run like a missing one, and needs a session", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    const run = createRun(app.db, owner.id, { privacy: "PUBLIC", arenaName: "Not Yours" });
    const { client } = await signedIn();
    for (const id of [run.id, "no-such-run"]) {
      const res = await client.json(`/api/run-logs/${id}`, "PUT", { arenaName: "Taken" });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Run log not found" });
    }
    expect((await app.client().json(`/api/run-logs/${run.id}`, "PUT", { arenaName: "Taken" })).status).toBe(401);
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.arenaName).toBe("Not Yours");
  });
});

describe("editing a run on the /run-log screen without JavaScript", () => {
  it("opens the run's form filled in from ?edit, saves it with 'Run Updated', and keeps the list's filters", async () => {
    const { user, client } = await signedInForm();
    const run = createRun(app.db, user.id, { arenaName: "Typo Arena", horseName: "Rebel", time: "15.9", rating: 3, tags: ["hit-barrel"], notes: "Old note" });
    const page = await (await client.get(`/run-log?horse=Rebel&edit=${run.id}`)).text();
    expect(page).toContain("Edit run");
    expect(page).toContain('value="Typo Arena"');
    expect(page).toContain("Old note");
    expect(page).toContain("Save Changes");

    const bad = await client.form(`/run-log?horse=Rebel&edit=${run.id}`, { intent: "update", id: run.id, arenaName: "Fixed Arena", time: "999" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Time must be under 600 seconds (10 minutes)");
    expect(badHtml).toContain('value="Fixed Arena"');

    const res = await client.form(`/run-log?horse=Rebel&edit=${run.id}`, { intent: "update", id: run.id, arenaName: "Fixed Arena", horseName: "Rebel", time: "15.4", rating: "5", tags: "clean-run", privacy: "PRIVATE" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/run-log?horse=Rebel");
    expect(await (await client.get("/run-log?horse=Rebel")).text()).toContain("Run Updated");
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()).toMatchObject({ arenaName: "Fixed Arena", time: "15.4", rating: 5, tags: ["clean-run"], notes: null });
  });

  it("refuses to edit another rider's run", async () => {
    const victim = createRun(app.db, createUser(app.db).id, { arenaName: "Victim Arena" });
    const { client } = await signedInForm();
    expect(await (await client.get(`/run-log?edit=${victim.id}`)).text()).not.toContain("Victim Arena");
    const res = await client.form("/run-log", { intent: "update", id: victim.id, arenaName: "Hijacked" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Run log not found");
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, victim.id)).get()?.arenaName).toBe("Victim Arena");
  });

  it("replaces an uploaded video and removes the old file", async () => {
    const { user, client } = await signedInForm();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), Buffer.alloc(1000)]);
    const post = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      body.append("video", new Blob([new Uint8Array(mp4)], { type: "video/mp4" }), "run.mp4");
      return client.fetch("/run-log", { method: "POST", body });
    };
    expect((await post({ intent: "create", arenaName: "Video Edit Arena" })).status).toBe(302);
    const run = app.db.select().from(runLogs).where(eq(runLogs.userId, user.id)).get()!;
    const first = run.videoUrl!;
    expect((await client.get(first)).status).toBe(200);
    expect((await post({ intent: "update", id: run.id, arenaName: "Video Edit Arena" })).status).toBe(302);
    const second = app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()!.videoUrl!;
    expect(second).not.toBe(first);
    expect((await client.get(second)).status).toBe(200);
    expect((await client.get(first)).status).toBe(404);
  });
});

describe("opening the add-run form", () => {
  it("renders the form open for ?new (Discover's Log a Run, + Add Run without JavaScript) and closed otherwise", async () => {
    const { user, client } = await signedInForm();
    createRun(app.db, user.id, { arenaName: "Existing Arena" });
    const closed = await (await client.get("/run-log")).text();
    expect(closed).toMatch(/<details id="log-run"[^>]*>/);
    expect(closed).not.toMatch(/<details id="log-run"[^>]* open=""/);
    expect(closed).toContain('href="/run-log?new=#log-run"');
    expect(await (await client.get("/run-log?new")).text()).toMatch(/<details id="log-run"[^>]* open=""/);
    // Discover links to it.
    expect(await (await client.get("/")).text()).toContain('href="/run-log?new#log-run"');
  });
});

describe("NT, plain placings, runs without a horse, the linked-event picker and the horse page's Log a run", () => {
  it("takes NT as a time (no time: never a best, last in Fastest) and a plain placing, and shows them as riders write them", async () => {
    const { user, client } = await signedIn({ privacyMode: "PUBLIC" });
    const nt = await client.json("/api/run-logs", "POST", { arenaName: "Off Pattern Arena", horseName: "Rebel", time: "nt", placement: "1st", privacy: "PUBLIC" });
    expect(nt.status).toBe(201);
    const body = await nt.json();
    expect(body).toMatchObject({ time: "NT", placement: "1st" });
    createRun(app.db, user.id, { arenaName: "Timed Arena", horseName: "Rebel", time: "15.9" });
    createRun(app.db, user.id, { arenaName: "Horseless Arena", horseName: null, horseId: null });
    const html = await (await client.get("/run-log")).text();
    expect(html).toContain(">NT<");
    expect(html).not.toContain("NTs");
    // A run without a horse is titled by its arena, not "No horse named".
    expect(html).not.toContain("No horse named");
    expect(html).toContain('<optgroup label="Placing"><option value="1st">1st</option>');
    const trends = await (await client.get("/api/run-logs/trends?horse=Rebel")).json();
    expect(trends.personalBest).toMatchObject({ time: 15.9 });
    const shared = await (await app.client().get(`/share/run-log/${body.id}`)).text();
    expect(shared).toContain(">NT<");
    expect(shared).not.toContain("NTs");
  });

  it("offers past events the rider ran at, with their dates as the cards show them", async () => {
    const { user, client } = await signedIn();
    const ran = createEvent(app.db, { name: "Spring Jackpot Past", date: "2025-04-05", endDate: "2025-04-06" });
    createRun(app.db, user.id, { eventId: ran.id });
    const saved = createEvent(app.db, { name: "Summer Slam Saved", date: "2031-07-04" });
    await client.json(`/api/events/${saved.id}/save`, "POST");
    const html = await (await client.get("/run-log?new")).text();
    expect(html).toContain("Spring Jackpot Past · Apr 5 – 6, 2025");
    expect(html).toContain("Summer Slam Saved · Jul 4, 2031");
  });

  it("opens the form on the horse from the horse page's Log a run", async () => {
    const { user, client } = await signedIn();
    createRun(app.db, user.id, { horseName: "Alpha" });
    const run = createRun(app.db, user.id, { horseName: "Bravo" });
    const page = await (await client.get(`/horses/${run.horseId}`)).text();
    const href = `/run-log?new&amp;horseId=${run.horseId}#log-run`;
    expect(page).toContain(`href="${href}"`);
    const form = await (await client.get(`/run-log?new&horseId=${run.horseId}`)).text();
    expect(form).toMatch(new RegExp(`<option value="${run.horseId}" selected="">Bravo</option>`));
  });
});

describe("placements and the shared run page", () => {
  it("takes 1D 3rd like the other divisions' third places", async () => {
    const { client } = await signedIn();
    const res = await client.json("/api/run-logs", "POST", { arenaName: "A", placement: "1D 3rd" });
    expect(res.status).toBe(201);
    expect((await res.json()).placement).toBe("1D 3rd");
    const { client: formClient } = await signedInForm();
    expect(await (await formClient.get("/run-log")).text()).toContain('<option value="1D 3rd">1D 3rd</option>');
  });

  it("shows tags as riders read them and the placement", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    const run = createRun(app.db, owner.id, { privacy: "PUBLIC", arenaName: "Label Arena", tags: ["clean-run", "placed-cashed"], placement: "2D 1st" });
    const html = await (await app.client().get(`/share/run-log/${run.id}`)).text();
    expect(html).toContain("Clean run");
    expect(html).toContain("Placed / cashed");
    expect(html).not.toMatch(/>clean-run</);
    expect(html).toContain("2D 1st");
    expect(await (await app.client().get(`/api/share/run-log/${run.id}`)).json()).toMatchObject({ placement: "2D 1st", tags: ["clean-run", "placed-cashed"] });
  });
});

describe("a Private (SOLO) rider's runs", () => {
  it("cannot be made public, by the screen or the API, and the screen says why instead of offering a share menu", async () => {
    const { user, client } = await signedInForm({ privacyMode: "SOLO" });
    const run = createRun(app.db, user.id, { arenaName: "Solo Arena" });
    const html = await (await client.get("/run-log")).text();
    expect(html).toContain("Your profile is Private, so only you see your runs.");
    expect(html).not.toContain("Private: make public");
    expect(html).not.toContain("View Shared Link");
    expect(html).not.toMatch(/name="privacy" value="PUBLIC"/);

    await client.form("/run-log", { intent: "privacy", id: run.id, privacy: "PUBLIC" });
    const after = await (await client.get("/run-log")).text();
    expect(after).toContain("Failed to update privacy setting.");
    expect(after).toContain("Your profile is Private, so only you see your runs. To share a run, choose Invite Only or Public in Settings.");
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.privacy).toBe("PRIVATE");

    const api = app.client();
    await signIn(api, user.email);
    for (const res of [
      await api.json(`/api/run-logs/${run.id}/privacy`, "PATCH", { privacy: "PUBLIC" }),
      await api.json("/api/run-logs", "POST", { arenaName: "A", privacy: "PUBLIC" }),
      await api.json(`/api/run-logs/${run.id}`, "PUT", { arenaName: "A", privacy: "PUBLIC" }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain("Your profile is Private");
    }
  });

  it("can still make a run private that was public before the profile went Private", async () => {
    const { user, client } = await signedInForm({ privacyMode: "SOLO" });
    const run = createRun(app.db, user.id, { arenaName: "Was Public Arena", privacy: "PUBLIC" });
    const html = await (await client.get("/run-log")).text();
    expect(html).toContain("Not shared: your profile is Private.");
    expect(html).not.toContain("View Shared Link");
    await client.form("/run-log", { intent: "privacy", id: run.id, privacy: "PRIVATE" });
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.privacy).toBe("PRIVATE");
  });
});

describe("horse names are one horse whatever the case", () => {
  it("lists, filters and trends 'Dash' and 'dash' as one horse in its first spelling, and stores new runs in it", async () => {
    const { user, client } = await signedInForm();
    const at = (n: number) => new Date(Date.UTC(2025, 5, n));
    createRun(app.db, user.id, { horseName: "Dash", time: "15.5", createdAt: at(1) });
    createRun(app.db, user.id, { horseName: "dash", time: "15.1", createdAt: at(2) });
    createRun(app.db, user.id, { horseName: "Sugar", time: "16.0", createdAt: at(3) });
    const api = app.client();
    await signIn(api, user.email);
    expect(await (await api.get("/api/horses")).json()).toEqual(["Dash", "Sugar"]);

    const html = await (await client.get("/run-log?horse=dash")).text();
    expect(html).toContain("2 of 3 runs");
    expect(html).toMatch(/Dash(<!-- -->)? <span[^>]*>· (<!-- -->)?horse/);
    // Each run card names the horse in its first spelling too.
    expect(html).not.toMatch(/>dash</);
    expect(html).toContain("15.1s");
    // An older link's name selects the horse's record in the filters.
    const dash = (await (await api.get("/api/horses?view=records")).json()).find((h: { name: string }) => h.name === "Dash");
    expect(html).toContain(`<option value="${dash.id}" selected="">Dash</option>`);
    expect(html).not.toContain(">dash</option>");

    const res = await api.json("/api/run-logs", "POST", { arenaName: "A", horseName: "DASH" });
    expect((await res.json()).horseName).toBe("Dash");
  });
});
