import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, runLogs, users } from "../../db/schema";
import { createEvent, createRider, PASSWORD, signedInRider, uploadImage } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Files leave with their records: every delete path removes the uploads
 * the deleted rows owned (counted under DATA_DIR/uploads before and after),
 * and the housekeeping sweep removes day-old files no row references.
 */
let app: TestServer;
let admin: Client;
beforeAll(async () => {
  app = await startTestServer();
  admin = (await signedInRider(app, { isAdmin: true })).client;
});
afterAll(() => app.close());

const uploadsDir = () => path.join(app.dataDir, "uploads");
const files = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
/** The files of one upload: the file, its copies and its record. */
const filesOf = (url: string) => files().filter((f) => f.startsWith(`${url.split("/").pop()!.split(".")[0]}.`));

const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), Buffer.alloc(2048)]);

async function uploadVideo(client: Client) {
  const grant = (await (await client.json("/api/objects/upload?kind=video", "POST")).json()) as { uploadURL: string };
  const put = await fetch(grant.uploadURL, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: new Uint8Array(mp4()) });
  expect(put.status).toBe(201);
  return ((await put.json()) as { url: string }).url;
}

async function runWithVideo(client: Client, videoUrl?: string) {
  const url = videoUrl ?? (await uploadVideo(client));
  const res = await client.json("/api/run-logs", "POST", { arenaName: "Cleanup Arena", horseName: "Dash", time: "15.5", videoUrl: url });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, videoUrl: url };
}

/**
 * Runs `remove` and checks that exactly the given uploads' files left the
 * folder (and are no longer served); a replacement it stores may arrive.
 */
async function expectRemoved(urls: string[], remove: () => Promise<unknown>) {
  const gone = urls.flatMap(filesOf);
  expect(gone.length).toBeGreaterThan(0);
  const before = files();
  await remove();
  expect(files().filter((f) => before.includes(f))).toEqual(before.filter((f) => !gone.includes(f)));
  for (const url of urls) expect((await app.client().get(url)).status).toBe(404);
}

async function expectKept(remove: () => Promise<unknown>) {
  const before = files();
  await remove();
  expect(files()).toEqual(before);
}

describe("deleting a record removes the files it owned", () => {
  it("a run deleted by its rider, through the API and the run log's form", async () => {
    const { client } = await signedInRider(app);
    const viaApi = await runWithVideo(client);
    await expectRemoved([viaApi.videoUrl], async () => expect((await client.json(`/api/run-logs/${viaApi.id}`, "DELETE")).status).toBe(200));
    const viaForm = await runWithVideo(client);
    await expectRemoved([viaForm.videoUrl], async () => expect((await client.form("/run-log", { intent: "delete", id: viaForm.id })).status).toBe(302));
  });

  it("a video linked to two runs stays until the second goes", async () => {
    const { client } = await signedInRider(app);
    const first = await runWithVideo(client);
    const second = await runWithVideo(client, first.videoUrl);
    await expectKept(() => client.json(`/api/run-logs/${first.id}`, "DELETE"));
    expect((await app.client().get(first.videoUrl)).status).toBe(200);
    await expectRemoved([second.videoUrl], () => client.json(`/api/run-logs/${second.id}`, "DELETE"));
  });

  it("a run deleted by an admin, through the API and the dashboard's form", async () => {
    const { client } = await signedInRider(app);
    const viaApi = await runWithVideo(client);
    await expectRemoved([viaApi.videoUrl], async () => expect((await admin.json(`/api/admin/run-logs/${viaApi.id}`, "DELETE")).status).toBe(200));
    const viaForm = await runWithVideo(client);
    await expectRemoved([viaForm.videoUrl], async () => expect((await admin.form("/admin?tab=runs", { intent: "delete-run", runId: viaForm.id })).status).toBe(302));
  });

  it("an event deleted by an admin, with its showbill's preview and thumbnail", async () => {
    const { user, client } = await signedInRider(app);
    const { url } = await uploadImage(client, "showbill");
    expect(filesOf(url)).toHaveLength(4); // the image, its preview, its thumbnail, its record
    const event = createEvent(app.db, { createdBy: user.id, showbillUrl: url });
    await expectRemoved([url], async () => expect((await admin.json(`/api/admin/events/${event.id}`, "DELETE")).status).toBe(200));
    const second = await uploadImage(client, "showbill", "#1d4ed8");
    const viaForm = createEvent(app.db, { createdBy: user.id, showbillUrl: second.url });
    await expectRemoved([second.url], async () => expect((await admin.form("/admin?tab=events", { intent: "delete-event", eventId: viaForm.id })).status).toBe(302));
    expect(app.db.select().from(events).where(eq(events.id, viaForm.id)).get()).toBeUndefined();
  });

  it("a showbill replaced or removed by the event's creator", async () => {
    const { user, client } = await signedInRider(app);
    const first = await uploadImage(client, "showbill");
    // Not listed yet, so the creator's edits apply at once (a listed event's wait for review: event-revisions.test.ts).
    const event = createEvent(app.db, { createdBy: user.id, showbillUrl: first.url, showbillApproved: false });
    const second = await uploadImage(client, "showbill", "#15803d");
    await expectRemoved([first.url], async () => expect((await client.json(`/api/events/${event.id}`, "PUT", { showbillUrl: second.url })).status).toBe(200));
    await expectRemoved([second.url], async () => expect((await client.json(`/api/events/${event.id}`, "PUT", { showbillUrl: null })).status).toBe(200));
  });

  it("a profile picture replaced by another, through the API and the Settings form", async () => {
    const { client } = await signedInRider(app);
    const first = await uploadImage(client, "avatar");
    expect((await client.json("/api/profile-picture", "PUT", { profileImageURL: first.url })).status).toBe(200);
    const second = await uploadImage(client, "avatar", "#15803d");
    await expectRemoved([first.url], () => client.json("/api/profile-picture", "PUT", { profileImageURL: second.url }));
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("picture", new Blob([new Uint8Array(fs.readFileSync(path.join(uploadsDir(), second.url.split("/").pop()!)))], { type: "image/jpeg" }), "me.jpg");
    await expectRemoved([second.url], async () => {
      const res = await client.fetch("/settings/account", { method: "POST", body: form });
      expect(await (await client.get(res.headers.get("location")!)).text()).toContain("Profile picture updated!");
    });
  });

  it("a rider sub-profile owns no files: removing it keeps its runs' videos", async () => {
    const { user, client } = await signedInRider(app);
    const rider = createRider(app.db, user.id, "Lily");
    const run = await runWithVideo(client);
    app.db.update(runLogs).set({ riderId: rider.id }).where(eq(runLogs.id, run.id)).run();
    await expectKept(() => client.form("/settings/riders", { intent: "delete", id: String(rider.id) }));
    expect((await app.client().get(run.videoUrl)).status).toBe(200);
  });

  it("an account deleted by its owner takes its picture and videos, not the showbills of events it created", async () => {
    const { user, client } = await signedInRider(app);
    const picture = await uploadImage(client, "avatar");
    expect((await client.json("/api/profile-picture", "PUT", { profileImageURL: picture.url })).status).toBe(200);
    const run = await runWithVideo(client);
    const showbill = await uploadImage(client, "showbill");
    createEvent(app.db, { createdBy: user.id, showbillUrl: showbill.url });
    await expectRemoved([picture.url, run.videoUrl], async () =>
      expect((await client.form("/settings", { intent: "delete-account", password: PASSWORD })).status).toBe(302),
    );
    expect(app.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    expect((await app.client().get(showbill.url)).status).toBe(200);
  });

  it("a ban keeps the account and so its files", async () => {
    const { user, client } = await signedInRider(app);
    const picture = await uploadImage(client, "avatar");
    expect((await client.json("/api/profile-picture", "PUT", { profileImageURL: picture.url })).status).toBe(200);
    await runWithVideo(client);
    await expectKept(async () => expect((await admin.json(`/api/admin/users/${user.id}/ban`, "DELETE")).status).toBe(200));
  });
});

describe("the housekeeping sweep", () => {
  it("removes a day-old upload no row references, keeps a young one and a referenced one", async () => {
    const { sweepOrphanUploads } = await import("../../app/lib/uploads.server");
    const { user, client } = await signedInRider(app);
    const oldOrphan = await uploadImage(client, "showbill");
    const youngOrphan = await uploadImage(client, "showbill", "#15803d");
    const referenced = await uploadImage(client, "avatar");
    expect((await client.json("/api/profile-picture", "PUT", { profileImageURL: referenced.url })).status).toBe(200);
    expect(app.db.select().from(users).where(eq(users.id, user.id)).get()!.profileImageUrl).toBe(referenced.url);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const file of [...filesOf(oldOrphan.url), ...filesOf(referenced.url)]) fs.utimesSync(path.join(uploadsDir(), file), twoDaysAgo, twoDaysAgo);
    // Only this test's files are old: the sweep must remove exactly the old orphan's four.
    const others = files().filter((f) => !filesOf(oldOrphan.url).includes(f) && !filesOf(referenced.url).includes(f));
    for (const file of others) fs.utimesSync(path.join(uploadsDir(), file), new Date(), new Date());

    const before = files();
    const oldFiles = filesOf(oldOrphan.url);
    expect(oldFiles).toHaveLength(4);
    expect(sweepOrphanUploads(app.db, app.dataDir)).toBe(4);
    expect(files()).toEqual(before.filter((f) => !oldFiles.includes(f)));
    expect(filesOf(youngOrphan.url)).toHaveLength(4);
    expect((await app.client().get(referenced.url)).status).toBe(200);
    // A day later the young orphan is old too; the referenced picture still stays.
    sweepOrphanUploads(app.db, app.dataDir, Date.now() + 25 * 60 * 60 * 1000);
    expect(filesOf(youngOrphan.url)).toEqual([]);
    expect((await app.client().get(referenced.url)).status).toBe(200);
  });
});
