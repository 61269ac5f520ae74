import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, horseDocuments, horses, users } from "../../db/schema";
import { createHorse, createLocatedEvent, createUser, registration, signedInRider } from "../helpers/factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Forms refused by the server, as a browser without JavaScript sends them:
 * the answer says what is wrong, by the field, in plain words, and keeps what
 * was typed. Also the rules behind them: a home ZIP code the gazetteer knows,
 * riders' names searched literally, a date that is on the calendar.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const ELEVEN_MB = 11 * 1024 * 1024;
/** A real JPEG padded past the 10 MB limit (the size is what is refused). */
const oversized = async () => {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#7c2d12" } }).jpeg().toBuffer();
  return Buffer.concat([jpeg, Buffer.alloc(ELEVEN_MB)]);
};

describe("a home ZIP code must be a place", () => {
  it.each(["00000", "99999"])("refuses %s at sign-up, by the field, with Discover's words, and creates no account", async (zip) => {
    const body = registration({ homeZipCode: zip });
    const res = await app.client().form("/register", { ...body, agreeToTerms: "on" } as Record<string, string>);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(/id="homeZipCode-error"[^>]*><li>We could not find that ZIP code\.<\/li>/);
    expect(page).toContain(`value="${body.firstName}"`);
    expect(app.db.select().from(users).where(eq(users.email, String(body.email))).get()).toBeUndefined();
  });

  it("takes a real ZIP code at sign-up", async () => {
    const body = registration({ homeZipCode: "76179" });
    const res = await app.client().form("/register", { ...body, agreeToTerms: "on" } as Record<string, string>);
    expect(res.status).toBe(302);
    expect(app.db.select().from(users).where(eq(users.email, String(body.email))).get()?.homeZipCode).toBe("76179");
  });
});

describe("Find riders takes % and _ as characters of a name", () => {
  it("finds no one for % or _ (LIKE's wildcards), and still finds a name by its start", async () => {
    const tag = `Pct${Date.now().toString(36)}`;
    createUser(app.db, { privacyMode: "PUBLIC", firstName: tag, lastName: "Rider" });
    createUser(app.db, { privacyMode: "PUBLIC", firstName: "Other", lastName: "Public" });
    const { client } = await signedInRider(app);
    const names = async (query: string) => ((await (await client.json("/api/users/search", "POST", { query })).json()) as Array<{ firstName: string }>).map((u) => u.firstName);
    for (const wildcard of ["%", "_", "%%", "_%", `${tag.slice(0, 2)}%`]) expect(await names(wildcard), wildcard).toEqual([]);
    expect(await names(`${tag.toLowerCase()} ri`)).toEqual([tag]);
    // The screen's search, without JavaScript, answers the same.
    const page = await (await client.get(`/?riders=${encodeURIComponent("%")}`)).text();
    expect(page).not.toContain(tag);
  });
});

describe("Add Event: a date that is not on the calendar", () => {
  it("says February 30 is not a real date, not that the date is missing", async () => {
    const { client } = await signedInRider(app);
    const res = await client.json("/api/events", "POST", {
      name: "Leap Barrels", location: "Fort Worth, TX", zipCode: "76101", date: "2027-02-30", eventType: ["barrel_racing"], confirmTerms: true,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe("That day is not on the calendar (like February 30): check the day and month");
    expect(body.errors.date).toEqual([body.message]);
    const form = await client.form("/add-event?send", {
      name: "Leap Barrels", location: "Fort Worth, TX", zipCode: "76101", date: "2027-02-30", eventType: "barrel_racing", confirmTerms: "on",
    });
    expect(form.status).toBe(400);
    const page = await form.text();
    expect(page).toContain("That day is not on the calendar (like February 30): check the day and month");
    expect(page).not.toContain("Event date is required");
    expect(await (await client.json("/api/events", "POST", { name: "X", location: "Fort Worth, TX", zipCode: "76101", date: "Feb 30", eventType: ["barrel_racing"], confirmTerms: true })).json()).toMatchObject({
      message: "Enter a date as YYYY-MM-DD",
    });
  });
});

describe("a file over the limit, without JavaScript, keeps what was typed", () => {
  it("Add Horse: the photo is refused by its field and every field comes back as typed; nothing is stored", async () => {
    const { user, client } = await signedInRider(app);
    const form = new FormData();
    form.append("intent", "create");
    form.append("name", "Typed Horse Name");
    form.append("photo", new Blob([new Uint8Array(await oversized())], { type: "image/jpeg" }), "big.jpg");
    const res = await client.fetch("/horses", { method: "POST", body: form });
    expect(res.status).toBe(413);
    const page = await res.text();
    expect(page).toContain("File Too Large: File size must be less than 10MB");
    expect(page).toContain('value="Typed Horse Name"');
    expect(page).toMatch(/id="add-horse-photo-error"[^>]*><li>File Too Large/);
    expect(app.db.select().from(horses).where(eq(horses.userId, user.id)).all()).toEqual([]);
  });

  it("Add Paper: the file is refused by its field and the kind and dates come back as typed; nothing is stored", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(app.db, user.id);
    const form = new FormData();
    form.append("intent", "add");
    form.append("kind", "health_certificate");
    form.append("issuedOn", "2026-03-04");
    form.append("expiresOn", "2026-04-05");
    form.append("file", new Blob([new Uint8Array(await oversized())], { type: "image/jpeg" }), "big.jpg");
    const res = await client.fetch(`/horses/${horse.id}/papers`, { method: "POST", body: form });
    expect(res.status).toBe(413);
    const page = await res.text();
    expect(page).toContain("File Too Large: File size must be less than 10MB");
    expect(page).toContain('value="2026-03-04"');
    expect(page).toContain('value="2026-04-05"');
    expect(page).toMatch(/<option value="health_certificate" selected="">/);
    expect(app.db.select().from(horseDocuments).where(eq(horseDocuments.horseId, horse.id)).all()).toEqual([]);
  });
});

describe("the Status panel's refusal, without JavaScript", () => {
  it("brings the reloaded page to the panel (#event-status) and says at the top that the status was not changed, keeping the reason typed", async () => {
    const { user, client } = await signedInRider(app);
    const event = await createLocatedEvent(app.db, "76101", { createdBy: user.id, date: "2031-07-04", showbillApproved: true });
    const edit = await (await client.get(`/events/${event.id}/edit`)).text();
    expect(edit).toContain(`action="/events/${event.id}/edit?intent=status#event-status"`);
    for (const reason of ["", "x".repeat(201)]) {
      const res = await client.form(`/events/${event.id}/edit?intent=status`, { status: "CANCELLED", reason });
      expect(res.status).toBe(400);
      const page = await res.text();
      const top = page.indexOf("The event&#x27;s status was not changed");
      expect(top, "a summary on top").toBeGreaterThan(0);
      expect(top).toBeLessThan(page.indexOf('aria-label="Edit Event"') === -1 ? page.indexOf("<form") : page.indexOf('aria-label="Edit Event"'));
      expect(page).toContain('href="#event-status"');
      if (reason) expect(page).toContain(`${reason}</textarea>`);
    }
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()!.status).toBe("SCHEDULED");
  });
});
