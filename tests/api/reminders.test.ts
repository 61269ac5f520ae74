import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { alertPreferences, events, jobs, notifications, users } from "../../db/schema";
import { setClock } from "../../app/lib/clock.server";
import { createLocatedEvent, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Reminders to riders who saved an event: 48 hours before its entries close
 * and the day before it at 9:00 in the event's zone, through the job table,
 * with the app's clock under the test's control. Fort Worth, TX keeps
 * Central time: in March 2031 (after the clocks change on the 9th) that is
 * UTC-5.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({}, { jobs: true });
});
afterEach(() => setClock(null));
afterAll(() => app.close());

const ZIP = "76101";
const at = (iso: string) => setClock(new Date(iso));

/** A rider whose alerts stay in the app (the channels have their own tests). */
async function rider(overrides: Partial<typeof users.$inferInsert> = {}) {
  const r = await signedInRider(app, { homeZipCode: ZIP, ...overrides });
  for (const kind of ["match", "change", "reminder"] as const) app.db.insert(alertPreferences).values({ userId: r.user.id, kind, email: "off", push: false }).run();
  return r;
}

/** An event on 20 March 2031 whose entries close on the 15th at 8 PM local (01:00 UTC on the 16th). */
async function eventWithSaver(overrides: Partial<typeof events.$inferInsert> = {}) {
  const creator = await rider();
  const event = await createLocatedEvent(app.db, ZIP, {
    createdBy: creator.user.id,
    name: `Reminders ${Math.random().toString(36).slice(2, 8)}`,
    date: "2031-03-20",
    entriesClose: "2031-03-15T20:00",
    entriesCloseAt: new Date("2031-03-16T01:00:00Z"),
    entryContact: "(940) 555-0123",
    ...overrides,
  });
  const saver = await rider();
  expect((await saver.client.json(`/api/events/${event.id}/save`, "POST")).status).toBe(200);
  return { creator, event, saver };
}

const reminders = (userId: string, eventId: string) =>
  app.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedEventId, eventId), eq(notifications.subtype, "reminder")))
    .all();
const pendingKeys = (userId: string) =>
  app.db
    .select({ key: jobs.key, dueAt: jobs.dueAt })
    .from(jobs)
    .where(and(like(jobs.key, `reminder:${userId}:%`), eq(jobs.status, "pending")))
    .all()
    .map((j) => `${j.key.split(":").slice(3).join(":")} @ ${j.dueAt.toISOString()}`)
    .sort();
async function runAt(iso: string) {
  at(iso);
  await app.runJobs();
}

describe("reminders", () => {
  it("arrive once each: 48 hours before entries close, and the day before at 9:00 in the event's zone", async () => {
    at("2031-03-01T12:00:00Z");
    const { event, saver } = await eventWithSaver();
    expect(pendingKeys(saver.user.id)).toEqual([
      "day-before:2031-03-20 @ 2031-03-19T14:00:00.000Z",
      `entries-close:${Date.parse("2031-03-16T01:00:00Z")} @ 2031-03-14T01:00:00.000Z`,
    ]);

    await runAt("2031-03-14T00:59:00Z");
    expect(reminders(saver.user.id, event.id)).toEqual([]);
    await runAt("2031-03-14T01:00:30Z");
    expect(reminders(saver.user.id, event.id)).toEqual([
      { title: "Entries Close Soon", message: `Entries for "${event.name}" close Mar 15, 2031, 8:00 PM (local time). Enter: (940) 555-0123` },
    ]);
    await runAt("2031-03-15T12:00:00Z");
    expect(reminders(saver.user.id, event.id)).toHaveLength(1);

    await runAt("2031-03-19T13:59:00Z");
    expect(reminders(saver.user.id, event.id)).toHaveLength(1);
    await runAt("2031-03-19T14:00:30Z");
    await runAt("2031-03-19T18:00:00Z");
    expect(reminders(saver.user.id, event.id)).toEqual([
      { title: "Entries Close Soon", message: `Entries for "${event.name}" close Mar 15, 2031, 8:00 PM (local time). Enter: (940) 555-0123` },
      { title: "Event Tomorrow", message: `"${event.name}" starts tomorrow (Mar 20, 2031) at Fort Worth, TX.` },
    ]);
    expect(pendingKeys(saver.user.id)).toEqual([]);
  });

  it("never go out for a cancelled or postponed event", async () => {
    at("2031-03-01T12:00:00Z");
    const { creator, event, saver } = await eventWithSaver();
    const other = await eventWithSaver();
    expect((await creator.client.json(`/api/events/${event.id}/status`, "POST", { status: "CANCELLED", reason: "Arena flooded" })).status).toBe(200);
    expect((await other.creator.client.json(`/api/events/${other.event.id}/status`, "POST", { status: "POSTPONED", reason: "Rain" })).status).toBe(200);
    await runAt("2031-03-14T02:00:00Z");
    await runAt("2031-03-19T15:00:00Z");
    expect(reminders(saver.user.id, event.id)).toEqual([]);
    expect(reminders(other.saver.user.id, other.event.id)).toEqual([]);
  });

  it("never go out once their moment has passed (the server was down), nor for a rider who unsaved the event", async () => {
    at("2031-03-01T12:00:00Z");
    const { event, saver } = await eventWithSaver();
    const quitter = await rider();
    await quitter.client.json(`/api/events/${event.id}/save`, "POST");
    expect(pendingKeys(quitter.user.id)).toHaveLength(2);
    await quitter.client.json(`/api/events/${event.id}/save`, "DELETE");
    expect(pendingKeys(quitter.user.id)).toEqual([]);

    // Nothing ran until after entries closed: that reminder would come too late.
    await runAt("2031-03-16T01:00:00Z");
    expect(reminders(saver.user.id, event.id)).toEqual([]);
    // Nor after the event began.
    await runAt("2031-03-20T05:00:00Z");
    expect(reminders(saver.user.id, event.id)).toEqual([]);
    expect(reminders(quitter.user.id, event.id)).toEqual([]);
  });

  it("come at once for a rider who saves the event after their time but before their moment, and not at all after it", async () => {
    at("2031-03-15T15:00:00Z"); // 10 hours before entries close
    const { event, saver } = await eventWithSaver();
    await app.runJobs();
    expect(reminders(saver.user.id, event.id).map((r) => r.title)).toEqual(["Entries Close Soon"]);

    at("2031-03-20T06:00:00Z"); // the event has begun
    const late = await rider();
    await late.client.json(`/api/events/${event.id}/save`, "POST");
    expect(pendingKeys(late.user.id)).toEqual([]);
    await app.runJobs();
    expect(reminders(late.user.id, event.id)).toEqual([]);
  });

  it("follow the event when an admin moves its date and its entries close", async () => {
    at("2031-03-01T12:00:00Z");
    const { event, saver } = await eventWithSaver();
    const admin = await rider({ isAdmin: true });
    const res = await admin.client.json(`/api/events/${event.id}`, "PUT", { date: "2031-03-27", entriesClose: "2031-03-22T20:00" });
    expect(res.status).toBe(200);
    expect(pendingKeys(saver.user.id)).toEqual([
      "day-before:2031-03-27 @ 2031-03-26T14:00:00.000Z",
      `entries-close:${Date.parse("2031-03-23T01:00:00Z")} @ 2031-03-21T01:00:00.000Z`,
    ]);
    await runAt("2031-03-19T15:00:00Z");
    expect(reminders(saver.user.id, event.id)).toEqual([]);
    await runAt("2031-03-21T01:00:30Z");
    await runAt("2031-03-26T14:00:30Z");
    expect(reminders(saver.user.id, event.id).map((r) => r.message)).toEqual([
      `Entries for "${event.name}" close Mar 22, 2031, 8:00 PM (local time). Enter: (940) 555-0123`,
      `"${event.name}" starts tomorrow (Mar 27, 2031) at Fort Worth, TX.`,
    ]);
  });

  it("reach a rider by email too when they chose it (the default), once", async () => {
    at("2031-03-01T12:00:00Z");
    const { event } = await eventWithSaver();
    const mailed = await signedInRider(app, { homeZipCode: ZIP });
    await mailed.client.json(`/api/events/${event.id}/save`, "POST");
    await runAt("2031-03-14T01:00:30Z");
    await app.runJobs();
    const mail = await app.smtp.waitFor(mailed.user.email, /^Entries Close Soon$/);
    expect(mail.text).toContain(`Entries for "${event.name}" close Mar 15, 2031, 8:00 PM (local time).`);
    await runAt("2031-03-14T02:00:00Z");
    expect(app.smtp.messages.filter((m) => m.to.includes(mailed.user.email))).toHaveLength(1);
  });

  it("follow a creator's change of the date once it is approved", async () => {
    at("2031-03-01T12:00:00Z");
    const { creator, event, saver } = await eventWithSaver({ entriesClose: null, entriesCloseAt: null });
    expect((await creator.client.json(`/api/events/${event.id}`, "PUT", { date: "2031-03-21" })).status).toBe(202);
    expect(pendingKeys(saver.user.id)).toEqual(["day-before:2031-03-20 @ 2031-03-19T14:00:00.000Z"]);
    const admin = await rider({ isAdmin: true });
    expect((await admin.client.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: true })).status).toBe(200);
    expect(pendingKeys(saver.user.id)).toEqual(["day-before:2031-03-21 @ 2031-03-20T14:00:00.000Z"]);
  });
});
