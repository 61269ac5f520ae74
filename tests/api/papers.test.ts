import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horseDocuments, horses, users } from "../../db/schema";
import { PAPER_MESSAGES } from "../../app/schemas/papers";
import { uploadRefusal } from "../../app/schemas/uploads";
import { setClock } from "../../app/lib/clock.server";
import { PASSWORD, signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * A horse's papers: added as multipart (through the upload check), listed,
 * served and deleted for the owner's session only, stored outside the public
 * uploads, in the owner's export and nobody else's, removed with their row,
 * their horse and their account.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

const papersDir = () => path.join(app.dataDir, "private", "papers");
const storedPapers = () => (fs.existsSync(papersDir()) ? fs.readdirSync(papersDir()).sort() : []);
const publicUploads = () => (fs.existsSync(path.join(app.dataDir, "uploads")) ? fs.readdirSync(path.join(app.dataDir, "uploads")) : []);

let n = 0;
function createHorse(userId: string, overrides: Partial<typeof horses.$inferInsert> = {}) {
  n += 1;
  return app.db.insert(horses).values({ userId, name: `Dash ${n}`, ...overrides }).returning().get();
}

const pdf = (body = "1 0 obj<<>>endobj\ntrailer<<>>\n") => Buffer.from(`%PDF-1.4\n${body}%%EOF\n`);
/** A phone photo of the paper: camera make and GPS position in its EXIF. */
const photoWithGps = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: "#92400e" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 45/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "97/1 19/1 0/1" } })
    .toBuffer();

type Fields = { kind?: string; issuedOn?: string; expiresOn?: string };
function paperForm(fields: Fields, file?: { bytes: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

const COGGINS = { kind: "coggins", issuedOn: "2026-06-01", expiresOn: "2027-06-01" };

async function postPaper(client: Client, horseId: string, fields: Fields = COGGINS, file?: { bytes: Buffer; type: string; name: string }) {
  return client.fetch(`/api/horses/${horseId}/documents`, { method: "POST", body: paperForm(fields, file ?? { bytes: pdf(), type: "application/pdf", name: "coggins.pdf" }) });
}

async function addPaper(client: Client, horseId: string, fields: Fields = COGGINS) {
  const res = await postPaper(client, horseId, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; fileUrl: string; kind: string; expiresOn: string | null };
}

describe("adding papers", () => {
  it("stores a PDF privately and answers it without its storage key", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const before = publicUploads().length;
    const res = await postPaper(client, horse.id);
    expect(res.status).toBe(201);
    const paper = (await res.json()) as Record<string, unknown>;
    expect(paper).toMatchObject({ horseId: horse.id, kind: "coggins", label: "Coggins (EIA test)", issuedOn: "2026-06-01", expiresOn: "2027-06-01", contentType: "application/pdf", fileName: "coggins.pdf" });
    expect(paper.fileUrl).toBe(`/api/horses/${horse.id}/documents/${paper.id}/file`);
    expect(JSON.stringify(paper)).not.toContain("fileKey");
    const row = app.db.select().from(horseDocuments).where(eq(horseDocuments.id, paper.id as string)).get()!;
    expect(fs.existsSync(path.join(papersDir(), row.fileKey))).toBe(true);
    expect(publicUploads().length, "nothing lands in the public uploads").toBe(before);

    const file = await client.get(paper.fileUrl as string);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toBe('inline; filename="coggins.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf())).toBe(true);
  });

  it("strips the location data of a photographed paper", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await postPaper(client, horse.id, { kind: "health_certificate", expiresOn: "2027-01-15" }, { bytes: photo, type: "image/jpeg", name: "cert.jpg" });
    expect(res.status).toBe(201);
    const { fileUrl } = (await res.json()) as { fileUrl: string };
    const served = await client.get(fileUrl);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("SecretCam"))).toBe(false);
  });

  it("lists a horse's papers, soonest expiry first, those that never expire last", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    await addPaper(client, horse.id, { kind: "registration" });
    await addPaper(client, horse.id, { kind: "coggins", expiresOn: "2030-05-01" });
    await addPaper(client, horse.id, { kind: "health_certificate", expiresOn: "2029-01-01" });
    await addPaper(client, horse.id, { kind: "coggins", issuedOn: "2020-01-01", expiresOn: "2021-01-01" });
    const res = await client.get(`/api/horses/${horse.id}/documents`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { kind: string; expiresOn: string | null; status: string }[];
    expect(list.map((p) => [p.kind, p.expiresOn, p.status])).toEqual([
      ["coggins", "2021-01-01", "expired"],
      ["health_certificate", "2029-01-01", "current"],
      ["coggins", "2030-05-01", "current"],
      ["registration", null, "current"],
    ]);
  });

  it.each([
    ["no kind", { issuedOn: "2026-01-01", expiresOn: "2027-01-01" }, PAPER_MESSAGES.kind],
    ["an unknown kind", { kind: "passport", expiresOn: "2027-01-01" }, PAPER_MESSAGES.kind],
    ["a date that is not one", { kind: "other", issuedOn: "2026-02-30" }, PAPER_MESSAGES.date],
    ["a date in another format", { kind: "other", expiresOn: "06/01/2027" }, PAPER_MESSAGES.date],
    ["an expiry before the issue date", { kind: "other", issuedOn: "2026-06-01", expiresOn: "2026-05-31" }, PAPER_MESSAGES.expiresAfterIssued],
    ["an expiry on the issue date", { kind: "brand_inspection", issuedOn: "2026-06-01", expiresOn: "2026-06-01" }, PAPER_MESSAGES.expiresAfterIssued],
    ["a Coggins without an expiry", { kind: "coggins", issuedOn: "2026-06-01" }, PAPER_MESSAGES.expiresRequired],
    ["a health certificate without an expiry", { kind: "health_certificate" }, PAPER_MESSAGES.expiresRequired],
  ])("refuses %s with a 400 saying why, storing nothing", async (_name, fields, message) => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const before = storedPapers();
    const res = await postPaper(client, horse.id, fields);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(storedPapers()).toEqual(before);
  });

  it("refuses a paper without its file, and a body that is not a form", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const noFile = await client.fetch(`/api/horses/${horse.id}/documents`, { method: "POST", body: paperForm(COGGINS) });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { message: string }).message).toBe(PAPER_MESSAGES.file);
    const json = await client.json(`/api/horses/${horse.id}/documents`, "POST", COGGINS);
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toMatch(/multipart\/form-data/);
  });

  const SCRIPT = "<html><body><script>alert(document.cookie)</script></body></html>";
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), Buffer.alloc(2048)]);
  it.each([
    ["an HTML page called .jpg", Buffer.from(`<!doctype html>${SCRIPT}`), "image/jpeg", "coggins.jpg", "file_not_real"],
    ["an SVG with a script", SVG, "image/png", "coggins.png", "svg_not_accepted"],
    ["a PDF that runs JavaScript", pdf("1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n"), "application/pdf", "coggins.pdf", "file_carries_code"],
    ["a GIF carrying a page", Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(10), Buffer.from(SCRIPT)]), "image/gif", "coggins.gif", "file_carries_code"],
    ["a video", MP4, "video/mp4", "coggins.mp4", "file_type_not_accepted"],
  ] as const)("refuses %s (415 with its code), storing nothing", async (_name, bytes, type, name, code) => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const before = storedPapers();
    const res = await postPaper(client, horse.id, COGGINS, { bytes, type, name });
    const expected = uploadRefusal("paper", code);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code, message: expected.message, title: "Invalid File Type" });
    expect(storedPapers()).toEqual(before);
  });

  it("refuses a paper issued later than the rider's today (their home's calendar), storing nothing", async () => {
    // 9 pm on Nov 25 in Fort Worth, already Nov 26 in UTC.
    setClock(new Date("2026-11-26T03:00:00Z"));
    try {
      const { user, client } = await signedInRider(app, { homeZipCode: "76101" });
      const horse = createHorse(user.id);
      const before = storedPapers();
      const future = await postPaper(client, horse.id, { kind: "coggins", issuedOn: "2026-11-26", expiresOn: "2027-11-26" });
      expect(future.status).toBe(400);
      expect(await future.json()).toMatchObject({ message: PAPER_MESSAGES.issuedInFuture, errors: { issuedOn: [PAPER_MESSAGES.issuedInFuture] } });
      expect(storedPapers()).toEqual(before);
      const paper = await addPaper(client, horse.id, { kind: "coggins", issuedOn: "2026-11-25", expiresOn: "2027-11-25" });
      const moved = await client.json(`/api/horses/${horse.id}/documents/${paper.id}`, "PATCH", { issuedOn: "2026-12-01" });
      expect(moved.status).toBe(400);
      expect(((await moved.json()) as { message: string }).message).toBe(PAPER_MESSAGES.issuedInFuture);
    } finally {
      setClock(null);
    }
  });

  it("refuses a file over 10 MB with 413 before reading it", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await postPaper(client, horse.id, COGGINS, { bytes: big, type: "application/pdf", name: "big.pdf" });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "file_too_large", message: "File size must be less than 10MB" });
  });
});

describe("papers are private to the horse's owner", () => {
  it("another rider, an administrator and a visitor get nothing of them, and change nothing", async () => {
    const owner = await signedInRider(app);
    const horse = createHorse(owner.user.id);
    const paper = await addPaper(owner.client, horse.id);
    const other = await signedInRider(app);
    const admin = await signedInRider(app, { isAdmin: true });
    const visitor = app.client();
    const files = storedPapers();

    for (const { client } of [other, admin]) {
      for (const url of [`/api/horses/${horse.id}/documents`, `/api/horses/${horse.id}/documents/${paper.id}`, paper.fileUrl]) {
        const res = await client.get(url);
        expect(res.status, url).toBe(404);
        expect(await res.text()).not.toContain(paper.id);
      }
      expect((await postPaper(client, horse.id)).status).toBe(404);
      expect((await client.json(`/api/horses/${horse.id}/documents/${paper.id}`, "PATCH", { expiresOn: "2030-01-01" })).status).toBe(404);
      expect((await client.json(`/api/horses/${horse.id}/documents/${paper.id}`, "DELETE")).status).toBe(404);
      // Their own horse's path with the owner's paper id: still nothing.
      const theirs = createHorse((await (await client.get("/api/auth/user")).json()).id as string);
      expect((await client.get(`/api/horses/${theirs.id}/documents/${paper.id}/file`)).status).toBe(404);
    }
    for (const url of [`/api/horses/${horse.id}/documents`, paper.fileUrl]) {
      const res = await visitor.get(url);
      // Signed out: the same 401 as every /api route, whatever the id (nothing about the paper in it).
      expect(res.status, url).toBe(401);
      expect(await res.text()).not.toContain(paper.id);
    }
    expect(storedPapers(), "no file stored for another's horse, none removed").toEqual(files);
    const row = app.db.select().from(horseDocuments).where(eq(horseDocuments.id, paper.id)).get();
    expect(row?.expiresOn).toBe("2027-06-01");
    expect((await owner.client.get(paper.fileUrl)).status).toBe(200);
  });

  it("are in the owner's data export, linked, and in nobody else's", async () => {
    const owner = await signedInRider(app);
    const horse = createHorse(owner.user.id, { name: "Export Dash" });
    const paper = await addPaper(owner.client, horse.id);
    const mine = (await (await owner.client.get("/api/account/export")).json()) as { horsePapers: Record<string, unknown>[] };
    expect(mine.horsePapers).toEqual([
      expect.objectContaining({ id: paper.id, horseId: horse.id, horseName: "Export Dash", kind: "coggins", expiresOn: "2027-06-01", fileUrl: `${app.url}${paper.fileUrl}` }),
    ]);
    expect(JSON.stringify(mine)).not.toContain(app.db.select().from(horseDocuments).where(eq(horseDocuments.id, paper.id)).get()!.fileKey);
    const other = await signedInRider(app);
    const theirs = await (await other.client.get("/api/account/export")).text();
    expect(theirs).not.toContain(paper.id);
    expect(theirs).not.toContain("Export Dash");
  });
});

describe("a paper's file leaves with it", () => {
  it("deleting a paper removes its row and its file", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const paper = await addPaper(client, horse.id);
    const { fileKey } = app.db.select().from(horseDocuments).where(eq(horseDocuments.id, paper.id)).get()!;
    const res = await client.json(`/api/horses/${horse.id}/documents/${paper.id}`, "DELETE");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Paper deleted" });
    expect(fs.existsSync(path.join(papersDir(), fileKey))).toBe(false);
    expect((await client.get(paper.fileUrl)).status).toBe(404);
    expect((await client.json(`/api/horses/${horse.id}/documents/${paper.id}`, "DELETE")).status).toBe(404);
    expect(await (await client.get(`/api/horses/${horse.id}/documents`)).json()).toEqual([]);
  });

  it("deleting the horse removes its papers and their files, and only its own", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const kept = createHorse(user.id);
    const paper = await addPaper(client, horse.id);
    const other = await addPaper(client, kept.id);
    const keyOf = (id: string) => app.db.select().from(horseDocuments).where(eq(horseDocuments.id, id)).get()?.fileKey;
    const key = keyOf(paper.id)!;
    const otherKey = keyOf(other.id)!;
    expect((await client.json(`/api/horses/${horse.id}`, "DELETE")).status).toBe(200);
    expect(keyOf(paper.id)).toBeUndefined();
    expect(fs.existsSync(path.join(papersDir(), key))).toBe(false);
    expect(fs.existsSync(path.join(papersDir(), otherKey))).toBe(true);
    expect((await client.get(other.fileUrl)).status).toBe(200);
  });

  it("deleting the account removes its papers' files", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    await addPaper(client, horse.id);
    await addPaper(client, horse.id, { kind: "registration" });
    const keys = app.db.select().from(horseDocuments).where(eq(horseDocuments.userId, user.id)).all().map((d) => d.fileKey);
    expect(keys).toHaveLength(2);
    expect((await client.form("/settings", { intent: "delete-account", password: PASSWORD })).status).toBe(302);
    expect(app.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    for (const key of keys) expect(fs.existsSync(path.join(papersDir(), key))).toBe(false);
  });

  it("the housekeeping sweep removes day-old paper files no row references, and only those", async () => {
    const { sweepOrphanPaperFiles } = await import("../../app/lib/uploads/private.server");
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const paper = await addPaper(client, horse.id);
    const kept = app.db.select().from(horseDocuments).where(eq(horseDocuments.id, paper.id)).get()!.fileKey;
    const orphan = path.join(papersDir(), "AAAAAAAAAAAAAAAAAAAAAA.pdf");
    const young = path.join(papersDir(), "BBBBBBBBBBBBBBBBBBBBBB.pdf");
    fs.writeFileSync(orphan, pdf());
    fs.writeFileSync(young, pdf());
    const old = (Date.now() - 25 * 60 * 60 * 1000) / 1000;
    fs.utimesSync(orphan, old, old);
    fs.utimesSync(path.join(papersDir(), kept), old, old);
    expect(sweepOrphanPaperFiles(app.db, app.dataDir)).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    expect(fs.existsSync(path.join(papersDir(), kept))).toBe(true);
    fs.rmSync(young);
  });
});

describe("changing a paper's dates", () => {
  it("takes new dates by the same rules, a field left out staying as it was", async () => {
    const { user, client } = await signedInRider(app);
    const horse = createHorse(user.id);
    const paper = await addPaper(client, horse.id);
    const url = `/api/horses/${horse.id}/documents/${paper.id}`;
    const moved = await client.json(url, "PATCH", { expiresOn: "2027-12-01" });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ issuedOn: "2026-06-01", expiresOn: "2027-12-01" });
    const before = await client.json(url, "PATCH", { expiresOn: "2026-01-01" });
    expect(before.status).toBe(400);
    expect(((await before.json()) as { message: string }).message).toBe(PAPER_MESSAGES.expiresAfterIssued);
    const cleared = await client.json(url, "PATCH", { expiresOn: null });
    expect(cleared.status).toBe(400);
    expect(((await cleared.json()) as { message: string }).message).toBe(PAPER_MESSAGES.expiresRequired);
    const junk = await client.json(url, "PATCH", { expiresOn: "soon" });
    expect(junk.status).toBe(400);
    expect(((await junk.json()) as { message: string }).message).toBe(PAPER_MESSAGES.date);
    expect((await (await client.get(url)).json()) as object).toMatchObject({ expiresOn: "2027-12-01" });
  });
});
