import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberNumbers, memberships, membershipYears, moneyRecords, type User } from "../../db/schema";
import { setClock } from "../../app/lib/clock.server";
import { createRider, createUser, registration, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

let app: TestServer;
let admin: { user: User; client: Client };
beforeAll(async () => {
  app = await startTestServer();
  admin = await signedInRider(app, { isAdmin: true });
});
afterAll(() => app.close());

type Year = { id: string; name: string; kinds: { kind: string; duesCents: number }[] };
type Membership = { id: string; status: string; number: string | null; startsOn: string | null; kind: string; userId: string | null; riderId: number | null; name: string; duesCents: number; validThrough: string };

let yearCount = 0;
async function newYear(body: Record<string, unknown> = {}) {
  yearCount += 1;
  const res = await admin.client.json("/api/admin/membership-years", "POST", {
    name: `Y${yearCount}`,
    startDate: `${2040 + yearCount}-01-01`,
    endDate: `${2040 + yearCount}-12-31`,
    kinds: [
      { kind: "OPEN", duesCents: 5000 },
      { kind: "YOUTH", duesCents: 2500, maxAge: 18 },
    ],
    numberPrefix: "CL-",
    ...body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { year: Year }).year;
}

async function join(client: Client, body: Record<string, unknown>) {
  const res = await client.json("/api/memberships", "POST", body);
  return { status: res.status, body: (await res.json()) as { message: string; membership: Membership } };
}

async function mark(id: string, body: Record<string, unknown>) {
  const res = await admin.client.json(`/api/admin/memberships/${id}`, "PATCH", body);
  return { status: res.status, body: (await res.json()) as { message: string; membership: Membership & { email: string | null } } };
}

async function importCsv(yearId: string, csv: string, dryRun: boolean) {
  const res = await admin.client.fetch(`/api/admin/memberships/import?yearId=${yearId}&dryRun=${dryRun}`, { method: "POST", headers: { "Content-Type": "text/csv" }, body: csv });
  return { status: res.status, body: (await res.json()) as { message: string; created: number; linked: number; refused: { line: number; reason: string }[]; written: boolean; lines: { name: string }[] } };
}

describe("membership years", () => {
  it("lets an admin set a year's dates, kinds and dues in cents", async () => {
    const year = await newYear();
    expect(year.kinds).toEqual([
      { kind: "OPEN", duesCents: 5000, minAge: null, maxAge: null },
      { kind: "YOUTH", duesCents: 2500, minAge: null, maxAge: 18 },
    ]);
    const res = await admin.client.json(`/api/admin/membership-years/${year.id}`, "PATCH", { kinds: [...year.kinds, { kind: "SENIOR", duesCents: 4000, minAge: 60 }] });
    expect(res.status).toBe(200);
    const list = (await (await admin.client.get("/api/admin/membership-years")).json()) as { years: Year[] };
    expect(list.years.find((y) => y.id === year.id)?.kinds.map((k) => k.kind)).toEqual(["OPEN", "YOUTH", "SENIOR"]);
  });

  it("refuses a bad year with one clear message", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await admin.client.json("/api/admin/membership-years", "POST", { name: "Bad", startDate: "2050-07-01", endDate: "2051-06-30", kinds: [{ kind: "OPEN", duesCents: 100 }], ...body });
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await bad({ endDate: "2050-01-01" })).toBe("The year's last day must be after its first");
    expect(await bad({ startDate: "2050-13-01" })).toBe("The year's first day must be a date (YYYY-MM-DD)");
    expect(await bad({ kinds: [{ kind: "OPEN", duesCents: 10.5 }] })).toMatch(/Dues must be whole cents/);
    expect(await bad({ kinds: [{ kind: "OPEN", duesCents: 1 }, { kind: "OPEN", duesCents: 2 }] })).toBe("Offer each kind once");
    expect(await bad({ kinds: [{ kind: "PLATINUM", duesCents: 1 }] })).toMatch(/Kind must be one of/);
  });

  it("keeps years to admins: 401 signed out, 403 for a rider", async () => {
    const rider = await signedInRider(app);
    expect((await app.client().get("/api/admin/membership-years")).status).toBe(401);
    expect((await rider.client.get("/api/admin/membership-years")).status).toBe(403);
    expect((await rider.client.json("/api/admin/membership-years", "POST", {})).status).toBe(403);
  });
});

describe("joining and dues", () => {
  it("takes a request to join, and the office marks the dues paid with a member number", async () => {
    const year = await newYear();
    const rider = await signedInRider(app, { firstName: "Kaylee", lastName: "Rider" });
    const asked = await join(rider.client, { yearId: year.id, kind: "OPEN" });
    expect(asked.status).toBe(201);
    expect(asked.body.membership).toMatchObject({ status: "PENDING", number: null, kind: "OPEN", name: "Kaylee Rider", duesCents: 5000 });
    // Asking again answers the same request.
    const again = await join(rider.client, { yearId: year.id, kind: "OPEN" });
    expect(again.status).toBe(200);
    expect(again.body.membership.id).toBe(asked.body.membership.id);

    expect((await mark(asked.body.membership.id, { paid: true })).body.message).toBe("How the dues were paid: one of CASH, CHECK, CARD, COMP");
    expect((await mark(asked.body.membership.id, { paid: true, paidMethod: "CHECK" })).body.message).toBe("Give the check's number");
    const paid = await mark(asked.body.membership.id, { paid: true, paidMethod: "CHECK", paidReference: "1042" });
    expect(paid.status).toBe(200);
    expect(paid.body.membership).toMatchObject({ status: "ACTIVE", paidMethod: "CHECK", paidReference: "1042" });
    expect(paid.body.membership.number).toMatch(/^CL-\d{4}$/);

    const mine = (await (await rider.client.get("/api/memberships/mine")).json()) as { memberships: Membership[] };
    expect(mine.memberships).toHaveLength(1);
    expect(mine.memberships[0]).toMatchObject({ status: "ACTIVE", number: paid.body.membership.number, validThrough: `${2040 + yearCount}-12-31` });
  });

  it("gives numbers that are unique and kept from year to year", async () => {
    const first = await newYear();
    const a = await signedInRider(app);
    const b = await signedInRider(app);
    const ma = (await join(a.client, { yearId: first.id, kind: "OPEN" })).body.membership;
    const mb = (await join(b.client, { yearId: first.id, kind: "OPEN" })).body.membership;
    const na = (await mark(ma.id, { paid: true, paidMethod: "CASH" })).body.membership.number!;
    const nb = (await mark(mb.id, { paid: true, paidMethod: "CARD" })).body.membership.number!;
    expect(na).not.toBe(nb);
    // The office cannot give b the number a holds.
    const clash = await mark(mb.id, { number: na });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`Member number ${na} belongs to another member`);
    // Next year a renews and keeps the number.
    const second = await newYear();
    const renewal = (await join(a.client, { yearId: second.id, kind: "OPEN" })).body.membership;
    expect((await mark(renewal.id, { paid: true, paidMethod: "COMP" })).body.membership.number).toBe(na);
  });

  it("lets a guardian ask for a rider they manage, with the kind's age rule", async () => {
    const year = await newYear({ startDate: "2027-07-01", endDate: "2028-06-30" });
    const parent = await signedInRider(app);
    const lily = createRider(app.db, parent.user.id, "Lily");
    const noBirth = await join(parent.client, { yearId: year.id, kind: "YOUTH", riderId: lily.id });
    expect(noBirth.status).toBe(400);
    expect(noBirth.body.message).toBe("Youth needs the rider's birth date");
    const tooOld = await join(parent.client, { yearId: year.id, kind: "YOUTH", riderId: lily.id, birthDate: "1990-04-01" });
    expect(tooOld.body.message).toBe("Youth is for riders 18 and under on Jul 1, 2027");
    expect((await join(parent.client, { yearId: year.id, kind: "YOUTH", riderId: lily.id, birthDate: "2099-01-01" })).body.message).toBe("Birth date must be a date (YYYY-MM-DD) in the past");
    const ok = await join(parent.client, { yearId: year.id, kind: "YOUTH", riderId: lily.id, birthDate: "2015-04-01" });
    expect(ok.status).toBe(201);
    expect(ok.body.membership).toMatchObject({ riderId: lily.id, name: "Lily", kind: "YOUTH", duesCents: 2500 });
    // Another account's rider is not found.
    const stranger = await signedInRider(app);
    expect((await join(stranger.client, { yearId: year.id, kind: "OPEN", riderId: lily.id })).status).toBe(404);
    // A kind the year does not offer.
    expect((await join(parent.client, { yearId: year.id, kind: "FAMILY" })).body.message).toBe(`${year.name} does not offer Family memberships`);
  });

  it("keeps the member list the office's: a rider sees only their own", async () => {
    const year = await newYear();
    const a = await signedInRider(app);
    const b = await signedInRider(app);
    await join(a.client, { yearId: year.id, kind: "OPEN" });
    const mb = (await join(b.client, { yearId: year.id, kind: "OPEN" })).body.membership;
    expect((await a.client.get(`/api/admin/memberships?yearId=${year.id}`)).status).toBe(403);
    expect((await a.client.get(`/api/admin/memberships.csv?yearId=${year.id}`)).status).toBe(403);
    expect((await a.client.json(`/api/admin/memberships/${mb.id}`, "PATCH", { paid: false })).status).toBe(403);
    expect((await app.client().get(`/api/memberships/mine`)).status).toBe(401);
    const mine = (await (await a.client.get("/api/memberships/mine")).json()) as { memberships: Membership[] };
    expect(mine.memberships.map((m) => m.userId)).toEqual([a.user.id]);
    const office = (await (await admin.client.get(`/api/admin/memberships?yearId=${year.id}&status=PENDING`)).json()) as { memberships: (Membership & { email: string })[] };
    expect(office.memberships).toHaveLength(2);
    expect(office.memberships.map((m) => m.email).sort()).toEqual([a.user.email, b.user.email].sort());
    expect((await admin.client.get(`/api/admin/memberships?yearId=${year.id}&status=LAPSED`)).status).toBe(400);
    expect((await admin.client.get(`/api/admin/memberships?yearId=nope`)).status).toBe(404);
  });
});

describe("CSV import and export", () => {
  it("previews what is created, linked and refused, writes nothing on a refused file, and claims on sign-up", async () => {
    const year = await newYear();
    const known = createUser(app.db, { email: `known${Date.now()}@example.com` });
    const newcomer = `newcomer${Date.now()}@example.com`;
    const csv = [
      "name,email,number,kind,year,paid",
      `Known Rider,${known.email.toUpperCase()},,Open,${year.name},cash`,
      `New Comer,${newcomer},CL-7001,Youth,${year.name},yes`,
      `No Email,,,Open,${year.name},yes`,
      `Bad Kind,bad@example.com,,Platinum,${year.name},no`,
      `"Quoted, Name",quoted@example.com,CL-7001,Open,${year.name},no`,
    ].join("\n");
    const preview = await importCsv(year.id, csv, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ created: 1, linked: 1, written: false });
    expect(preview.body.refused).toEqual([
      { line: 4, reason: "no email: the office links members to accounts by email" },
      { line: 5, reason: '"Platinum" is not a kind (Open, Youth, Senior, Family, Non-pro)' },
      { line: 6, reason: "number CL-7001 is already on line 3" },
    ]);
    const refusedFile = await importCsv(year.id, csv, false);
    expect(refusedFile.status).toBe(422);
    expect(refusedFile.body.message).toBe("Nothing imported: 3 lines are refused");
    expect(app.db.select().from(memberships).where(eq(memberships.yearId, year.id)).all()).toHaveLength(0);

    const good = csv.split("\n").slice(0, 3).join("\n");
    const imported = await importCsv(year.id, good, false);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ created: 1, linked: 1, written: true });
    const rows = app.db.select().from(memberships).where(eq(memberships.yearId, year.id)).all();
    expect(rows.find((r) => r.userId === known.id)).toMatchObject({ status: "ACTIVE", paidMethod: "CASH" });
    expect(rows.find((r) => r.email === newcomer)).toMatchObject({ userId: null, number: "CL-7001", status: "ACTIVE" });

    // Signing up with the email claims the membership and its number.
    const res = await app.client().json("/api/auth/register", "POST", registration({ email: newcomer }));
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const claimed = app.db.select().from(memberships).where(eq(memberships.email, newcomer)).get()!;
    expect(claimed.userId).not.toBeNull();
    expect(claimed.number).toBe("CL-7001");

    const csvOut = await admin.client.get(`/api/admin/memberships.csv?yearId=${year.id}`);
    expect(csvOut.status).toBe(200);
    expect(csvOut.headers.get("content-type")).toContain("text/csv");
    const text = await csvOut.text();
    expect(text.split("\r\n")[0]).toBe("name,email,number,kind,year,paid,reference");
    expect(text).toContain(`New Comer,${newcomer},CL-7001,Youth,${year.name},yes,`);
    // The exported list imports again into another year: a preview links or creates every line.
    const next = await newYear();
    const again = await importCsv(next.id, text.replaceAll(`,${year.name},`, `,${next.name},`), true);
    expect(again.body.refused).toEqual([]);
    expect(again.body.created + again.body.linked).toBe(2);
  });

  it("exports every cell defused: an email that starts a formula is written with a leading apostrophe", async () => {
    const year = await newYear();
    const email = `=cmd${Date.now()}@example.com`;
    const written = await importCsv(year.id, `name,email,number,kind,year,paid\n-Minus Name,${email},,Open,${year.name},no\n`, false);
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const text = await (await admin.client.get(`/api/admin/memberships.csv?yearId=${year.id}`)).text();
    expect(text).toContain(`'-Minus Name,'${email},`);
  });

  it("answers a file that is not a member list with a 400 and a message", async () => {
    const year = await newYear();
    const noHeader = await importCsv(year.id, "just,some,words\n", true);
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.message).toMatch(/^The header line must name the columns/);
    expect((await importCsv(year.id, "", true)).status).toBe(400);
    // An unclosed quote refuses its own line (named), not the whole file.
    const unclosed = await importCsv(year.id, 'name,email,kind,paid\n"unclosed,a@b.co,Open,yes\n', true);
    expect(unclosed.status).toBe(200);
    expect(unclosed.body.refused).toEqual([{ line: 2, reason: expect.stringMatching(/^not readable as CSV \(.+\): check its quotes$/) }]);
    expect((await importCsv("nope", "name,email,kind,paid\n", true)).status).toBe(404);
  });
});

describe("the member list's import refuses a line, not the file", () => {
  it("refuses a check without its number, a short line, and a line CSV cannot read, naming each line; paid dues are ledger records", async () => {
    const year = await newYear();
    const stamp = Date.now();
    const csv = [
      "name,email,number,kind,year,paid,reference",
      `Check Nonumber,nonumber${stamp}@example.com,,Open,${year.name},check,`,
      `Short Line,short${stamp}@example.com`,
      `Bad "Quote,badquote${stamp}@example.com,,Open,${year.name},no,`,
      `Check Numbered,numbered${stamp}@example.com,,Open,${year.name},check,2207`,
    ].join("\n");
    const preview = await importCsv(year.id, csv, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.refused).toEqual([
      { line: 2, reason: "paid by check: give the check's number in the reference column" },
      { line: 3, reason: "has 2 of the header's 7 columns" },
      { line: 4, reason: expect.stringMatching(/^not readable as CSV \(Invalid Opening Quote\): check its quotes$/) },
    ].sort((a, b) => a.line - b.line));
    expect(preview.body.lines.map((l) => l.name)).toEqual(["Check Numbered"]);

    const good = [csv.split("\n")[0], csv.split("\n")[4]].join("\n");
    expect((await importCsv(year.id, good, false)).status).toBe(201);
    const member = app.db.select().from(memberships).where(eq(memberships.email, `numbered${stamp}@example.com`)).get()!;
    expect(member).toMatchObject({ status: "ACTIVE", paidMethod: "CHECK", paidReference: "2207" });
    expect(app.db.select().from(moneyRecords).where(eq(moneyRecords.membershipId, member.id)).all()).toMatchObject([{ kind: "DUES", method: "CHECK", reference: "2207", amountCents: member.duesCents }]);
  });
});

describe("member numbers live with their rider", () => {
  const numbersTable = () => app.db.select().from(memberNumbers).all().sort((x, y) => x.number.localeCompare(y.number));

  it("moves a number the office changes in a new year off the earlier year's membership too, so nobody shows it twice", async () => {
    const first = await newYear();
    const second = await newYear();
    const a = await signedInRider(app);
    const b = await signedInRider(app);
    const a1 = (await join(a.client, { yearId: first.id, kind: "OPEN" })).body.membership;
    const b1 = (await join(b.client, { yearId: first.id, kind: "OPEN" })).body.membership;
    const old = (await mark(a1.id, { paid: true, paidMethod: "CASH" })).body.membership.number!;
    await mark(b1.id, { paid: true, paidMethod: "CASH" });
    const a2 = (await join(a.client, { yearId: second.id, kind: "OPEN" })).body.membership;
    await mark(a2.id, { paid: true, paidMethod: "CASH" });
    const moved = await mark(a2.id, { number: `MV-${yearCount}` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.membership.number).toBe(`MV-${yearCount}`);
    // The earlier year's membership shows the rider's one number.
    expect(app.db.select().from(memberships).where(eq(memberships.id, a1.id)).get()!.number).toBe(`MV-${yearCount}`);
    // The old number is free: the office gives it to b, and the earlier year shows it once.
    const given = await mark(b1.id, { number: old });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const earlier = app.db.select().from(memberships).where(eq(memberships.yearId, first.id)).all();
    expect(earlier.filter((m) => m.number === old).map((m) => m.id)).toEqual([b1.id]);
  });

  it("refuses (409) a number held by a member of another year, changing nothing", async () => {
    const first = await newYear();
    const second = await newYear();
    const a = await signedInRider(app);
    const b = await signedInRider(app);
    const a1 = (await join(a.client, { yearId: first.id, kind: "OPEN" })).body.membership;
    const held = (await mark(a1.id, { paid: true, paidMethod: "CASH" })).body.membership.number!;
    const b2 = (await join(b.client, { yearId: second.id, kind: "OPEN" })).body.membership;
    const bNumber = (await mark(b2.id, { paid: true, paidMethod: "CASH" })).body.membership.number!;
    const before = numbersTable();
    const refused = await mark(b2.id, { number: held });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Member number ${held} belongs to another member`);
    expect(numbersTable()).toEqual(before);
    expect(app.db.select().from(memberships).where(eq(memberships.id, b2.id)).get()!.number).toBe(bNumber);
  });
});

describe("the association's day", () => {
  it("starts a membership paid on a Texas evening that day (America/Chicago), not UTC's next", async () => {
    const year = await newYear();
    const day = `${2040 + yearCount}-05-02`;
    const rider = await signedInRider(app);
    const asked = (await join(rider.client, { yearId: year.id, kind: "OPEN" })).body.membership;
    // 8:30 pm in Fort Worth on May 2 is 01:30 on May 3 in UTC.
    setClock(new Date(`${2040 + yearCount}-05-03T01:30:00Z`));
    try {
      const paid = await mark(asked.id, { paid: true, paidMethod: "CASH" });
      expect(paid.status).toBe(200);
      expect(paid.body.membership.startsOn).toBe(day);
    } finally {
      setClock(null);
    }
  });

  it("takes a kind's age on the year's first day: a year from July 1, 2027 takes a Youth born Sep 1, 2008", async () => {
    const year = await newYear({ startDate: "2027-07-01", endDate: "2028-06-30" });
    const parent = await signedInRider(app);
    const child = createRider(app.db, parent.user.id, "Josie");
    // 18 on July 1, 2027; 19 by December 31, 2027.
    const ok = await join(parent.client, { yearId: year.id, kind: "YOUTH", riderId: child.id, birthDate: "2008-09-01" });
    expect(ok.status, ok.body.message).toBe(201);
    const older = createRider(app.db, parent.user.id, "Older");
    expect((await join(parent.client, { yearId: year.id, kind: "YOUTH", riderId: older.id, birthDate: "2008-06-30" })).status).toBe(400);
  });
});

describe("years opened, edited and closed at Admin, Members", () => {
  it("opens a year from the screen's form without JavaScript, and closing it stops new requests", async () => {
    const page = await admin.client.get("/admin/members?new=1");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("POST /api/admin/membership-years");
    const form = { intent: "year-create", name: "Form year", startDate: "2061-01-01", endDate: "2061-12-31", numberPrefix: "FY-", offer_OPEN: "on", dues_OPEN: "50.00", offer_YOUTH: "on", dues_YOUTH: "25", maxAge_YOUTH: "18" };
    const created = await admin.client.form("/admin/members", form);
    expect(created.status).toBe(302);
    const year = app.db.select().from(membershipYears).where(eq(membershipYears.name, "Form year")).get()!;
    expect(year).toMatchObject({ startDate: "2061-01-01", endDate: "2061-12-31", numberPrefix: "FY-", closedAt: null });
    expect(year.kinds).toEqual([
      { kind: "OPEN", duesCents: 5000, minAge: null, maxAge: null },
      { kind: "YOUTH", duesCents: 2500, minAge: null, maxAge: 18 },
    ]);
    // A bad amount comes back with what was typed and nothing written.
    const bad = await admin.client.form("/admin/members", { ...form, name: "Bad dues", dues_OPEN: "fifty" });
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    expect(badText).toContain("Open: dues must be an amount in dollars, such as 50.00");
    expect(badText).toContain('value="Bad dues"');
    expect(app.db.select().from(membershipYears).where(eq(membershipYears.name, "Bad dues")).get()).toBeUndefined();

    const closed = await admin.client.form("/admin/members", { intent: "year-close", yearId: year.id });
    expect(closed.status).toBe(302);
    const rider = await signedInRider(app);
    const refused = await join(rider.client, { yearId: year.id, kind: "OPEN" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Form year is closed to new members: ask the office");
    expect(await (await rider.client.get("/membership")).text()).not.toContain("Form year (");
    await admin.client.form("/admin/members", { intent: "year-reopen", yearId: year.id });
    expect((await join(rider.client, { yearId: year.id, kind: "OPEN" })).status).toBe(201);
    // Joined: the year is no longer offered to this rider, and dates read as elsewhere in the app.
    const membershipPage = await (await rider.client.get("/membership")).text();
    expect(membershipPage).not.toContain("Form year (");
    expect(membershipPage).toContain("(Jan 1, 2055 to Dec 31, 2055)");
    expect(membershipPage).not.toContain("(2055-01-01 to 2055-12-31)");
  });
});
