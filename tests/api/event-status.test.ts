import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertPreferences, auditLog, events, notifications, users } from "../../db/schema";
import { setClock } from "../../app/lib/clock.server";
import { createLocatedEvent, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * A listed event's creator or an admin marks it cancelled or postponed with
 * a reason: it stays where riders already have it (saved, created, its share
 * page, their calendars) with a badge and the reason, and leaves what riders
 * find (Discover's upcoming list, search). Calendars learn of every change
 * through SEQUENCE and STATUS. Events also carry when entries close.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const ZIP = "76101";
let day = 0;
/** A date of its own for each event, so searches by date find one event. */
const nextDate = () => {
  day += 1;
  const d = new Date(Date.UTC(2031, 0, 1 + day * 3));
  return d.toISOString().slice(0, 10);
};
const row = (id: string) => app.db.select().from(events).where(eq(events.id, id)).get()!;
const setStatus = (client: Client, id: string, body: unknown) => client.json(`/api/events/${id}/status`, "POST", body);

/** A rider whose alerts stay in the app (the channels have their own tests). */
async function rider(overrides: Partial<typeof users.$inferInsert> = {}) {
  const r = await signedInRider(app, { homeZipCode: ZIP, ...overrides });
  for (const kind of ["match", "change", "reminder"] as const) app.db.insert(alertPreferences).values({ userId: r.user.id, kind, email: "off", push: false }).run();
  return r;
}

/** A listed event with its creator and a rider who saved it. */
async function listed(overrides: Partial<typeof events.$inferInsert> = {}) {
  const creator = await rider();
  const date = nextDate();
  const event = await createLocatedEvent(app.db, ZIP, { createdBy: creator.user.id, name: `Status ${date}`, date, ...overrides });
  const saver = await rider();
  expect((await saver.client.json(`/api/events/${event.id}/save`, "POST")).status).toBe(200);
  return { creator, event, saver };
}

const changeAlerts = (userId: string, eventId: string) =>
  app.db
    .select({ title: notifications.title, message: notifications.message, subtype: notifications.subtype, metadata: notifications.metadata })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedEventId, eventId), eq(notifications.type, "alert")))
    .all();

describe("POST /api/events/{id}/status", () => {
  it("lets the creator cancel a listed event with a reason, and put it back on schedule", async () => {
    const { creator, event } = await listed();
    const res = await setStatus(creator.client, event.id, { status: "CANCELLED", reason: "  Arena flooded  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: event.id, status: "CANCELLED", statusReason: "Arena flooded", showbillApproved: true });
    expect(row(event.id)).toMatchObject({ status: "CANCELLED", statusReason: "Arena flooded", sequence: 1, showbillApproved: true });

    const back = await setStatus(creator.client, event.id, { status: "SCHEDULED", reason: "ignored" });
    expect(await back.json()).toMatchObject({ status: "SCHEDULED", statusReason: null });
    expect(row(event.id)).toMatchObject({ status: "SCHEDULED", statusReason: null, sequence: 2 });
  });

  it("changes nothing when the status and reason are what they were", async () => {
    const { creator, event } = await listed();
    await setStatus(creator.client, event.id, { status: "POSTPONED", reason: "Hay shortage" });
    expect((await setStatus(creator.client, event.id, { status: "POSTPONED", reason: "Hay shortage" })).status).toBe(200);
    expect(row(event.id).sequence).toBe(1);
  });

  it.each([
    [{ status: "CANCELLED" }, "Say why, in a few words: riders who saved the event see it"],
    [{ status: "POSTPONED", reason: "  " }, "Say why, in a few words: riders who saved the event see it"],
    [{ status: "CANCELLED", reason: "x".repeat(201) }, "Keep the reason to 200 characters"],
    [{ status: "DELETED", reason: "Rain" }, "Status must be one of SCHEDULED, CANCELLED, POSTPONED"],
    [{}, "Status must be one of SCHEDULED, CANCELLED, POSTPONED"],
  ])("refuses %j with a message", async (body, message) => {
    const { creator, event } = await listed();
    const res = await setStatus(creator.client, event.id, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    expect(row(event.id)).toMatchObject({ status: "SCHEDULED", sequence: 0 });
  });

  it("refuses another rider (403), hides an unapproved event from them (404), and asks a visitor to sign in (401)", async () => {
    const { event, saver } = await listed();
    const other = await setStatus(saver.client, event.id, { status: "CANCELLED", reason: "Not mine" });
    expect(other.status).toBe(403);
    expect(await other.json()).toHaveProperty("message");
    const creator = await signedInRider(app);
    const hidden = await createLocatedEvent(app.db, ZIP, { createdBy: creator.user.id, showbillApproved: false });
    expect((await setStatus(saver.client, hidden.id, { status: "CANCELLED", reason: "Not mine" })).status).toBe(404);
    expect((await setStatus(saver.client, "no-such-event", { status: "CANCELLED", reason: "Not mine" })).status).toBe(404);
    expect((await setStatus(app.client(), event.id, { status: "CANCELLED", reason: "Visitor" })).status).toBe(401);
    expect(row(event.id)).toMatchObject({ status: "SCHEDULED", sequence: 0 });
  });

  it("is only for a listed event: the creator of one waiting for review is told (409)", async () => {
    const creator = await signedInRider(app);
    const pending = await createLocatedEvent(app.db, ZIP, { createdBy: creator.user.id, showbillApproved: false });
    const res = await setStatus(creator.client, pending.id, { status: "CANCELLED", reason: "Rain" });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/Only a listed/);
    expect(row(pending.id).status).toBe("SCHEDULED");
  });

  it("lets an admin change it, and writes it in the audit log", async () => {
    const { event } = await listed();
    const admin = await signedInRider(app, { isAdmin: true });
    expect((await setStatus(admin.client, event.id, { status: "POSTPONED", reason: "Storm warning" })).status).toBe(200);
    const entry = app.db.select().from(auditLog).where(and(eq(auditLog.targetId, event.id), eq(auditLog.action, "event.postpone"))).get();
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: "event", details: { target: event.name, reason: "Storm warning" } });
    const log = (await (await admin.client.get("/api/admin/audit-log")).json()) as unknown;
    expect(JSON.stringify(log)).toContain("Postponed event");
    const moderation = await (await admin.client.get("/admin?tab=events")).text();
    expect(moderation).toMatch(new RegExp(`${event.name}[\\s\\S]*?Postponed`));
  });

  it("is not an edit: no change waits for review and the event stays approved", async () => {
    const { creator, event } = await listed();
    await setStatus(creator.client, event.id, { status: "CANCELLED", reason: "Rain" });
    const mine = (await (await creator.client.get(`/api/events/${event.id}`)).json()) as Record<string, unknown>;
    expect(mine).toMatchObject({ status: "CANCELLED", showbillApproved: true, pendingChange: null });
  });
});

describe("a cancelled or postponed event", () => {
  const ids = (list: unknown) => (list as Array<{ id: string }>).map((e) => e.id);

  it.each(["CANCELLED", "POSTPONED"] as const)("%s: leaves Discover's upcoming list and search, stays in saved and created events", async (status) => {
    const { creator, event, saver } = await listed();
    const search = () => saver.client.json("/api/events/search", "POST", { zipCode: ZIP, startDate: event.date, endDate: event.date });
    expect(ids(await (await saver.client.get("/api/events")).json())).toContain(event.id);
    expect(ids(await (await search()).json())).toContain(event.id);

    await setStatus(creator.client, event.id, { status, reason: "Arena flooded" });
    expect(ids(await (await saver.client.get("/api/events")).json())).not.toContain(event.id);
    expect(ids(await (await search()).json())).not.toContain(event.id);
    const discover = await (await saver.client.get(`/?search=1&location=${ZIP}&startDate=${event.date}&endDate=${event.date}`)).text();
    expect(discover).not.toContain(event.name);

    const saved = (await (await saver.client.get("/api/saved-events")).json()) as Array<{ event: { id: string; status: string; statusReason: string } }>;
    expect(saved.find((s) => s.event.id === event.id)?.event).toMatchObject({ status, statusReason: "Arena flooded" });
    const created = (await (await creator.client.get("/api/created-events")).json()) as Array<{ id: string; status: string }>;
    expect(created.find((e) => e.id === event.id)).toMatchObject({ status });

    await setStatus(creator.client, event.id, { status: "SCHEDULED" });
    expect(ids(await (await search()).json())).toContain(event.id);
  });

  it("shows its badge and reason on its card in My Events and on its share page", async () => {
    const { creator, event, saver } = await listed();
    await setStatus(creator.client, event.id, { status: "CANCELLED", reason: "Arena flooded" });
    const myEvents = await (await saver.client.get("/events")).text();
    expect(myEvents).toContain(event.name);
    expect(myEvents).toMatch(/CANCELLED<\/span><span[^>]*>Arena flooded/);
    const share = await app.client().get(`/share/event/${event.id}`);
    expect(share.status).toBe(200);
    expect(await share.text()).toMatch(/CANCELLED<\/span><span[^>]*>Arena flooded/);
    expect(await (await app.client().get(`/api/share/event/${event.id}`)).json()).toMatchObject({ status: "CANCELLED", statusReason: "Arena flooded" });

    await setStatus(creator.client, event.id, { status: "POSTPONED", reason: "New date soon" });
    expect(await (await saver.client.get("/events")).text()).toMatch(/POSTPONED<\/span><span[^>]*>New date soon/);
  });
});

describe("change alerts", () => {
  it("tell every rider who saved the event what changed, old → new (a real arrow), once per change, and not the one who made it", async () => {
    const { creator, event, saver } = await listed();
    const second = await rider();
    await second.client.json(`/api/events/${event.id}/save`, "POST");
    const admin = await rider({ isAdmin: true });
    await admin.client.json(`/api/events/${event.id}/save`, "POST");

    await setStatus(creator.client, event.id, { status: "CANCELLED", reason: "Arena flooded" });
    const expected = { subtype: "change", title: "Event Cancelled", message: `"${event.name}": Status: Scheduled → Cancelled (Arena flooded)`, metadata: { url: `/share/event/${event.id}` } };
    expect(changeAlerts(saver.user.id, event.id)).toEqual([expected]);
    expect(changeAlerts(second.user.id, event.id)).toEqual([expected]);
    expect(changeAlerts(creator.user.id, event.id)).toEqual([]);

    // The same status again changes nothing and tells nobody; the admin's change tells the others, not the admin.
    await setStatus(creator.client, event.id, { status: "CANCELLED", reason: "Arena flooded" });
    expect(changeAlerts(saver.user.id, event.id)).toHaveLength(1);
    await setStatus(admin.client, event.id, { status: "SCHEDULED" });
    expect(changeAlerts(saver.user.id, event.id).map((a) => a.message)).toEqual([
      `"${event.name}": Status: Scheduled → Cancelled (Arena flooded)`,
      `"${event.name}": Status: Cancelled → Scheduled`,
    ]);
    expect(changeAlerts(admin.user.id, event.id)).toHaveLength(1);
    expect(changeAlerts(creator.user.id, event.id)).toEqual([]);
  });

  it("name each changed date and place field when an admin edits the event, and say nothing of other fields", async () => {
    const { event, saver } = await listed({ date: "2031-06-01", arenaName: "Old Barn" });
    const admin = await rider({ isAdmin: true });
    expect((await admin.client.json(`/api/events/${event.id}`, "PUT", { entryFee: "$40", description: "Bring a rope" })).status).toBe(200);
    expect(changeAlerts(saver.user.id, event.id)).toEqual([]);
    const res = await admin.client.json(`/api/events/${event.id}`, "PUT", { date: "2031-06-03", endDate: "2031-06-04", arenaName: "Cowtown Coliseum", address: "121 E Exchange Ave" });
    expect(res.status).toBe(200);
    expect(changeAlerts(saver.user.id, event.id)).toEqual([
      {
        subtype: "change",
        title: "Event Changed",
        message: `"${event.name}": Dates: Jun 1, 2031 → Jun 3 – 4, 2031; Address: — → 121 E Exchange Ave; Arena: Old Barn → Cowtown Coliseum`,
        metadata: { url: `/share/event/${event.id}` },
      },
    ]);
  });

  it("go out when a creator's change is approved, not when it is sent for review", async () => {
    const { creator, event, saver } = await listed();
    expect((await creator.client.json(`/api/events/${event.id}`, "PUT", { location: "Arlington, TX", zipCode: "76010" })).status).toBe(202);
    expect(changeAlerts(saver.user.id, event.id)).toEqual([]);
    const admin = await rider({ isAdmin: true });
    expect((await admin.client.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: true })).status).toBe(200);
    expect(changeAlerts(saver.user.id, event.id).map((a) => a.message)).toEqual([`"${event.name}": Location: Fort Worth, TX → Arlington, TX; ZIP code: 76101 → 76010`]);
  });

  it("reach no banned rider", async () => {
    const { creator, event, saver } = await listed();
    app.db.update(users).set({ isActive: false }).where(eq(users.id, saver.user.id)).run();
    await setStatus(creator.client, event.id, { status: "POSTPONED", reason: "Rain" });
    expect(changeAlerts(saver.user.id, event.id)).toEqual([]);
  });
});

describe("calendars", () => {
  it("carry SEQUENCE and STATUS in the .ics download and the calendar feed", async () => {
    const { creator, event, saver } = await listed();
    const { url } = (await (await saver.client.json("/api/calendar-feed", "POST")).json()) as { url: string };
    const feed = async () => (await app.client().get(new URL(url).pathname)).text();
    const ics = async () => (await app.client().get(`/api/events/${event.id}/ics`)).text();
    const block = (text: string) => text.slice(text.indexOf(`UID:${event.id}@`), text.indexOf("END:VEVENT", text.indexOf(`UID:${event.id}@`)));

    expect(block(await ics())).toContain("SEQUENCE:0\r\n");
    expect(block(await ics())).toContain("STATUS:CONFIRMED\r\n");

    await setStatus(creator.client, event.id, { status: "CANCELLED", reason: "Arena flooded" });
    for (const text of [await ics(), await feed()]) {
      const vevent = block(text);
      expect(vevent).toContain("SEQUENCE:1\r\n");
      expect(vevent).toContain("STATUS:CANCELLED\r\n");
      expect(vevent).toContain(`SUMMARY:CANCELLED: ${event.name}`);
      expect(vevent).toContain("DESCRIPTION:Cancelled: Arena flooded");
    }
    await setStatus(creator.client, event.id, { status: "POSTPONED", reason: "Rain" });
    expect(block(await feed())).toMatch(/SEQUENCE:2\r\n[\s\S]*STATUS:TENTATIVE\r\n/);
  });

  it("raise SEQUENCE when an admin moves the event, not when a detail calendars do not show changes", async () => {
    const { event } = await listed();
    const admin = await signedInRider(app, { isAdmin: true });
    expect((await admin.client.json(`/api/events/${event.id}`, "PUT", { entryFee: "$40" })).status).toBe(200);
    expect(row(event.id).sequence).toBe(0);
    expect((await admin.client.json(`/api/events/${event.id}`, "PUT", { date: nextDate() })).status).toBe(200);
    expect(row(event.id).sequence).toBe(1);
  });

  it("raise SEQUENCE when a creator's change of the date is approved", async () => {
    const { creator, event } = await listed();
    expect((await creator.client.json(`/api/events/${event.id}`, "PUT", { arenaName: "Cowtown Coliseum" })).status).toBe(202);
    expect(row(event.id).sequence).toBe(0);
    const admin = await signedInRider(app, { isAdmin: true });
    expect((await admin.client.json(`/api/admin/event-revisions/${event.id}`, "PATCH", { approved: true })).status).toBe(200);
    expect(row(event.id)).toMatchObject({ arenaName: "Cowtown Coliseum", sequence: 1 });
  });
});

describe("entries close", () => {
  const fields = (overrides: Record<string, unknown> = {}) => ({
    name: `Entries ${Date.now()}`,
    location: "Fort Worth, TX",
    zipCode: ZIP,
    date: "2031-06-14",
    eventType: ["barrel_racing"],
    confirmTerms: true,
    ...overrides,
  });

  it("stores the event's local time and the instant in its zone (Texas: Central), with an entry link or phone", async () => {
    const { client } = await signedInRider(app);
    const res = await client.json("/api/events", "POST", fields({ entriesClose: "2031-06-12T20:00", entryContact: "(940) 555-0123" }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string };
    expect(body).toMatchObject({ entriesClose: "2031-06-12T20:00", entryContact: "(940) 555-0123" });
    // 8 PM Central Daylight Time is 01:00 UTC the next day.
    expect(row(body.id).entriesCloseAt?.toISOString()).toBe("2031-06-13T01:00:00.000Z");
    const linked = await client.json("/api/events", "POST", fields({ entryContact: "entries.example.org/june" }));
    expect(await linked.json()).toMatchObject({ entryContact: "https://entries.example.org/june" });
  });

  it.each([
    [{ entriesClose: "2031-06-15T08:00" }, "entriesClose", "Entries must close by the end of the event"],
    [{ endDate: "2031-06-15", entriesClose: "2031-06-16T00:00" }, "entriesClose", "Entries must close by the end of the event"],
    [{ entriesClose: "June 12" }, "entriesClose", "Enter the date and time entries close"],
    [{ entryContact: "call Bob" }, "entryContact", "Enter an entry link (https://…) or a phone number"],
    [{ entryContact: "javascript:alert(1)" }, "entryContact", "Enter an entry link (https://…) or a phone number"],
  ])("refuses %j", async (overrides, field, message) => {
    const { client } = await signedInRider(app);
    const res = await client.json("/api/events", "POST", fields(overrides));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(message);
    expect(body.errors[field]).toEqual([message]);
  });

  it("accepts entries closing on the event's last day, and refuses an edit that moves the event before them", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    const res = await admin.client.json("/api/events", "POST", fields({ endDate: "2031-06-15", entriesClose: "2031-06-15T23:59" }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const moved = await admin.client.json(`/api/events/${id}`, "PUT", { date: "2031-06-01", endDate: null });
    expect(moved.status).toBe(400);
    expect(await moved.json()).toMatchObject({ message: "Entries must close by the end of the event", errors: { entriesClose: ["Entries must close by the end of the event"] } });
    // Cleared, the event may move.
    expect((await admin.client.json(`/api/events/${id}`, "PUT", { date: "2031-06-01", endDate: null, entriesClose: null })).status).toBe(200);
    expect(row(id)).toMatchObject({ date: "2031-06-01", entriesClose: null, entriesCloseAt: null });
  });

  it("shows on the card and the share page", async () => {
    const { event, saver } = await listed({ entriesClose: "2031-05-30T18:30", entryContact: "https://entries.example.org/x" });
    const myEvents = await (await saver.client.get("/events")).text();
    expect(myEvents).toContain("Entries close May 30, 2031, 6:30 PM");
    const share = await (await app.client().get(`/share/event/${event.id}`)).text();
    expect(share).toContain("May 30, 2031, 6:30 PM");
    expect(share).toContain('href="https://entries.example.org/x"');
  });

  it("says entries have closed once they have (by the app's clock), without the entry link", async () => {
    const { event, saver } = await listed({
      entriesClose: "2031-05-30T18:30",
      entriesCloseAt: new Date("2031-05-30T23:30:00Z"),
      entryContact: "https://entries.example.org/closed",
    });
    try {
      setClock(new Date("2031-05-30T23:31:00Z"));
      const myEvents = await (await saver.client.get("/events")).text();
      expect(myEvents).toContain("Entries closed May 30, 2031, 6:30 PM");
      expect(myEvents).not.toContain('href="https://entries.example.org/closed"');
      const share = await (await app.client().get(`/share/event/${event.id}`)).text();
      expect(share).toContain("Entries closed");
      expect(share).not.toContain('href="https://entries.example.org/closed"');
      expect(await (await saver.client.get(`/api/events/${event.id}`)).json()).toMatchObject({ entriesClosed: true });
    } finally {
      setClock(null);
    }
    expect(await (await saver.client.get(`/api/events/${event.id}`)).json()).toMatchObject({ entriesClosed: false });
  });

  it("are fields of the Add Event and edit forms without JavaScript, checked on the server", async () => {
    const { client } = await rider();
    const form = {
      name: `Form Entries ${Date.now()}`,
      location: "Fort Worth, TX",
      zipCode: ZIP,
      date: "2031-07-12",
      eventType: "barrel_racing",
      confirmTerms: "on",
      ignoreConflicts: "1",
    };
    const refused = await client.form("/add-event?send", { ...form, entriesClose: "2031-07-13T09:00", entryContact: "ask around" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Entries must close by the end of the event");
    expect(html).toContain("Enter an entry link (https://…) or a phone number");

    expect((await client.form("/add-event?send", { ...form, entriesClose: "2031-07-10T20:00", entryContact: "940.555.0123" })).status).toBe(302);
    const added = app.db.select().from(events).where(eq(events.name, form.name)).get()!;
    expect(added).toMatchObject({ entriesClose: "2031-07-10T20:00", entryContact: "940.555.0123" });
    expect(added.entriesCloseAt?.toISOString()).toBe("2031-07-11T01:00:00.000Z");

    const edit = await client.get(`/events/${added.id}/edit`);
    expect(await edit.text()).toContain('value="2031-07-10T20:00"');
    // A blank field clears it.
    const saved = await client.form(`/events/${added.id}/edit`, { ...form, entriesClose: "", entryContact: "" });
    expect(saved.status).toBe(302);
    expect(app.db.select().from(events).where(eq(events.id, added.id)).get()).toMatchObject({ entriesClose: null, entriesCloseAt: null, entryContact: null });
  });
});

describe("without JavaScript", () => {
  it("cancels from the edit screen's confirmation, and keeps the question open with its message when the reason is missing", async () => {
    const { creator, event } = await listed();
    const page = await (await creator.client.get(`/events/${event.id}/edit`)).text();
    expect(page).toContain('action="/events/' + event.id + '/edit?intent=status#event-status"');

    const refused = await creator.client.form(`/events/${event.id}/edit?intent=status`, { status: "CANCELLED", reason: "" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Say why, in a few words: riders who saved the event see it");
    expect(html).toMatch(/<details open=""[^>]*>/);
    expect(row(event.id).status).toBe("SCHEDULED");

    const done = await creator.client.form(`/events/${event.id}/edit?intent=status`, { status: "CANCELLED", reason: "Arena flooded" });
    expect(done.status).toBe(302);
    // Back among the creator's events, with the cancelled card marked and in view.
    expect(done.headers.get("location")).toBe(`/events?folder=created&eventId=${event.id}#event-${event.id}`);
    expect(row(event.id)).toMatchObject({ status: "CANCELLED", statusReason: "Arena flooded" });
    const mine = await (await creator.client.get(`/events?folder=created&eventId=${event.id}`)).text();
    expect(mine).toMatch(new RegExp(`id="event-${event.id}" class="event-card ring-4`));
  });

  it("refuses another rider's form as the API does", async () => {
    const { event, saver } = await listed();
    const res = await saver.client.form(`/events/${event.id}/edit?intent=status`, { status: "CANCELLED", reason: "Not mine" });
    expect(res.status).toBe(403);
    expect(row(event.id).status).toBe("SCHEDULED");
  });
});
