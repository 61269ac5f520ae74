import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { alertPreferences, horses, jobs, notifications, users } from "../../db/schema";
import { setClock } from "../../app/lib/clock.server";
import { signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";
import { zonedInstant } from "../../app/lib/zoned-time";

/**
 * Reminders that a paper expires: 30 days before, 7 days before and on the
 * day, at 9:00 in the owner's zone (home ZIP 76101, Fort Worth: Central
 * time), each once; none for a deleted paper; moved with its expiry. The
 * clock is the test's (setClock), the job runner runs in this process.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer({}, { jobs: true });
});
afterEach(() => setClock(null));
afterAll(() => app.close());

const CENTRAL = "America/Chicago";
/** 9:00 in Fort Worth on a day, plus a minute. */
const nineAm = (day: string) => new Date(zonedInstant(`${day}T09:00`, CENTRAL).getTime() + 60_000);

async function rider() {
  const { user, client } = await signedInRider(app, { homeZipCode: "76101" });
  // In-app only here: the email and push deliveries of an alert are the alerts' own tests.
  app.db.insert(alertPreferences).values({ userId: user.id, kind: "reminder", email: "off", push: false }).run();
  const horse = app.db.insert(horses).values({ userId: user.id, name: `Dolly ${user.id.slice(0, 4)}` }).returning().get();
  return { user, client, horse };
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
async function addCoggins(client: Client, horseId: string, expiresOn: string) {
  const form = new FormData();
  form.set("kind", "coggins");
  form.set("expiresOn", expiresOn);
  form.set("file", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "coggins.pdf");
  const res = await client.fetch(`/api/horses/${horseId}/documents`, { method: "POST", body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string };
}

const reminders = (userId: string) =>
  app.db
    .select({ title: notifications.title, message: notifications.message, metadata: notifications.metadata })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "alert"), eq(notifications.subtype, "reminder")))
    .orderBy(notifications.id)
    .all();

async function at(date: Date) {
  setClock(date);
  await app.runJobs();
}

describe("paper expiry reminders", () => {
  it("reminds 30 days and 7 days before and on the day, at 9:00 where the rider lives, each once", async () => {
    setClock(new Date("2027-01-01T18:00:00Z"));
    const { user, client, horse } = await rider();
    await addCoggins(client, horse.id, "2027-02-10");
    const pending = app.db.select({ key: jobs.key, dueAt: jobs.dueAt }).from(jobs).where(like(jobs.key, "paper-reminder:%")).all();
    expect(pending.filter((j) => j.key.includes(":2027-02-10")).map((j) => j.dueAt.toISOString()).sort()).toEqual([
      "2027-01-11T15:00:00.000Z", // 9:00 Central standard time
      "2027-02-03T15:00:00.000Z",
      "2027-02-10T15:00:00.000Z",
    ]);

    await at(new Date("2027-01-11T14:58:00Z"));
    expect(reminders(user.id)).toEqual([]);
    await at(nineAm("2027-01-11"));
    expect(reminders(user.id)).toEqual([
      { title: `${horse.name}'s Coggins expires in 30 days`, message: `Coggins (EIA test) for ${horse.name} expires on Feb 10, 2027. Add the new one when you have it.`, metadata: { url: `/horses/${horse.id}/papers` } },
    ]);
    await at(new Date("2027-01-20T12:00:00Z"));
    expect(reminders(user.id)).toHaveLength(1);
    await at(nineAm("2027-02-03"));
    await at(new Date("2027-02-04T12:00:00Z"));
    await at(nineAm("2027-02-10"));
    await at(new Date("2027-02-12T12:00:00Z"));
    expect(reminders(user.id).map((r) => r.title)).toEqual([
      `${horse.name}'s Coggins expires in 30 days`,
      `${horse.name}'s Coggins expires in 7 days`,
      `${horse.name}'s Coggins expires today`,
    ]);
  });

  it("sends none for a paper deleted before its reminders", async () => {
    setClock(new Date("2027-03-01T18:00:00Z"));
    const { user, client, horse } = await rider();
    const paper = await addCoggins(client, horse.id, "2027-05-01");
    expect((await client.json(`/api/horses/${horse.id}/documents/${paper.id}`, "DELETE")).status).toBe(200);
    expect(app.db.select().from(jobs).where(like(jobs.key, `paper-reminder:${paper.id}:%`)).all(), "its pending reminders are cancelled").toEqual([]);
    for (const day of ["2027-04-01", "2027-04-24", "2027-05-01"]) await at(nineAm(day));
    expect(reminders(user.id)).toEqual([]);
  });

  it("moves the reminders when the expiry changes, and never sends the old date's", async () => {
    setClock(new Date("2027-03-01T18:00:00Z"));
    const { user, client, horse } = await rider();
    const paper = await addCoggins(client, horse.id, "2027-05-01");
    const moved = await client.json(`/api/horses/${horse.id}/documents/${paper.id}`, "PATCH", { expiresOn: "2027-06-15" });
    expect(moved.status).toBe(200);
    await at(nineAm("2027-04-01")); // the old date's 30-day reminder
    await at(nineAm("2027-04-24"));
    expect(reminders(user.id)).toEqual([]);
    await at(nineAm("2027-05-16")); // 30 days before June 15
    expect(reminders(user.id).map((r) => r.title)).toEqual([`${horse.name}'s Coggins expires in 30 days`]);
    expect(reminders(user.id)[0]!.message).toContain("Jun 15, 2027");
  });

  it("a paper added with less than 30 days left gets the nearest reminder now, not the ones passed", async () => {
    setClock(new Date("2027-03-01T18:00:00Z"));
    const { user, client, horse } = await rider();
    await addCoggins(client, horse.id, "2027-03-21"); // 20 days left: the 30-day reminder is past
    await app.runJobs();
    expect(reminders(user.id).map((r) => r.title)).toEqual([`${horse.name}'s Coggins expires in 20 days`]);
    await at(nineAm("2027-03-14"));
    await at(nineAm("2027-03-21"));
    expect(reminders(user.id).map((r) => r.title)).toEqual([
      `${horse.name}'s Coggins expires in 20 days`,
      `${horse.name}'s Coggins expires in 7 days`,
      `${horse.name}'s Coggins expires today`,
    ]);

    // Three days left: the 7-day one now; an expired paper: none.
    setClock(new Date("2027-03-21T18:00:00Z"));
    const other = await rider();
    await addCoggins(other.client, other.horse.id, "2027-03-24");
    await addCoggins(other.client, other.horse.id, "2027-03-20");
    await app.runJobs();
    expect(reminders(other.user.id).map((r) => r.title)).toEqual([`${other.horse.name}'s Coggins expires in 3 days`]);
  });

  it("sends nothing to a banned rider, or for a retired horse", async () => {
    setClock(new Date("2027-03-01T18:00:00Z"));
    const banned = await rider();
    await addCoggins(banned.client, banned.horse.id, "2027-05-01");
    app.db.update(users).set({ isActive: false }).where(eq(users.id, banned.user.id)).run();
    const retired = await rider();
    await addCoggins(retired.client, retired.horse.id, "2027-05-01");
    app.db.update(horses).set({ retiredAt: new Date("2027-03-02T00:00:00Z") }).where(eq(horses.id, retired.horse.id)).run();
    await at(nineAm("2027-04-01"));
    expect(reminders(banned.user.id)).toEqual([]);
    expect(reminders(retired.user.id)).toEqual([]);
  });
});
