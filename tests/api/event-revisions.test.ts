import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRevisions, events, notifications } from "../../db/schema";
import { createLocatedEvent, signedInRider, uploadImage } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * A creator's change to a listed event waits for review while the listed
 * version stays up everywhere riders meet it; the admin approves (the change
 * goes live) or rejects (it is discarded and the creator told).
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const noticesOf = (userId: string) => app.db.select().from(notifications).where(eq(notifications.userId, userId)).all();
const uploadExists = (url: string) => fs.existsSync(path.join(app.dataDir, "uploads", path.basename(url)));

async function listedEventWithSaver(description = "Two go-rounds, $40 a run") {
  const creator = await signedInRider(app);
  const event = await createLocatedEvent(app.db, "76101", { createdBy: creator.user.id, name: `Live ${Date.now()}`, date: "2031-08-01", description });
  const saver = await signedInRider(app);
  expect((await saver.client.json(`/api/events/${event.id}/save`, "POST")).status).toBe(200);
  const { url } = (await (await saver.client.json("/api/calendar-feed", "POST")).json()) as { url: string };
  return { creator, event, saver, feed: new URL(url).pathname };
}

describe("a creator's change to a listed event", () => {
  it("keeps the listed version in search, saved lists, the calendar feed and the share link until reviewed", async () => {
    const { creator, event, saver, feed } = await listedEventWithSaver();
    const res = await creator.client.json(`/api/events/${event.id}`, "PUT", { description: "Three go-rounds, $40 a run" });
    expect(res.status).toBe(202);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      changeStatus: "pending_review",
      description: "Two go-rounds, $40 a run",
      showbillApproved: true,
      pendingChange: {
        changes: { description: "Three go-rounds, $40 a run" },
        fields: [{ field: "description", label: "Description", before: "Two go-rounds, $40 a run", after: "Three go-rounds, $40 a run" }],
      },
    });
    expect(body.message).toMatch(/sent for review/);

    const search = (await (await saver.client.json("/api/events/search", "POST", { zipCode: "76101", startDate: "2031-08-01", endDate: "2031-08-01" })).json()) as Array<{ id: string; description: string; pendingChange: unknown }>;
    expect(search.find((e) => e.id === event.id)).toMatchObject({ description: "Two go-rounds, $40 a run", pendingChange: null });
    const saved = (await (await saver.client.get("/api/saved-events")).json()) as Array<{ event: { id: string } }>;
    expect(saved.map((s) => s.event.id)).toContain(event.id);
    expect(await (await app.client().get(feed)).text()).toContain(event.name);
    const share = await app.client().get(`/api/share/event/${event.id}`);
    expect(share.status).toBe(200);
    expect(await share.json()).toMatchObject({ description: "Two go-rounds, $40 a run" });
    // Only the creator learns of the pending change.
    expect(await (await saver.client.get(`/api/events/${event.id}`)).json()).toMatchObject({ pendingChange: null });
    expect(await (await creator.client.get(`/api/events/${event.id}`)).json()).toMatchObject({ pendingChange: { changes: { description: "Three go-rounds, $40 a run" } } });
    const created = (await (await creator.client.get("/api/created-events")).json()) as Array<{ id: string; pendingChange: unknown }>;
    expect(created.find((e) => e.id === event.id)?.pendingChange).toBeTruthy();
  });

  it("goes live when an admin approves it, and its creator is told", async () => {
    const { creator, event, saver } = await listedEventWithSaver();
    await creator.client.json(`/api/events/${event.id}`, "PUT", { description: "Moved to Saturday", date: "2031-08-02", zipCode: "75201", location: "Dallas, TX" });
    const admin = await signedInRider(app, { isAdmin: true });
    const queue = (await (await admin.client.get("/api/admin/event-revisions")).json()) as Array<{ eventId: string; fields: Array<{ label: string; after: string }> }>;
    const mine = queue.find((r) => r.eventId === event.id)!;
    expect(mine.fields.map((f) => f.label)).toEqual(["Dates", "Location", "ZIP code", "Description"]);
    expect(mine.fields[0]!.after).toBe("Aug 2, 2031");

    const ok = await admin.client.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "Change Approved" });
    const row = app.db.select().from(events).where(eq(events.id, event.id)).get()!;
    expect(row).toMatchObject({ description: "Moved to Saturday", date: "2031-08-02", zipCode: "75201", location: "Dallas, TX", showbillApproved: true });
    expect(row.latitude).toBeCloseTo(32.78, 1);
    expect(app.db.select().from(eventRevisions).where(eq(eventRevisions.eventId, event.id)).get()).toBeUndefined();
    expect(noticesOf(creator.user.id)).toEqual([expect.objectContaining({ title: "Change Approved", relatedEventId: event.id })]);
    // The saver now finds it at its new place.
    const near = (await (await saver.client.json("/api/events/search", "POST", { zipCode: "75201", radius: 25, startDate: "2031-08-02", endDate: "2031-08-02" })).json()) as Array<{ id: string }>;
    expect(near.map((e) => e.id)).toContain(event.id);
    // Its day moved too: the search index follows the new dates, so the old day near Dallas finds nothing of it.
    const oldDay = (await (await saver.client.json("/api/events/search", "POST", { zipCode: "75201", radius: 25, startDate: "2031-08-01", endDate: "2031-08-01" })).json()) as Array<{ id: string }>;
    expect(oldDay.map((e) => e.id)).not.toContain(event.id);
    // Decided already: a second answer finds nothing to decide.
    expect((await admin.client.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: false })).status).toBe(404);
  });

  it("is discarded when an admin rejects it: the event stays as listed, the creator is told, the proposed showbill file goes", async () => {
    const { creator, event } = await listedEventWithSaver();
    const showbill = await uploadImage(creator.client, "showbill");
    await creator.client.json(`/api/events/${event.id}`, "PUT", { name: "Renamed", showbillUrl: showbill.url });
    expect(uploadExists(showbill.url)).toBe(true);
    const admin = await signedInRider(app, { isAdmin: true });
    const res = await admin.client.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: false });
    expect(await res.json()).toEqual({ message: "Change Rejected" });
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()).toMatchObject({ name: event.name, showbillUrl: null, showbillApproved: true });
    expect(noticesOf(creator.user.id)).toEqual([expect.objectContaining({ title: "Change Rejected" })]);
    expect(noticesOf(creator.user.id)[0]!.message).toMatch(/stays listed as it was/);
    expect(uploadExists(showbill.url)).toBe(false);
  });

  it("is decided by the showbill approval call too: approving there puts the change live, rejecting discards it", async () => {
    const { creator, event } = await listedEventWithSaver();
    await creator.client.json(`/api/events/${event.id}`, "PUT", { description: "Now with a sidepot" });
    const admin = await signedInRider(app, { isAdmin: true });
    const ok = await admin.client.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "Change Approved" });
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()).toMatchObject({ description: "Now with a sidepot", showbillApproved: true });
    expect(app.db.select().from(eventRevisions).where(eq(eventRevisions.eventId, event.id)).get()).toBeUndefined();
    expect(noticesOf(creator.user.id)).toEqual([expect.objectContaining({ title: "Change Approved", relatedEventId: event.id })]);

    await creator.client.json(`/api/events/${event.id}`, "PUT", { description: "No sidepot after all" });
    const no = await admin.client.json(`/api/admin/showbills/${event.id}/approve`, "PATCH", { approved: false });
    expect(await no.json()).toEqual({ message: "Change Rejected" });
    // The event stays listed as it was.
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()).toMatchObject({ description: "Now with a sidepot", showbillApproved: true });
    expect(app.db.select().from(eventRevisions).where(eq(eventRevisions.eventId, event.id)).get()).toBeUndefined();
  });

  it("replaces the listed showbill only when approved, and then removes the old file", async () => {
    const creator = await signedInRider(app);
    const first = await uploadImage(creator.client, "showbill");
    const event = await createLocatedEvent(app.db, "76101", { createdBy: creator.user.id, showbillUrl: first.url });
    const second = await uploadImage(creator.client, "showbill", "#15803d");
    expect((await creator.client.json(`/api/events/${event.id}`, "PUT", { showbillUrl: second.url })).status).toBe(202);
    expect(uploadExists(first.url)).toBe(true);
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()!.showbillUrl).toBe(first.url);
    const admin = await signedInRider(app, { isAdmin: true });
    await admin.client.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: true });
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()!.showbillUrl).toBe(second.url);
    expect(uploadExists(first.url)).toBe(false);
    expect(uploadExists(second.url)).toBe(true);
  });

  it("keeps one pending change per event: a second edit replaces the first, and editing back to the listed values clears it", async () => {
    const { creator, event } = await listedEventWithSaver();
    await creator.client.json(`/api/events/${event.id}`, "PUT", { description: "First try" });
    const second = await creator.client.json(`/api/events/${event.id}`, "PUT", { entryFee: "$45" });
    // The second edit starts from the first: both changes wait together.
    expect(await second.json()).toMatchObject({ pendingChange: { changes: { description: "First try", entryFee: "$45" } } });
    expect(app.db.select().from(eventRevisions).where(eq(eventRevisions.eventId, event.id)).all()).toHaveLength(1);
    // An admin lists the fee meanwhile; the description back as listed leaves nothing to review.
    app.db.update(events).set({ entryFee: "$45" }).where(eq(events.id, event.id)).run();
    const back = await creator.client.json(`/api/events/${event.id}`, "PUT", { description: "Two go-rounds, $40 a run" });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ changeStatus: "applied", pendingChange: null });
    expect(app.db.select().from(eventRevisions).where(eq(eventRevisions.eventId, event.id)).get()).toBeUndefined();
  });

  it("shows on the admin's review tab and is approved from there without JavaScript", async () => {
    const { creator, event } = await listedEventWithSaver();
    await creator.client.json(`/api/events/${event.id}`, "PUT", { description: "Reviewed on the desk" });
    const admin = await signedInRider(app, { isAdmin: true });
    const page = await (await admin.client.get("/admin?tab=showbills")).text();
    expect(page).toContain("Changes to listed events");
    expect(page).toContain("Reviewed on the desk");
    const res = await admin.client.form("/admin?tab=showbills", { intent: "revision", eventId: event.id, approved: "true" });
    expect(res.status).toBe(302);
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()).toMatchObject({ description: "Reviewed on the desk" });
  });
});
