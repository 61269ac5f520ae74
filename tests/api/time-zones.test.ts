import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, horses, jobs, notifications } from "../../db/schema";
import { createRun, createUser, signedInRider, signIn } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Every screen names a time in a zone the server knows (app/lib/dates.ts):
 * a run in its rider's home zone wherever it shows, anything else in the
 * reader's home zone. 01:30 UTC on Oct 3 is 8:30 PM on Oct 2 in Fort Worth
 * (home ZIP 76101, America/Chicago): an evening run must not move to the
 * next day on the pages others see, and the server's UTC must not leak into
 * what a rider reads.
 */
const EVENING = new Date("2026-10-03T01:30:00Z");
const LOCAL_DAY = "Oct 2, 2026";
const UTC_DAY = "Oct 3, 2026";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

/** The page's HTML without its hydration data, so only what is rendered is looked at. */
async function rendered(res: Response) {
  expect(res.status).toBe(200);
  const html = await res.text();
  return html.slice(0, html.indexOf("window.__remixContext"));
}

describe("times on screens", () => {
  it("name an evening run's day in its rider's home zone on their run log, horse, profile and shared pages", async () => {
    const owner = await signedInRider(app, { firstName: "Kaylee", lastName: "Rivers", privacyMode: "PUBLIC", homeZipCode: "76101" });
    const horse = app.db.insert(horses).values({ userId: owner.user.id, name: "Evening Star", shared: true }).returning().get();
    const run = createRun(app.db, owner.user.id, { horseId: horse.id, horseName: horse.name, arenaName: "Cowtown Coliseum", time: "15.482", privacy: "PUBLIC", runAt: EVENING, createdAt: EVENING });

    const viewer = createUser(app.db, { homeZipCode: "96813" }); // Honolulu: another zone again
    const other = app.client();
    await signIn(other, viewer.email);
    const pages = {
      "shared run": await rendered(await app.client().get(`/share/run-log/${run.id}`)),
      "shared horse": await rendered(await app.client().get(`/share/horse/${horse.id}`)),
      "profile, seen by a rider elsewhere": await rendered(await other.get(`/profile/${owner.user.id}`)),
      "own horse": await rendered(await owner.client.get(`/horses/${horse.id}`)),
      "own run log's trends": await rendered(await owner.client.get("/run-log")),
    };
    for (const [page, html] of Object.entries(pages)) {
      expect(html, page).toContain(LOCAL_DAY);
      expect(html, page).not.toContain(UTC_DAY);
    }
    // The run log's card and the horse's list give the time too, in the same zone.
    expect(pages["own run log's trends"]).toContain("Fri, Oct 2, 2026, 8:30 PM");
    // The API answers the instant itself, unchanged.
    expect((await (await app.client().get(`/api/share/run-log/${run.id}`)).json()).runAt).toBe(EVENING.toISOString());
  });

  it("name a notification's, an audit entry's and a failed delivery's time in the reader's home zone", async () => {
    const rider = await signedInRider(app, { homeZipCode: "76101" });
    app.db.insert(notifications).values({ userId: rider.user.id, type: "alert", title: "Entries close soon", message: "Evening notice", createdAt: EVENING }).run();
    expect(await rendered(await rider.client.get("/notifications"))).toContain("Oct 2, 8:30 PM");

    const admin = await signedInRider(app, { isAdmin: true, homeZipCode: "96813" }); // Honolulu, UTC-10
    app.db.insert(auditLog).values({ actorId: admin.user.id, action: "user.ban", targetType: "user", targetId: rider.user.id, createdAt: EVENING }).run();
    expect(await rendered(await admin.client.get("/admin?tab=audit"))).toContain("Oct 2, 2026, 3:30 PM");

    app.db.insert(jobs).values({ kind: "alert-email", key: "alert-email:evening", dueAt: EVENING, status: "failed", attempts: 5, finishedAt: EVENING }).run();
    const dashboard = await rendered(await admin.client.get("/admin"));
    expect(dashboard).toContain("5 attempts, Oct 2, 2026, 3:30 PM");
    expect(dashboard).not.toContain("UTC");
  });
});
