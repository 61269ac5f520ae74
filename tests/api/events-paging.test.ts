import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocatedEvent, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer, type Client } from "../helpers/server";

let app: TestServer;
let client: Client;
beforeAll(async () => {
  app = await startTestServer();
  ({ client } = await signedInRider(app, { homeZipCode: "76101" }));
  // Eleven events in March 2032 around Fort Worth: three share a day (ties), one began the day
  // before the searches' first day and is still running, one is in Austin (out of a 50-mile search).
  const days = ["2032-03-10", "2032-03-10", "2032-03-10", "2032-03-11", "2032-03-12", "2032-03-14", "2032-03-15", "2032-03-20", "2032-03-28"];
  for (const [i, date] of days.entries()) await createLocatedEvent(app.db, i % 2 ? "76102" : "76101", { name: `Paging ${i}`, date });
  await createLocatedEvent(app.db, "76101", { name: "Paging running", date: "2032-03-09", endDate: "2032-03-11" });
  await createLocatedEvent(app.db, "78701", { name: "Paging Austin", date: "2032-03-12" });
});
afterAll(() => app.close());

type Found = { id: string; name: string; date: string };
type Page = { events: Found[]; nextCursor: string | null };

const byPlace = { zipCode: "76101", radius: 50, startDate: "2032-03-10", endDate: "2032-03-31" };
const byDates = { startDate: "2032-03-10", endDate: "2032-03-31" };

async function search(body: Record<string, unknown>) {
  const res = await client.json("/api/events/search", "POST", body);
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Every page of a search, following nextCursor to its end. */
async function allPages(body: Record<string, unknown>, limit: number) {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const res = await search({ ...body, limit, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    const page = res.body as Page;
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 20);
  return pages;
}

const inOrder = (list: Found[]) => [...list].sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1));

describe("POST /api/events/search, a page at a time", () => {
  for (const [what, body, count] of [
    ["by place (the box's events sorted)", byPlace, 10],
    ["by dates alone (the date index walked)", byDates, 11],
  ] as const) {
    it(`pages through every event ${what} once, by date then id, and ends with a null cursor`, async () => {
      const whole = (await search(body)).body as Found[];
      expect(whole).toHaveLength(count);
      const pages = await allPages(body, 3);
      expect(pages.map((p) => p.events.length)).toEqual([3, 3, 3, count - 9]);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      const paged = pages.flatMap((p) => p.events);
      expect(paged.map((e) => e.id)).toEqual(inOrder(paged).map((e) => e.id));
      expect(new Set(paged.map((e) => e.id)).size).toBe(count);
      expect([...paged.map((e) => e.id)].sort()).toEqual(whole.map((e) => e.id).sort());
      expect(paged[0]!.name).toBe("Paging running");
    });
  }

  it("answers the whole list as before without limit or cursor, one page with the limit alone, and the first page for a null cursor", async () => {
    const whole = await search(byPlace);
    expect(Array.isArray(whole.body)).toBe(true);
    const one = (await search({ ...byPlace, limit: 100 })).body as Page;
    expect(one.nextCursor).toBeNull();
    expect(one.events.map((e) => e.id).sort()).toEqual((whole.body as Found[]).map((e) => e.id).sort());
    const fromNull = (await search({ ...byPlace, limit: 3, cursor: null })).body as Page;
    expect(fromNull.events.map((e) => e.name)[0]).toBe("Paging running");
    const exact = (await search({ ...byPlace, limit: 10 })).body as Page;
    expect(exact.events).toHaveLength(10);
    expect(exact.nextCursor).toBeNull();
  });

  it("refuses a limit outside 1 to 100 or not a whole number, with a message", async () => {
    for (const limit of [0, 101, 2.5, "5", -1]) {
      const res = await search({ ...byPlace, limit });
      expect(res.status, String(limit)).toBe(400);
      expect(res.body).toMatchObject({ message: "limit must be a whole number from 1 to 100" });
    }
  });

  it("refuses a cursor it did not give, with a message", async () => {
    const first = (await search({ ...byPlace, limit: 2 })).body as Page;
    const tampered = Buffer.from(Buffer.from(first.nextCursor!, "base64url").toString().replace(/^\d{4}/, "1999x")).toString("base64url");
    for (const cursor of ["nonsense", "", "x".repeat(300), tampered, `${first.nextCursor}=`, 12]) {
      const res = await search({ ...byPlace, limit: 2, cursor });
      expect(res.status, String(cursor)).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/cursor/);
    }
  });
});
