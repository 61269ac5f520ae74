import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, runLogs, users } from "../../db/schema";
import { uploadRefusal, type UploadRefusalCode } from "../../app/schemas/uploads";
import { signedInRider } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Hostile files against every way a file gets in: showbills, profile
 * pictures and run videos, each through its no-JavaScript form and through
 * the signed upload URL. Refusals are "Title: message" with a `code`
 * (app/schemas/uploads.ts).
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

type Kind = "showbill" | "avatar" | "video";
const MB = 1024 * 1024;
const LIMITS: Record<Kind, { mb: number }> = { showbill: { mb: 10 }, avatar: { mb: 5 }, video: { mb: 15 } };
const tooLarge = (kind: Kind) => `File size must be less than ${LIMITS[kind].mb}MB`;

/* ------------------------------------------------------------ the files */

const SCRIPT = "<html><body><script>alert(document.cookie)</script></body></html>";
const jpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#b45309" } }).jpeg().toBuffer();
const png = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
const mp4 = (size = 2048) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), Buffer.alloc(Math.max(0, size - 24))]);
const pdf = (body = "1 0 obj<<>>endobj\ntrailer<<>>\n") => Buffer.from(`%PDF-1.4\n${body}%%EOF\n`);

/** A real ZIP archive (one stored file), as appended to make a polyglot. */
function zip(name = "index.html", content = SCRIPT) {
  const data = Buffer.from(content);
  const file = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(local.length + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
const SVG_XML = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${SVG.toString()}`);

/**
 * Files refused for every kind whatever they are called or claim to be, by
 * what they are; with the refusal's code where it is the same for every
 * kind (a PDF carrying a page is "carries code" as a showbill and "not
 * accepted" as a video).
 */
async function hostileFiles(): Promise<Array<[string, Buffer, string, string, UploadRefusalCode | null]>> {
  return [
    ["an HTML page called .jpg", Buffer.from(`<!doctype html>${SCRIPT}`), "image/jpeg", "photo.jpg", "file_not_real"],
    ["an SVG with a script called .png, sent as image/png", SVG, "image/png", "photo.png", "svg_not_accepted"],
    ["an SVG with an XML declaration sent as image/svg+xml", SVG_XML, "image/svg+xml", "photo.svg", "svg_not_accepted"],
    ["a JPEG header followed by HTML and script", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT)]), "image/jpeg", "photo.jpg", null],
    ["a real JPEG followed by HTML and script", Buffer.concat([await jpeg(), Buffer.from(SCRIPT)]), "image/jpeg", "photo.jpg", null],
    ["a GIF header around a script (GIFAR style)", Buffer.from(`GIF89a/*${SCRIPT}*/=1;`), "image/gif", "photo.gif", null],
    ["a PDF that is also an HTML page", pdf(`${SCRIPT}\n`), "application/pdf", "flyer.pdf", null],
    ["a PDF that is also a ZIP archive", Buffer.concat([pdf(), zip()]), "application/pdf", "flyer.pdf", null],
    ["a PDF that runs JavaScript when opened", pdf("1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n"), "application/pdf", "flyer.pdf", null],
    ["a video followed by HTML and script", Buffer.concat([mp4(), Buffer.from(SCRIPT)]), "video/mp4", "run.mp4", null],
    ["a video that is also a ZIP archive", Buffer.concat([mp4(), zip()]), "video/mp4", "run.mp4", null],
    ["a Windows executable called .mp4", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(512)]), "video/mp4", "run.mp4", "file_type_not_accepted"],
    ["a ZIP archive called .png", zip(), "image/png", "photo.png", "file_type_not_accepted"],
  ];
}

/* ------------------------------------------------------------ the ways in */

function uploadedFiles() {
  const dir = path.join(app.dataDir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function grant(client: Client, kind: Kind) {
  const res = kind === "avatar" ? await client.json("/api/profile-picture/upload", "POST") : await client.json(`/api/objects/upload?kind=${kind}`, "POST");
  expect(res.status).toBe(200);
  return ((await res.json()) as { uploadURL: string }).uploadURL;
}

/** The signed-URL flow: PUT the bytes with the claimed type. Answers status, code, title and message. */
async function putSigned(client: Client, kind: Kind, bytes: Buffer, type: string) {
  const url = await grant(client, kind);
  const res = await fetch(url, { method: "PUT", headers: { "Content-Type": type }, body: new Uint8Array(bytes) });
  const body = (await res.json()) as { message?: string; code?: UploadRefusalCode; title?: string };
  return { status: res.status, message: body.message, code: body.code, title: body.title, url };
}

let n = 0;
/** The no-JavaScript form of each kind. Answers status and the text the rider sees. */
async function postForm(client: Client, userId: string, kind: Kind, bytes: Buffer, type: string, name: string) {
  const form = new FormData();
  const file = new Blob([new Uint8Array(bytes)], { type });
  n += 1;
  if (kind === "showbill") {
    const fields = { name: `Hostile Showbill ${n}`, location: "Fort Worth, TX", zipCode: "76101", date: "2031-08-01", eventType: "barrel_racing", confirmTerms: "on" };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("showbill", file, name);
    const res = await client.fetch("/add-event", { method: "POST", body: form });
    const stored = app.db.select().from(events).where(eq(events.name, fields.name)).get();
    return { status: res.status, text: await res.text(), stored: stored?.showbillUrl ?? null };
  }
  if (kind === "avatar") {
    form.set("intent", "avatar");
    form.set("picture", file, name);
    const res = await client.fetch("/settings/account", { method: "POST", body: form });
    // The answer is a redirect; the toast shows on the next page, as without JavaScript.
    const text = await (await client.get(res.headers.get("location") ?? "/settings")).text();
    const stored = app.db.select().from(users).where(eq(users.id, userId)).get()!.profileImageUrl;
    return { status: res.status, text, stored };
  }
  form.set("intent", "create");
  form.set("arenaName", `Hostile Arena ${n}`);
  form.set("video", file, name);
  const res = await client.fetch("/run-log", { method: "POST", body: form });
  const stored = app.db.select().from(runLogs).where(eq(runLogs.arenaName, `Hostile Arena ${n}`)).get();
  return { status: res.status, text: await res.text(), stored: stored?.videoUrl ?? (stored ? "run without video" : null) };
}

/** How each form shows a refused file: "Title: message". */
function expectFormRefusal(kind: Kind, result: { status: number; text: string; stored: string | null }, title: string, message: string) {
  expect(result.stored).toBeNull();
  if (kind === "avatar") {
    // A toast after the redirect: "Failed to update profile picture", with the upload's reason.
    expect(result.status).toBe(302);
    expect(result.text).toContain(">Failed to update profile picture<");
    expect(result.text).toContain(`${title}: ${message}`);
  } else {
    expect(result.status).toBe(kind === "showbill" ? 400 : title === "File Too Large" ? 413 : 415);
    expect(result.text).toContain(`${title}: ${message}`);
  }
}

const KINDS: Kind[] = ["showbill", "avatar", "video"];

describe("hostile files are refused with a message saying why, a code, and nothing is stored", () => {
  it.each(KINDS)("%s, through the signed upload URL and through the form", async (kind) => {
    const { user, client } = await signedInRider(app);
    for (const [name, bytes, type, fileName, code] of await hostileFiles()) {
      const before = uploadedFiles();
      const signed = await putSigned(client, kind, bytes, type);
      expect(signed.code && uploadRefusal(kind, signed.code), name).toEqual({ status: 415, code: signed.code, title: signed.title, message: signed.message });
      expect(signed.status).toBe(415);
      if (code) expect(signed.code, name).toBe(code);
      const form = await postForm(client, user.id, kind, bytes, type, fileName);
      expectFormRefusal(kind, form, "Invalid File Type", signed.message!);
      expect(uploadedFiles(), name).toEqual(before);
    }
  });

  it("says a text file named .png is not a real image, and that SVG is not accepted, naming the accepted kinds", async () => {
    const { user, client } = await signedInRider(app);
    const kinds = "a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF";
    const text = Buffer.from("Barrel race at noon, entries close Friday.\n");
    const notReal = `Please select a valid file type: ${kinds}. This file is not a real image or PDF, whatever its name says.`;
    expect(await putSigned(client, "showbill", text, "image/png")).toMatchObject({ status: 415, code: "file_not_real", title: "Invalid File Type", message: notReal });
    expectFormRefusal("showbill", await postForm(client, user.id, "showbill", text, "image/png", "flyer.png"), "Invalid File Type", notReal);
    const svg = `Please select a valid file type: ${kinds}. SVG drawings are not accepted.`;
    expect(await putSigned(client, "showbill", SVG, "image/svg+xml")).toMatchObject({ status: 415, code: "svg_not_accepted", message: svg });
    expectFormRefusal("showbill", await postForm(client, user.id, "showbill", SVG, "image/svg+xml", "flyer.svg"), "Invalid File Type", svg);
  });

  it.each(KINDS)("%s: one byte over the limit, through the signed URL and the form", async (kind) => {
    const { user, client } = await signedInRider(app);
    const valid = kind === "video" ? mp4() : await jpeg();
    const big = Buffer.concat([valid, Buffer.alloc(LIMITS[kind].mb * MB + 1 - valid.length)]);
    const before = uploadedFiles();
    const signed = await putSigned(client, kind, big, kind === "video" ? "video/mp4" : "image/jpeg");
    expect(signed).toMatchObject({ status: 413, code: "file_too_large", title: "File Too Large", message: tooLarge(kind) });
    const form = await postForm(client, user.id, kind, big, kind === "video" ? "video/mp4" : "image/jpeg", kind === "video" ? "run.mp4" : "photo.jpg");
    expectFormRefusal(kind, form, "File Too Large", tooLarge(kind));
    expect(uploadedFiles()).toEqual(before);
  });

  it("cuts off an upload sent without a length at the limit instead of reading it all", async () => {
    const { client } = await signedInRider(app);
    const url = await grant(client, "showbill");
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024);
    // 100 MB streamed without a Content-Length: a server that read it all before judging would take every byte.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * MB) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "file_too_large", message: tooLarge("showbill") });
    expect(sent).toBeLessThan(64 * MB);
    // The unread rest of the body must not be taken for a next request on the same connection.
    expect(res.headers.get("connection")).toBe("close");
  });
});

describe("signed upload URLs", () => {
  it.each(KINDS)("%s: refuses a PUT to an expired URL, to a used URL, and a second simultaneous PUT", async (kind) => {
    const { user, client } = await signedInRider(app);
    const file = kind === "video" ? mp4() : await png();
    const type = kind === "video" ? "video/mp4" : "image/png";

    // A URL signed eleven minutes ago (they last ten).
    process.env.DATA_DIR = app.dataDir;
    const { createUploadUrl } = await import("../../app/lib/uploads.server");
    const stale = createUploadUrl(kind, user.id, Date.now() - 11 * 60 * 1000).uploadURL.replace(/^https?:\/\/[^/]+/, app.url);
    const expired = await fetch(stale, { method: "PUT", headers: { "Content-Type": type }, body: new Uint8Array(file) });
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: "This upload URL has expired" });

    const url = await grant(client, kind);
    expect((await fetch(url, { method: "PUT", headers: { "Content-Type": type }, body: new Uint8Array(file) })).status).toBe(201);
    const reused = await fetch(url, { method: "PUT", headers: { "Content-Type": type }, body: new Uint8Array(file) });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({ message: "This upload URL has already been used" });

    const race = await grant(client, kind);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetch(race, { method: "PUT", headers: { "Content-Type": type }, body: new Uint8Array(file) }).then((r) => r.status)),
    );
    expect(answers.sort()).toEqual([201, 409, 409, 409, 409]);

    // A tampered URL (another kind or owner written into it) is refused.
    const [token, signature] = url.split("/api/objects/put/")[1]!.split(".");
    const claims = JSON.parse(Buffer.from(token!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, k: kind === "video" ? "showbill" : "video" })).toString("base64url");
    const tampered = await fetch(`${app.url}/api/objects/put/${forged}.${signature}`, { method: "PUT", body: new Uint8Array(file) });
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual({ message: "This upload URL is not valid" });
  });
});

describe("a content type that lies", () => {
  it.each([
    ["showbill", "a PNG sent as application/pdf", png, "application/pdf", "image/png"],
    ["showbill", "a PDF sent as image/jpeg", async () => pdf(), "image/jpeg", "application/pdf"],
    // Avatars are re-encoded as a small JPEG square whatever they were.
    ["avatar", "a PNG sent as text/html", png, "text/html", "image/jpeg"],
    ["video", "an MP4 sent as image/png", async () => mp4(), "image/png", "video/mp4"],
  ] as const)("%s: %s is stored and served as what it is", async (kind, _name, make, claimed, actual) => {
    const { client } = await signedInRider(app);
    const put = await putSigned(client, kind, await make(), claimed);
    expect(put.status).toBe(201);
    const { accessURL } = (await (await client.json("/api/objects/convert-url", "POST", { uploadURL: put.url })).json()) as { accessURL: string };
    const served = await app.client().get(accessURL);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(actual);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("refuses a claimed image that is a page, whatever the name (form and signed URL)", async () => {
    const { user, client } = await signedInRider(app);
    const page = Buffer.from(`<!doctype html>${SCRIPT}`);
    expect((await putSigned(client, "avatar", page, "image/png")).status).toBe(415);
    expectFormRefusal("avatar", await postForm(client, user.id, "avatar", page, "image/png", "me.png"), "Invalid File Type", uploadRefusal("avatar", "file_not_real").message);
  });
});

describe("location metadata", () => {
  /** A phone photo: camera make and GPS position in its EXIF. */
  const photo = (format: "jpeg" | "webp") =>
    sharp({ create: { width: 900, height: 1200, channels: 3, background: "#a4541b" } })
      .toFormat(format)
      .withExif({ IFD0: { Make: "SecretCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 45/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "97/1 19/1 0/1" } })
      .toBuffer();

  async function expectClean(url: string) {
    const res = await app.client().get(url);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif, url).toBeUndefined();
    expect(meta.xmp, url).toBeUndefined();
    expect(bytes.includes(Buffer.from("SecretCam")), url).toBe(false);
  }

  it.each(["jpeg", "webp"] as const)("is gone from every copy others can fetch of a %s showbill or profile picture, form or signed URL", async (format) => {
    const { user, client } = await signedInRider(app);
    const original = await photo(format);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const type = `image/${format}`;
    const urls: string[] = [];

    for (const kind of ["showbill", "avatar"] as const) {
      const put = await putSigned(client, kind, original, type);
      expect(put.status).toBe(201);
      const converted = (await (await client.json("/api/objects/convert-url", "POST", { uploadURL: put.url })).json()) as { accessURL: string; previewUrl?: string };
      urls.push(converted.accessURL, ...(converted.previewUrl ? [converted.previewUrl] : []));
      const form = await postForm(client, user.id, kind, original, type, `photo.${format}`);
      expect(form.stored).toMatch(/^\/uploads\//);
      urls.push(form.stored!);
    }
    // The picture on the profile and the showbill on the shared page are among them.
    expect(urls).toContain(app.db.select().from(users).where(eq(users.id, user.id)).get()!.profileImageUrl);
    for (const url of urls) await expectClean(url);
  });
});
