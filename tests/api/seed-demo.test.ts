import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, count, countDistinct, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { events, followRequests, follows, horseDocuments, memberNumbers, memberships, membershipYears, horses, notifications, riders, runLogs, savedEvents, savedSearches, users } from "../../db/schema";
import { TMP_DIR } from "../helpers/paths";
import { startTestServer, type TestServer } from "../helpers/server";

const DEMO = { email: "kaylee@demo.cloverleaf.app", password: "demo-password-1" };

/** Runs the real script, as `npm run seed-demo` would, against one data folder. */
function seed(dataDir: string) {
  return spawnSync(process.execPath, ["build/server/seed-demo.js"], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: 60_000,
  });
}

let app: TestServer;
let first: ReturnType<typeof seed>;
beforeAll(async () => {
  app = await startTestServer();
  // Before any user exists: the script only fills an empty database.
  first = seed(app.dataDir);
}, 90_000);
afterAll(() => app.close());

const n = (rows: { n: number } | undefined) => rows?.n ?? 0;

describe("npm run seed-demo", () => {
  it("fills the empty database and prints a summary with the demo sign-in", () => {
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Demo sign-in:  ${DEMO.email} / ${DEMO.password}`);
    expect(first.stdout).toContain("admin@demo.cloverleaf.app");
  });

  it("writes riders of every type and privacy mode, all verified, one admin", () => {
    const all = app.db.select().from(users).all();
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(new Set(all.map((u) => u.riderType))).toEqual(new Set(["Competitor", "Parent", "Trainer", "Producer"]));
    expect(new Set(all.map((u) => u.privacyMode))).toEqual(new Set(["SOLO", "INVITE_ONLY", "PUBLIC"]));
    expect(all.every((u) => u.emailVerified && u.isActive && u.email.endsWith("@demo.cloverleaf.app"))).toBe(true);
    expect(all.filter((u) => u.isAdmin).map((u) => u.email)).toEqual(["admin@demo.cloverleaf.app"]);
    expect(n(app.db.select({ n: count() }).from(riders).get())).toBeGreaterThanOrEqual(2);
  });

  it("writes events in at least six states, mostly approved and mostly ahead, with coordinates", () => {
    const all = app.db.select().from(events).all();
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(new Set(all.map((e) => e.location.split(", ")[1])).size).toBeGreaterThanOrEqual(6);
    const today = new Date().toISOString().slice(0, 10);
    expect(all.filter((e) => e.date >= today).length).toBeGreaterThanOrEqual(25);
    expect(all.some((e) => e.date < today)).toBe(true);
    const pending = all.filter((e) => !e.showbillApproved).length;
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBeLessThan(all.length / 4);
    for (const e of all) {
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.zipCode).toMatch(/^\d{5}$/);
      expect(e.latitude).toEqual(expect.any(Number));
      expect(e.eventType.length).toBeGreaterThan(0);
    }
  });

  it("writes about 150 realistic run logs, follows, saved events and notifications", () => {
    const runs = app.db.select().from(runLogs).all();
    expect(runs.length).toBeGreaterThanOrEqual(120);
    // Official runs come from the demo race's published results (checked below), not from a rider's hand.
    for (const r of runs.filter((run) => !run.official)) {
      const time = Number(r.time);
      const penalty = r.tags.includes("hit-barrel") ? 5 : 0;
      expect(time - penalty).toBeGreaterThanOrEqual(14.8);
      expect(time - penalty).toBeLessThanOrEqual(18.5);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.placement ?? "1D 1st").toMatch(/^(1D (1st|2nd|4th|Placed)|[234]D (1st|2nd|3rd|4th|Placed)|EXPO)$/);
    }
    expect(new Set(runs.map((r) => r.privacy))).toEqual(new Set(["PRIVATE", "PUBLIC"]));
    const official = runs.filter((r) => r.official);
    expect(official.length).toBeGreaterThanOrEqual(5);
    for (const r of official) {
      expect(r.placement).toMatch(/^([1-4]D \d+(st|nd|rd|th)|NT)$/);
      expect(r.raceEntryId).toEqual(expect.any(String));
      expect(r.moneyCents).toBeGreaterThanOrEqual(0);
    }
    expect(official.filter((r) => (r.moneyCents ?? 0) > 0).length).toBeGreaterThan(0);
    expect(n(app.db.select({ n: countDistinct(runLogs.horseName) }).from(runLogs).get())).toBeGreaterThanOrEqual(5);
    expect(n(app.db.select({ n: count() }).from(runLogs).where(isNotNull(runLogs.riderId)).get())).toBeGreaterThan(0);
    expect(n(app.db.select({ n: count() }).from(follows).get())).toBeGreaterThanOrEqual(10);
    expect(n(app.db.select({ n: count() }).from(savedEvents).get())).toBeGreaterThan(0);
    const pending = app.db.select().from(followRequests).where(eq(followRequests.status, "PENDING")).all();
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const requestNotes = app.db.select().from(notifications).where(eq(notifications.type, "follow_request")).all();
    expect(requestNotes.map((x) => x.metadata?.requestId).sort()).toEqual(pending.map((p) => p.id).sort());
    expect(requestNotes[0]!.metadata).toMatchObject({ requesterName: expect.any(String), requesterProfileUrl: expect.stringMatching(/^\/profile\//) });
    expect(app.db.select().from(notifications).where(eq(notifications.subtype, "announcement")).all().length).toBeGreaterThan(0);
  });

  it("shows the demo rider a cancelled event among their saved ones, and an alert search in Settings", async () => {
    const cancelled = app.db.select().from(events).where(eq(events.status, "CANCELLED")).all();
    expect(cancelled.map((e) => e.name)).toEqual(["Big Country Barrel Race"]);
    expect(cancelled[0]!.statusReason).toMatch(/footing/);
    const client = app.client();
    expect((await client.json("/api/auth/login", "POST", DEMO)).status).toBe(200);
    const myEvents = await (await client.get("/events")).text();
    expect(myEvents).toContain("Big Country Barrel Race");
    expect(myEvents).toContain("CANCELLED");
    expect(app.db.select().from(savedSearches).all()).toHaveLength(1);
    const searches = (await (await client.get("/api/saved-searches")).json()) as Array<{ name: string; radius: number; email: string }>;
    expect(searches).toEqual([expect.objectContaining({ name: "Barrel races near home", radius: 200, email: "daily" })]);
  });

  it("shows the demo rider a postponed event with its reason among their saved ones, and a paper close to expiry", async () => {
    const postponed = app.db.select().from(events).where(eq(events.status, "POSTPONED")).all();
    expect(postponed.map((e) => e.name)).toEqual(["Panhandle Open Show"]);
    expect(postponed[0]!.statusReason).toMatch(/stock show/);
    const client = app.client();
    expect((await client.json("/api/auth/login", "POST", DEMO)).status).toBe(200);
    const myEvents = await (await client.get("/events")).text();
    expect(myEvents).toContain("Panhandle Open Show");
    expect(myEvents).toContain("POSTPONED");
    // Rebel's Coggins expires within the month: listed as expiring, with its file.
    const kaylee = app.db.select().from(users).where(eq(users.email, DEMO.email)).get()!;
    const rebel = app.db.select().from(horses).where(and(eq(horses.userId, kaylee.id), eq(horses.name, "Rebel"))).get()!;
    const papers = (await (await client.get(`/api/horses/${rebel.id}/documents`)).json()) as Array<{ kind: string; status: string; daysLeft: number; fileUrl: string }>;
    expect(papers).toEqual([expect.objectContaining({ kind: "coggins", status: "expiring", daysLeft: expect.any(Number) })]);
    expect(papers[0]!.daysLeft).toBeGreaterThan(0);
    expect(papers[0]!.daysLeft).toBeLessThanOrEqual(30);
    expect((await client.get(papers[0]!.fileUrl)).status).toBe(200);
    expect(app.db.select().from(horseDocuments).all()).toHaveLength(1);
  });

  it("opens this year's membership year with about twenty members, and the demo rider has a member card", async () => {
    const [year, ...others] = app.db.select().from(membershipYears).all();
    expect(others).toHaveLength(0);
    expect(year!.name).toBe(String(new Date().getUTCFullYear()));
    const all = app.db.select().from(memberships).all();
    expect(all.length).toBeGreaterThanOrEqual(18);
    expect(all.some((m) => m.status === "PENDING")).toBe(true);
    const youth = all.find((m) => m.kind === "YOUTH" && m.riderId !== null && m.birthDate !== null);
    expect(youth?.status).toBe("ACTIVE");
    // Each paid member's number is theirs alone.
    const numbers = all.flatMap((m) => (m.number ? [m.number] : []));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(app.db.select().from(memberNumbers).all()).toHaveLength(numbers.length);
    const client = app.client();
    expect((await client.json("/api/auth/login", "POST", DEMO)).status).toBe(200);
    const mine = (await (await client.get("/api/memberships/mine")).json()) as { memberships: { id: string; status: string; number: string | null }[] };
    expect(mine.memberships).toEqual([expect.objectContaining({ status: "ACTIVE", number: "CL-0001" })]);
    const card = await client.get(`/membership/card/${mine.memberships[0]!.id}`);
    expect(card.status).toBe(200);
    expect(await card.text()).toContain(`Dec 31, ${new Date().getUTCFullYear()}`);
  });

  it("lets the demo rider sign in through the real server", async () => {
    const res = await app.client().json("/api/auth/login", "POST", DEMO);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: DEMO.email, firstName: "Kaylee" });
  });

  it("refuses a second run on the now non-empty database, changing nothing", () => {
    const before = n(app.db.select({ n: count() }).from(events).get());
    const again = seed(app.dataDir);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already has \d+ user/);
    expect(n(app.db.select({ n: count() }).from(events).get())).toBe(before);
  });

  it("migrates a brand-new folder and writes the same data every time", () => {
    const dataDir = fs.mkdtempSync(path.join(TMP_DIR, "seed-"));
    const fresh = seed(dataDir);
    expect(fresh.status).toBe(0);
    const db = openDatabase(path.join(dataDir, "app.db"));
    try {
      // Only the bcrypt salt differs between runs; compare everything else.
      const strip = <T extends { password: string }>(rows: T[]) => rows.map(({ password: _, ...rest }) => rest);
      expect(strip(db.select().from(users).all())).toEqual(
        strip(app.db.select().from(users).all()).map((u) => ({ ...u, lastLoginAt: expect.any(Date) })),
      );
      expect(db.select().from(events).all()).toEqual(app.db.select().from(events).all());
      expect(db.select().from(runLogs).all()).toEqual(app.db.select().from(runLogs).all());
    } finally {
      db.$client.close();
    }
  });
});
