import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { createUser, signIn } from "../helpers/factories";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

async function signedIn() {
  const user = createUser(app.db);
  const client = app.client();
  await signIn(client, user.email);
  return { user, client };
}

/** A JPEG carrying a camera make and GPS position in its EXIF, like a phone photo. */
function photoWithGps() {
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#b45309" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 45/1 0/1" } })
    .toBuffer();
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function signedUpload(client: Client, body: Buffer, type = "image/jpeg", kind = "showbill") {
  const grant = await client.json(`/api/objects/upload?kind=${kind}`, "POST");
  expect(grant.status).toBe(200);
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: "PUT", body: new Uint8Array(body), headers: { "Content-Type": type } });
  return { uploadURL, put };
}

describe("the upload-URL flow (POST /api/objects/upload, PUT, POST /api/objects/convert-url)", () => {
  it("stores an image without its EXIF/GPS, with a small preview, served with nosniff and long caching", async () => {
    const { client } = await signedIn();
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { uploadURL, put } = await signedUpload(client, original);
    expect(put.status).toBe(201);
    const converted = await client.json("/api/objects/convert-url", "POST", { uploadURL });
    const { accessURL, previewUrl } = (await converted.json()) as { accessURL: string; previewUrl: string };
    expect(accessURL).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.jpg$/);

    const file = await app.client().get(accessURL);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toContain("max-age=31536000");
    const stored = Buffer.from(await file.arrayBuffer());
    expect(stored.includes(Buffer.from("SecretCam"))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    const preview = await app.client().get(previewUrl);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    const small = Buffer.from(await preview.arrayBuffer());
    expect((await sharp(small).metadata()).width).toBe(480);
    expect(small.length).toBeLessThan(stored.length);
  });

  it("refuses a second PUT, a tampered or expired URL, and conversion by another user", async () => {
    const { client } = await signedIn();
    const { uploadURL, put } = await signedUpload(client, PDF, "application/pdf");
    expect(put.status).toBe(201);
    expect((await fetch(uploadURL, { method: "PUT", body: new Uint8Array(PDF) })).status).toBe(409);
    expect((await fetch(`${uploadURL}x`, { method: "PUT", body: new Uint8Array(PDF) })).status).toBe(403);
    const other = await signedIn();
    expect((await other.client.json("/api/objects/convert-url", "POST", { uploadURL })).status).toBe(404);
    const { accessURL } = (await (await client.json("/api/objects/convert-url", "POST", { uploadURL })).json()) as { accessURL: string };
    expect(accessURL).toMatch(/\.pdf$/);
    expect((await app.client().get(accessURL)).headers.get("content-type")).toBe("application/pdf");

    const { createUploadUrl } = await import("../../app/lib/uploads.server");
    process.env.DATA_DIR = app.dataDir;
    const stale = createUploadUrl("showbill", "someone", Date.now() - 60 * 60 * 1000).uploadURL.replace(/^https?:\/\/[^/]+/, app.url);
    expect((await fetch(stale, { method: "PUT", body: new Uint8Array(PDF) })).status).toBe(403);
  });

  it("judges type by content: a renamed executable and SVG are refused, oversized files too", async () => {
    const { client } = await signedIn();
    const exe = await signedUpload(client, ELF, "image/png");
    expect(exe.put.status).toBe(415);
    expect(await exe.put.json()).toMatchObject({ code: "file_type_not_accepted", message: "Please select a valid file type: a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF." });
    const svg = await signedUpload(client, SVG, "image/svg+xml");
    expect(svg.put.status).toBe(415);
    expect(await svg.put.json()).toMatchObject({ code: "svg_not_accepted", message: "Please select a valid file type: a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF. SVG drawings are not accepted." });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await signedUpload(client, big, "application/pdf");
    expect(tooBig.put.status).toBe(413);
    expect(await tooBig.put.json()).toMatchObject({ message: "File size must be less than 10MB" });
    // A profile picture must be an image: a PDF is refused for that kind.
    expect((await signedUpload(client, PDF, "application/pdf", "avatar")).put.status).toBe(415);
  });
});

describe("showbills on events", () => {
  it("adds an event with a showbill in the multipart form (no JavaScript), then keeps, replaces and removes it", async () => {
    const { client } = await signedIn();
    const name = `Showbill Event ${Date.now()}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ name, location: "Fort Worth, TX", zipCode: "76101", date: "2031-08-01", eventType: "barrel_racing", confirmTerms: "on" })) form.set(k, v);
    form.set("showbill", new Blob([await photoWithGps()], { type: "image/jpeg" }), "flyer.jpg");
    const res = await client.fetch("/add-event", { method: "POST", body: form });
    expect(res.status).toBe(302);
    const event = app.db.select().from(events).where(eq(events.name, name)).get()!;
    expect(event.showbillUrl).toMatch(/^\/uploads\/.+\.jpg$/);
    const stored = Buffer.from(await (await app.client().get(event.showbillUrl!)).arrayBuffer());
    expect(stored.includes(Buffer.from("SecretCam"))).toBe(false);

    // Keep: a PUT without showbillUrl leaves it.
    await client.json(`/api/events/${event.id}`, "PUT", { entryFee: "$20" });
    expect(app.db.select().from(events).where(eq(events.id, event.id)).get()!.showbillUrl).toBe(event.showbillUrl);
    // Replace through the upload-URL flow; the old file is deleted.
    const { uploadURL } = await signedUpload(client, PDF, "application/pdf");
    const { accessURL } = (await (await client.json("/api/objects/convert-url", "POST", { uploadURL })).json()) as { accessURL: string };
    const replaced = await client.json(`/api/events/${event.id}`, "PUT", { showbillUrl: accessURL });
    expect(await replaced.json()).toMatchObject({ showbillUrl: accessURL });
    expect((await app.client().get(event.showbillUrl!)).status).toBe(404);
    // Remove.
    const removed = await client.json(`/api/events/${event.id}`, "PUT", { showbillUrl: null });
    expect(await removed.json()).toMatchObject({ showbillUrl: null });
  });

  it("refuses a showbill URL that is not the user's own upload", async () => {
    const { client } = await signedIn();
    const res = await client.json("/api/events", "POST", {
      name: "Hotlink", location: "Fort Worth, TX", zipCode: "76101", date: "2031-08-01", eventType: ["rodeo"], confirmTerms: true,
      showbillUrl: "https://evil.example/flyer.jpg",
    });
    expect(res.status).toBe(400);
  });

  it("shows a too-large showbill error in the no-JavaScript form", async () => {
    const { client } = await signedIn();
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Big", location: "Fort Worth, TX", zipCode: "76101", date: "2031-08-01", eventType: "barrel_racing", confirmTerms: "on" })) form.set(k, v);
    form.set("showbill", new Blob([ELF], { type: "image/png" }), "flyer.png");
    const res = await client.fetch("/add-event", { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Invalid File Type: Please select a valid file type: a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF.");
  });
});
