import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, savedEvents, type User } from "../../db/schema";
import type { Db } from "../../db/client";
import { createEvent, createFollow, createLocatedEvent, createRun, createUser, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Lists are paginated and cost a constant number of queries however many
 * rows they hold: each list is read once with a little data and once with
 * a lot, through the real server, counting the statements the app's own
 * connection prepares (drizzle prepares one per query).
 */
let app: TestServer;
let appDb: Db;
let queries = 0;

beforeAll(async () => {
  app = await startTestServer();
  // The app's connection lives on globalThis (app/lib/db.server.ts); the first request opens it.
  await fetch(`${app.url}/api/health`);
  appDb = (globalThis as Record<symbol, Db>)[Symbol.for("cloverleaf.db")]!;
  const client = appDb.$client;
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    queries += 1;
    return prepare(source);
  }) as typeof client.prepare;
});
afterAll(() => app.close());

async function countQueries(send: () => Promise<Response>) {
  await (await send()).arrayBuffer(); // warm: lazy one-off work is not the list's
  queries = 0;
  const res = await send();
  expect(res.status).toBeLessThan(300);
  await res.arrayBuffer();
  return queries;
}

type Case = {
  name: string;
  /** Adds `n` more rows to the list the request reads. */
  grow: (n: number) => unknown;
  send: () => Promise<Response>;
};

let rider: User;
let client: Client;
let star: User;
let admin: Client;

beforeAll(async () => {
  ({ user: rider, client } = await signedInRider(app, { privacyMode: "PUBLIC", homeZipCode: "76101" }));
  star = createUser(app.db, { privacyMode: "PUBLIC", firstName: "Starla" });
  ({ client: admin } = await signedInRider(app, { isAdmin: true }));
});

/** Distinct matches: the server HTML carries each item twice (markup and hydration data). */
const distinct = (html: string, pattern: RegExp) => new Set(html.match(pattern)).size;
const times = (n: number, each: (i: number) => unknown) => Array.from({ length: n }, (_, i) => each(i));

const cases: Case[] = [
  {
    name: "Discover (GET /)",
    grow: async (n) => {
      for (let i = 0; i < n; i++) await createLocatedEvent(app.db, "76102", { date: "2031-01-01" });
    },
    send: () => client.get("/"),
  },
  {
    name: "event search (POST /api/events/search)",
    grow: async (n) => {
      for (let i = 0; i < n; i++) await createLocatedEvent(app.db, "76104", { date: "2031-02-01" });
    },
    send: () => client.json("/api/events/search", "POST", { zipCode: "76101", radius: 25 }),
  },
  {
    name: "My Events (GET /events) and GET /api/saved-events",
    grow: (n) =>
      times(n, () => {
        const event = createEvent(app.db, { date: "2031-03-01" });
        app.db.insert(savedEvents).values({ userId: rider.id, eventId: event.id }).run();
      }),
    send: async () => {
      await client.get("/api/saved-events");
      return client.get("/events");
    },
  },
  {
    name: "run log (GET /run-log) and GET /api/run-logs",
    grow: (n) => times(n, () => createRun(app.db, rider.id, { horseName: "Dash" })),
    send: async () => {
      await client.get("/api/run-logs");
      return client.get("/run-log");
    },
  },
  {
    name: "profile with public runs (GET /profile/:id) and its API",
    grow: (n) => times(n, () => createRun(app.db, star.id, { privacy: "PUBLIC" })),
    send: async () => {
      await client.get(`/api/users/${star.id}/public-runs`);
      return client.get(`/profile/${star.id}`);
    },
  },
  {
    name: "followers (GET /profile/:id?list=followers)",
    grow: (n) => times(n, () => createFollow(app.db, createUser(app.db, { privacyMode: "PUBLIC" }).id, star.id)),
    send: () => client.get(`/profile/${star.id}?list=followers`),
  },
  {
    name: "notifications (GET /notifications) and GET /api/notifications",
    grow: (n) =>
      times(n, (i) => app.db.insert(notifications).values({ userId: rider.id, type: "admin", title: `Note ${i}`, message: "Hello" }).run()),
    send: async () => {
      await client.get("/api/notifications");
      return client.get("/notifications?tab=all");
    },
  },
  {
    name: "people search (POST /api/users/search)",
    grow: (n) => times(n, () => createUser(app.db, { privacyMode: "PUBLIC", firstName: "Searchable" })),
    send: () => client.json("/api/users/search", "POST", { query: "Searchable" }),
  },
  {
    name: "admin user list (GET /api/admin/users)",
    grow: (n) => times(n, () => createUser(app.db)),
    send: () => admin.get("/api/admin/users"),
  },
];

describe("lists use a constant number of queries", () => {
  for (const c of cases) {
    it(c.name, async () => {
      await c.grow(3);
      const few = await countQueries(c.send);
      await c.grow(60);
      const many = await countQueries(c.send);
      expect(many).toBe(few);
    });
  }
});

describe("long lists come a page at a time, with Show more", () => {
  it("the run log shows 12 runs, then 24, and so on", async () => {
    const { user, client } = await signedInRider(app);
    times(30, (i) => createRun(app.db, user.id, { notes: `Paging Arena ${i}` }));
    const first = await (await client.get("/run-log")).text();
    expect(distinct(first, /Paging Arena \d+/g)).toBe(12);
    expect(first).toMatch(/30(<!-- -->)? (<!-- -->)?runs(<!-- -->)?, newest first/);
    expect(first).toContain('href="/run-log?shown=24"');
    const second = await (await client.get("/run-log?shown=24")).text();
    expect(distinct(second, /Paging Arena \d+/g)).toBe(24);
    expect(second).toContain('href="/run-log?shown=36"');
    const all = await (await client.get("/run-log?shown=36")).text();
    expect(distinct(all, /Paging Arena \d+/g)).toBe(30);
    expect(all).not.toContain("Show more runs");
  });

  it("a profile shows 12 public runs of its count, then 24, in either sort", async () => {
    const owner = createUser(app.db, { privacyMode: "PUBLIC" });
    times(45, (i) => createRun(app.db, owner.id, { privacy: "PUBLIC", arenaName: `Profile Arena ${i}`, time: String(14 + i / 100) }));
    const page = await (await client.get(`/profile/${owner.id}`)).text();
    expect(page).toContain("Public Runs (45)");
    expect(distinct(page, /Profile Arena \d+/g)).toBe(12);
    expect(page).toContain("runs=24");
    const more = await (await client.get(`/profile/${owner.id}?sort=fastest&runs=24`)).text();
    expect(distinct(more, /Profile Arena \d+/g)).toBe(24);
    expect(more).toContain("runs=36");
    // Fastest first: 14s is the quickest of the 45.
    expect(more.indexOf(">14s<")).toBeGreaterThan(-1);
    expect(more.indexOf(">14s<")).toBeLessThan(more.indexOf(">14.01s<"));
  });

  it("Discover shows 12 upcoming events, then 24, and search results the same way", async () => {
    const { client } = await signedInRider(app, { homeZipCode: "59101" });
    for (let i = 0; i < 30; i++) await createLocatedEvent(app.db, "59102", { name: `Billings Paging ${i}`, date: `2032-01-${String(i + 1).padStart(2, "0")}` });
    const page = await (await client.get("/")).text();
    expect(distinct(page, /Billings Paging \d+/g)).toBe(12);
    expect(page).toContain('href="/?upcoming=24"');
    expect(distinct(await (await client.get("/?upcoming=24")).text(), /Billings Paging \d+/g)).toBe(24);
    const search = "/?search=1&location=59101&radius=25";
    const results = await (await client.get(search)).text();
    expect(results).toMatch(/Search results <span[^>]*>\((<!-- -->)?30(<!-- -->)?\)/);
    expect(results).toContain("Show more results");
    const more = await (await client.get(`${search}&shown=24`)).text();
    expect(distinct(more, /Billings Paging \d+/g)).toBe(24);
  });

  it("My Events shows 12 cards of a folder, then 24, keeping the folder; the counts are of all", async () => {
    const { user, client } = await signedInRider(app);
    times(30, (i) => {
      const event = createEvent(app.db, { name: `Folder Paging ${i}`, date: `2031-04-${String(i + 1).padStart(2, "0")}` });
      app.db.insert(savedEvents).values({ userId: user.id, eventId: event.id }).run();
    });
    const page = await (await client.get("/events?folder=saved")).text();
    expect(distinct(page, /Folder Paging \d+/g)).toBe(12);
    expect(page).toMatch(/Saved Events<span[^>]*>30<\/span>/);
    expect(page).toContain("Show more events");
    expect(page).toContain('href="/events?folder=saved&amp;shown=24"');
    const more = await (await client.get("/events?folder=saved&shown=24")).text();
    expect(distinct(more, /Folder Paging \d+/g)).toBe(24);
    const all = await (await client.get("/events?folder=saved&shown=36")).text();
    expect(distinct(all, /Folder Paging \d+/g)).toBe(30);
    expect(all).not.toContain("Show more events");
  });

  it("notifications show 30 at a time", async () => {
    const { user, client } = await signedInRider(app);
    times(40, (i) => app.db.insert(notifications).values({ userId: user.id, type: "admin", title: `Paged note ${i}`, message: "Hi" }).run());
    const page = await (await client.get("/notifications?tab=all")).text();
    expect(distinct(page, /Paged note \d+/g)).toBe(30);
    expect(page).toContain("shown=60");
    const rest = await (await client.get("/notifications?tab=all&shown=60")).text();
    expect(distinct(rest, /Paged note \d+/g)).toBe(40);
  });
});
