import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventReports, events } from "../../db/schema";
import { createLocatedEvent, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/** What Add Event, edits, search and reports refuse, and how they say it. */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const event = (overrides: Record<string, unknown> = {}) => ({
  name: `Checked ${Date.now()}`,
  location: "Salina, KS",
  zipCode: "67401",
  date: "2031-04-11",
  eventType: ["barrel_racing"],
  confirmTerms: true,
  ...overrides,
});
const formOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : v === true ? "on" : String(v)]));

/** YYYY-MM-DD, `days` from today (UTC). */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("a City, State that does not match the ZIP code", () => {
  it("is refused by the API, saying where the ZIP code is and which ZIP codes the city has", async () => {
    const { client } = await signedInRider(app);
    const res = await client.json("/api/events", "POST", event({ location: "Miami, FL" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "ZIP code 67401 is in Salina, KS, not Miami, FL. Correct the ZIP code or the location.",
      errors: { zipCode: ["ZIP code 67401 is in Salina, KS, not Miami, FL"], location: [expect.stringMatching(/^Miami, FL has ZIP codes like 331\d\d$/)] },
    });
    // The right pair, a neighbouring town's post office, and a place the gazetteer does not know in the right state are fine.
    expect((await client.json("/api/events", "POST", event())).status).toBe(201);
    expect((await client.json("/api/events", "POST", event({ location: "Arlington, TX", zipCode: "76101" }))).status).toBe(201);
    expect((await client.json("/api/events", "POST", event({ location: "Rocking R Ranch, Salina, KS" }))).status).toBe(201);
    const bare = await client.json("/api/events", "POST", event({ location: "Salina" }));
    expect(await bare.json()).toMatchObject({ errors: { location: ['Enter the location as "City, ST" (ZIP code 67401 is in Salina, KS)'] } });
    const unknown = await client.json("/api/events", "POST", event({ zipCode: "00001" }));
    expect(await unknown.json()).toMatchObject({ message: "We could not find that ZIP code." });
  });

  it("is refused by the Add Event form without JavaScript, with the message under each field", async () => {
    const { client } = await signedInRider(app);
    const name = `Mismatch ${Date.now()}`;
    const res = await client.form("/add-event", formOf(event({ name, location: "Miami, FL" })));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("ZIP code 67401 is in Salina, KS, not Miami, FL");
    expect(html).toMatch(/Miami, FL has ZIP codes like 331\d\d/);
    expect(app.db.select().from(events).where(eq(events.name, name)).get()).toBeUndefined();
  });

  it("is refused when an edit changes the location or the ZIP code", async () => {
    const { user, client } = await signedInRider(app);
    const listed = await createLocatedEvent(app.db, "67401", { createdBy: user.id });
    const res = await client.json(`/api/events/${listed.id}`, "PUT", { zipCode: "33101" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("ZIP code 33101 is in Miami, FL, not Salina, KS. Correct the ZIP code or the location.");
  });
});

describe("an event date long past", () => {
  it("is refused beyond a year ago, by the API and the form; a recent past date is accepted", async () => {
    const { client } = await signedInRider(app);
    const old = await client.json("/api/events", "POST", event({ date: "2019-04-11" }));
    expect(old.status).toBe(400);
    expect(await old.json()).toMatchObject({ message: "That date is more than a year ago: check the year" });
    const form = await client.form("/add-event", formOf(event({ date: daysFromToday(-800) })));
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("That date is more than a year ago: check the year");
    expect((await client.json("/api/events", "POST", event({ date: daysFromToday(-30) }))).status).toBe(201);
  });

  it("is refused when an edit moves the date there, and does not block other edits of an old event", async () => {
    const { user, client } = await signedInRider(app);
    const listed = await createLocatedEvent(app.db, "67401", { createdBy: user.id, showbillApproved: false });
    const moved = await client.json(`/api/events/${listed.id}`, "PUT", { date: "2020-01-01" });
    expect(await moved.json()).toMatchObject({ message: "That date is more than a year ago: check the year" });
    const old = await createLocatedEvent(app.db, "67401", { createdBy: user.id, showbillApproved: false, date: "2020-01-01" });
    expect((await client.json(`/api/events/${old.id}`, "PUT", { description: "Results posted" })).status).toBe(200);
  });
});

describe("a second Add Event with the same form", () => {
  it("answers the event already added (API: 200 and the same event)", async () => {
    const { user, client } = await signedInRider(app);
    const body = event({ clientId: `form-${Date.now()}` });
    const first = await client.json("/api/events", "POST", body);
    const again = await client.json("/api/events", "POST", body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    expect(app.db.select().from(events).where(and(eq(events.createdBy, user.id), eq(events.name, body.name))).all()).toHaveLength(1);
  });

  it("adds one event when the form is sent again without JavaScript (Back, then Add Event)", async () => {
    const { user, client } = await signedInRider(app);
    const page = await (await client.get("/add-event")).text();
    const clientId = /name="clientId" value="([^"]+)"/.exec(page)?.[1];
    expect(clientId).toBeTruthy();
    const fields = formOf(event({ clientId }));
    const first = await client.form("/add-event", fields);
    expect(first.status).toBe(302);
    const again = await client.form("/add-event", fields);
    expect(again.status).toBe(302);
    expect(await (await client.get(again.headers.get("location")!)).text()).toContain("Event Already Added");
    expect(app.db.select().from(events).where(and(eq(events.createdBy, user.id), eq(events.name, fields.name!))).all()).toHaveLength(1);
  });
});

describe("event search", () => {
  it("answers a reversed date range with a message (API 400, and on Discover)", async () => {
    const { client } = await signedInRider(app);
    const res = await client.json("/api/events/search", "POST", { zipCode: "67401", startDate: "2031-05-10", endDate: "2031-05-01" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "The end date must be on or after the start date" });
    const ended = await client.json("/api/events/search", "POST", { endDate: daysFromToday(-3) });
    expect(ended.status).toBe(400);
    expect(await ended.json()).toMatchObject({ message: "The end date has passed: searches find events from today on" });
    const discover = await (await client.get("/?search=1&location=67401&startDate=2031-05-10&endDate=2031-05-01")).text();
    expect(discover).toContain("The end date must be on or after the start date");
  });

  it("says above the results what was searched (the form is folded once the page reloads)", async () => {
    const { client } = await signedInRider(app);
    const html = await (await client.get("/?search=1&location=winston+salem+nc&radius=100&startDate=2031-06-01&endDate=2031-06-08&arenaType=indoor&minAddedMoney=1000")).text();
    expect(html).toContain("Within 100 mi of Winston-Salem, NC · Jun 1 – 8, 2031 · Indoor · $1,000+ added");
    const byZip = await (await client.get("/?search=1&location=76101&radius=50")).text();
    expect(byZip).toContain("Within 50 mi of 76101 (Fort Worth, TX)");
    const byDate = await (await client.get("/?search=1&location=&startDate=2031-06-01")).text();
    expect(byDate).toContain("From Jun 1, 2031");
  });

  it("finds cities with hyphens and apostrophes, and suggests them", async () => {
    const { client } = await signedInRider(app);
    const tag = `P${Date.now()}`;
    for (const [zip, place] of [["27101", "Winston-Salem, NC"], ["18701", "Wilkes-Barre, PA"], ["83814", "Coeur d'Alene, ID"]] as const) {
      await createLocatedEvent(app.db, zip, { name: `${tag} ${place}`, location: place, date: "2031-06-06" });
      const res = await client.json("/api/events/search", "POST", { cityState: place, radius: 25 });
      expect(res.status, place).toBe(200);
      expect(((await res.json()) as Array<{ name: string }>).map((e) => e.name)).toContain(`${tag} ${place}`);
    }
    const curly = await client.json("/api/events/search", "POST", { cityState: "Coeur d\u2019Alene, ID", radius: 25 });
    expect(curly.status).toBe(200);
    const suggest = async (q: string) => ((await (await client.get(`/api/city-state-suggestions?query=${encodeURIComponent(q)}`)).json()) as Array<{ description: string }>).map((s) => s.description);
    // Named as people write them, not as the postal data stores them ("Winston Salem", "Coeur D Alene").
    expect(await suggest("Winston-Sa")).toContain("Winston-Salem, NC");
    expect(await suggest("winston sa")).toContain("Winston-Salem, NC");
    expect(await suggest("Coeur d'A")).toContain("Coeur d'Alene, ID");
    expect(await suggest("Wilkes-B")).toContain("Wilkes-Barre, PA");
    expect(await suggest("O'Fal")).toContain("O'Fallon, MO");
    const geo = await client.json("/api/geocode-location", "POST", { address: "Coeur d'Alene, ID" });
    expect(await geo.json()).toMatchObject({ state: "ID", city: "Coeur d'Alene", zipCode: expect.stringMatching(/^838/) });
    // A saved search by city keeps the written name, which its alerts and mails quote.
    const saved = await client.json("/api/saved-searches", "POST", { name: "Up north", cityState: "coeur d alene, id", radius: 50 });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ cityState: "Coeur d'Alene, ID" });
    // And Add Event takes the hyphenated name with its ZIP code.
    expect((await client.json("/api/events", "POST", event({ location: "Winston-Salem, NC", zipCode: "27101" }))).status).toBe(201);
  });
});

describe("reporting an event", () => {
  it("keeps one open report per rider: a second says it was already reported, until a moderator answers", async () => {
    const { user, client } = await signedInRider(app);
    const listed = await createLocatedEvent(app.db, "67401");
    const body = { eventId: listed.id, reason: "cancelled" };
    expect((await client.json("/api/event-reports", "POST", body)).status).toBe(201);
    const again = await client.json("/api/event-reports", "POST", { ...body, reason: "spam" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "You already reported this event. An admin will review it." });
    const page = await client.form(`/events/${listed.id}/report`, { reason: "spam" });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("You already reported this event.");
    expect(await (await client.get(`/events/${listed.id}/report`)).text()).toContain("You already reported this event.");
    // Another rider may still report it; once answered, the rider may report it again.
    expect((await (await signedInRider(app)).client.json("/api/event-reports", "POST", body)).status).toBe(201);
    app.db.update(eventReports).set({ status: "DISMISSED" }).where(eq(eventReports.reporterId, user.id)).run();
    expect((await client.json("/api/event-reports", "POST", body)).status).toBe(201);
  });
});
