import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { riders, runLogs } from "../../db/schema";
import { createRider, createRun, createUser, PASSWORD, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

describe("/api/riders", () => {
  it("adds (trimmed), lists and removes the user's own riders", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    const added = await client.json("/api/riders", "POST", { name: "  Lily  " });
    expect(added.status).toBe(201);
    const lily = await added.json();
    expect(lily).toEqual({ id: expect.any(Number), name: "Lily" });
    await client.json("/api/riders", "POST", { name: "Cooper" });
    createRider(app.db, createUser(app.db).id, "Someone else's");
    expect(await (await client.get("/api/riders")).json()).toEqual([lily, { id: expect.any(Number), name: "Cooper" }]);

    const del = await client.json(`/api/riders/${lily.id}`, "DELETE");
    expect(del.status).toBe(200);
    expect(((await (await client.get("/api/riders")).json()) as { name: string }[]).map((r) => r.name)).toEqual(["Cooper"]);
  });

  it("refuses an empty name with a message", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await signIn(client, user.email);
    for (const body of [{ name: "   " }, {}]) {
      const res = await client.json("/api/riders", "POST", body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Rider name is required");
    }
  });

  it("keeps a deleted rider's runs, unlinked", async () => {
    const user = createUser(app.db);
    const rider = createRider(app.db, user.id, "Addie");
    const run = createRun(app.db, user.id, { riderId: rider.id });
    const client = app.client();
    await signIn(client, user.email);
    expect((await client.json(`/api/riders/${rider.id}`, "DELETE")).status).toBe(200);
    expect(app.db.select().from(runLogs).where(eq(runLogs.id, run.id)).get()?.riderId).toBeNull();
  });

  it("answers another user's rider like a missing one", async () => {
    const other = createRider(app.db, createUser(app.db).id, "Not yours");
    const client = app.client();
    await signIn(client, createUser(app.db).email);
    for (const id of [String(other.id), "999999", "abc"]) {
      const res = await client.json(`/api/riders/${id}`, "DELETE");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Rider not found" });
    }
    expect(app.db.select().from(riders).where(eq(riders.id, other.id)).get()).toBeDefined();
  });

  it("requires a signed-in user", async () => {
    expect((await app.client().get("/api/riders")).status).toBe(401);
    expect((await app.client().json("/api/riders", "POST", { name: "X" })).status).toBe(401);
  });
});

describe("Settings › Riders without JavaScript", () => {
  it("adds and removes riders through plain forms with toasts", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    const add = await client.form("/settings/riders", { intent: "add", name: " Junior " });
    expect(add.status).toBe(302);
    expect(add.headers.get("location")).toBe("/settings");
    let html = await (await client.get("/settings")).text();
    expect(html).toContain("Rider added!");
    expect(html).toContain("Junior");

    const empty = await client.form("/settings/riders", { intent: "add", name: "  " });
    expect(empty.status).toBe(302);
    expect(await (await client.get("/settings")).text()).toContain("Rider name is required");

    const junior = app.db.select().from(riders).where(eq(riders.userId, user.id)).get()!;
    await client.form("/settings/riders", { intent: "remove", id: String(junior.id) });
    html = await (await client.get("/settings")).text();
    expect(html).toContain("Rider removed");
    expect(app.db.select().from(riders).where(eq(riders.userId, user.id)).all()).toHaveLength(0);
  });
});

describe("telling riders apart", () => {
  it("refuses a second rider of the same name (any case, outer spaces) with a clear message, on the API and the form", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    expect((await client.json("/api/riders", "POST", { name: "Lily" })).status).toBe(201);
    const again = await client.json("/api/riders", "POST", { name: "  lily " });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("You already have a rider named Lily. Add a last initial or a nickname to tell them apart.");
    const form = await client.form("/settings/riders", { intent: "add", name: "LILY" });
    expect(form.status).toBe(302);
    expect(await (await client.get("/settings")).text()).toContain("You already have a rider named Lily.");
    expect(app.db.select().from(riders).where(eq(riders.userId, user.id)).all()).toHaveLength(1);
    // Another parent's Lily is theirs to name.
    const other = createUser(app.db);
    const otherClient = app.client();
    await otherClient.form("/login", { email: other.email, password: PASSWORD, intent: "login" });
    expect((await otherClient.json("/api/riders", "POST", { name: "Lily" })).status).toBe(201);
  });

  it("says before removing a rider what happens to their runs", async () => {
    const user = createUser(app.db);
    const client = app.client();
    await client.form("/login", { email: user.email, password: PASSWORD, intent: "login" });
    const junior = createRider(app.db, user.id, "Junior");
    createRider(app.db, user.id, "Sis");
    createRun(app.db, user.id, { riderId: junior.id });
    createRun(app.db, user.id, { riderId: junior.id });
    const html = await (await client.get("/settings")).text();
    expect(html).toContain("Remove Junior? Their 2 runs stay in your Run Log as your own, no longer marked as Junior&#x27;s.");
    expect(html).toContain("Remove Sis? No runs are logged for Sis.");
  });
});
