import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocatedEvent, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/*
 * The app never runs ANALYZE, so SQLite plans its queries without statistics, from the schema
 * alone: a plan that is fine on a small database can read every event on a large one. These tests
 * read the plans of the statements the real server prepares for a screen, so a query that starts
 * from the wrong table fails here, whatever the size of the test's data.
 */

let app: TestServer;
const prepared: string[] = [];
const prepare = Database.prototype.prepare;

beforeAll(async () => {
  app = await startTestServer();
  // The server runs in this process: record the SQL of every statement it prepares.
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    prepared.push(source);
    return prepare.call(this, source);
  } as typeof prepare;
});
afterAll(async () => {
  Database.prototype.prepare = prepare;
  await app.close();
});

/** SQLite's plan for a statement, its parameters bound to a stand-in (a plan made without statistics never reads them). */
function planOf(source: string): string[] {
  const names = [...new Set([...source.matchAll(/@(\w+)/g)].map((m) => m[1]!))];
  const params = names.length ? [Object.fromEntries(names.map((name) => [name, "x"]))] : Array.from(source.matchAll(/\?/g), () => "x");
  return (app.db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((row) => row.detail);
}

const ALIASES: Record<string, string> = { s: "saved_events", e: "events" };

/** The tables a plan reads, in the order it reads them ("saved_events", "events"). */
const tablesInOrder = (plan: string[]) =>
  plan.flatMap((detail) => /^(?:SCAN|SEARCH) (\w+)/.exec(detail)?.[1] ?? []).map((name) => ALIASES[name] ?? name);

describe("a rider's saved events", () => {
  it("are read from the rider's saves, not by walking the events, for My Events, the saved-events API and the calendar feed", async () => {
    const { client } = await signedInRider(app, { homeZipCode: "76101" });
    for (let i = 0; i < 3; i++) {
      const event = await createLocatedEvent(app.db, "76101", { name: `Plan ${i}`, date: `2031-03-0${i + 1}` });
      expect((await client.json(`/api/events/${event.id}/save`, "POST")).status).toBe(200);
    }
    const feed = (await (await client.json("/api/calendar-feed", "POST")).json()) as { url: string };

    prepared.length = 0;
    expect((await client.get("/events")).status).toBe(200);
    expect((await client.get("/api/saved-events")).status).toBe(200);
    expect((await client.get(new URL(feed.url).pathname)).status).toBe(200);

    const readsSaves = new Set(prepared.filter((source) => /saved_events/.test(source) && /\bevents\b/.test(source.replace(/saved_events/g, "")) && /\bjoin\b/i.test(source)));
    // My Events' cards, and the list the API and the feed share.
    expect(readsSaves.size).toBe(2);
    for (const source of readsSaves) expect(tablesInOrder(planOf(source))[0], source).toBe("saved_events");
  });
});

describe("the admin's events", () => {
  it("are read newest first from the end of an index, not by sorting every event", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    prepared.length = 0;
    expect((await admin.client.get("/admin?tab=events")).status).toBe(200);
    expect((await admin.client.get("/api/admin/events")).status).toBe(200);
    const newestFirst = [...new Set(prepared.filter((source) => /order by "events"\."created_at" desc/.test(source)))];
    expect(newestFirst.length).toBeGreaterThanOrEqual(1);
    for (const source of newestFirst) {
      const plan = planOf(source).join(" | ");
      expect(plan, source).toMatch(/events_created_at_idx/);
      expect(plan, source).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe("the admin dashboard's counts", () => {
  it("never read every rider's row: all riders from the table's pages, the banned ones from their own index", async () => {
    const admin = await signedInRider(app, { isAdmin: true });
    // Not cleared first: a statement another test's admin page prepared is kept, not prepared again.
    expect((await admin.client.get("/admin")).status).toBe(200);
    expect((await admin.client.get("/api/admin/stats")).status).toBe(200);
    const counts = [...new Set(prepared.filter((source) => /^select count\(\*\) from "users"/.test(source)))];
    expect(counts.length).toBeGreaterThanOrEqual(2);
    for (const source of counts) expect(planOf(source).join(" | "), source).not.toMatch(/^SCAN users$/);
    const banned = counts.filter((source) => /is_active/.test(source));
    expect(banned.length).toBe(1);
    expect(planOf(banned[0]!).join(" | ")).toMatch(/users_banned_idx/);
  });
});
