import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, startTestServer, type TestServer } from "../helpers/server";
import { createLocatedEvent, createUser, signedInRider, signIn } from "../helpers/factories";

/**
 * Images reach phones resized and compressed, and every <img> carries its
 * width and height so nothing moves when it loads.
 */
let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(() => app.close());

/** A phone-camera-sized showbill. */
const flyer = () => sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#b45309" } }).jpeg().toBuffer();

async function putSigned(client: Client, kind: "showbill" | "avatar", body: Buffer, type: string) {
  const grant = await client.json(`/api/objects/upload?kind=${kind}`, "POST");
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: "PUT", body: new Uint8Array(body), headers: { "Content-Type": type } });
  expect(put.status).toBe(201);
  const converted = await client.json("/api/objects/convert-url", "POST", { uploadURL });
  return (await converted.json()) as { accessURL: string; previewUrl: string | null };
}

async function served(url: string) {
  const res = await app.client().get(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const bytes = Buffer.from(await res.arrayBuffer());
  return { type: res.headers.get("content-type"), bytes, meta: await sharp(bytes).metadata() };
}

/** The attributes of every <img> in the page whose src contains `src`. */
function imgs(html: string, src: string) {
  return [...html.matchAll(/<img\b[^>]*>/g)]
    .map(([tag]) => Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!])))
    .filter((attrs) => attrs.src?.includes(src));
}

async function showbillEvent(client: Client) {
  const { accessURL } = await putSigned(client, "showbill", await flyer(), "image/jpeg");
  const event = await createLocatedEvent(app.db, "76101", { showbillUrl: accessURL, date: "2031-05-02" });
  const name = path.basename(accessURL).split(".")[0]!;
  return { event, accessURL, name };
}

describe("showbills", () => {
  it("are stored with a 480 px preview and a 192 px thumbnail, both WebP and far smaller", async () => {
    const { client } = await signedInRider(app);
    const { accessURL, name } = await showbillEvent(client);
    const full = await served(accessURL);
    const preview = await served(`/uploads/${name}.preview.webp`);
    const thumb = await served(`/uploads/${name}.thumb.webp`);
    expect([preview.type, thumb.type]).toEqual(["image/webp", "image/webp"]);
    expect([preview.meta.width, preview.meta.height]).toEqual([480, 640]);
    expect([thumb.meta.width, thumb.meta.height]).toEqual([192, 256]);
    expect(thumb.bytes.length).toBeLessThan(preview.bytes.length);
    expect(preview.bytes.length).toBeLessThan(full.bytes.length);
  });

  it("show on event cards as the thumbnail, sized, lazy and decoded off the main thread", async () => {
    const { client } = await signedInRider(app, { homeZipCode: "76101" });
    const { name } = await showbillEvent(client);
    const html = await (await client.get("/")).text();
    const [card] = imgs(html, name);
    expect(card).toMatchObject({ src: `/uploads/${name}.thumb.webp`, width: "72", height: "96", loading: "lazy", decoding: "async" });
  });

  it("show on the share page as the preview with its own width and height", async () => {
    const { client } = await signedInRider(app);
    const { event, name } = await showbillEvent(client);
    const html = await (await app.client().get(`/share/event/${event.id}`)).text();
    expect(imgs(html, name)).toEqual([expect.objectContaining({ src: `/uploads/${name}.preview.webp`, width: "480", height: "640" })]);
    expect(html).toContain(`<meta property="og:image" content="${app.url}/uploads/${name}.preview.webp"/>`);
  });

  it("stored before thumbnails existed still show sized: the preview on cards, a 3:4 box on the share page", async () => {
    const { client } = await signedInRider(app, { homeZipCode: "76101" });
    const { event, name } = await showbillEvent(client);
    // What an upload of the previous release looks like: no thumbnail, no recorded preview size.
    const metaFile = path.join(app.dataDir, "uploads", `${name}.json`);
    const { thumbUrl: _thumb, previewSize: _size, ...older } = JSON.parse(fs.readFileSync(metaFile, "utf8"));
    fs.writeFileSync(metaFile, JSON.stringify(older));
    fs.rmSync(path.join(app.dataDir, "uploads", `${name}.thumb.webp`));

    const [card] = imgs(await (await client.get("/")).text(), name);
    expect(card).toMatchObject({ src: `/uploads/${name}.preview.webp`, width: "72", height: "96" });
    const [shared] = imgs(await (await app.client().get(`/share/event/${event.id}`)).text(), name);
    expect(shared).toMatchObject({ src: `/uploads/${name}.preview.webp`, width: "480", height: "640" });
  });
});

describe("profile pictures", () => {
  const big = (format: "jpeg" | "png") =>
    sharp({ create: { width: 1500, height: 1000, channels: format === "png" ? 4 : 3, background: { r: 20, g: 90, b: 160, alpha: 0.5 } } })
      .toFormat(format)
      .toBuffer();

  it("are stored as a 192 px JPEG square from the settings form", async () => {
    const { user, client } = await signedInRider(app);
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("picture", new Blob([new Uint8Array(await big("jpeg"))], { type: "image/jpeg" }), "me.jpg");
    await client.fetch("/settings/account", { method: "POST", body: form });
    const url = app.db.$client.prepare("SELECT profile_image_url AS url FROM users WHERE id = ?").get(user.id) as { url: string };
    const picture = await served(url.url);
    expect([picture.type, picture.meta.width, picture.meta.height]).toEqual(["image/jpeg", 192, 192]);
    expect(picture.bytes.length).toBeLessThan(20_000);
  });

  it("are stored as a 192 px JPEG square from the signed-URL API too (a transparent PNG included)", async () => {
    const { client } = await signedInRider(app);
    const { accessURL, previewUrl } = await putSigned(client, "avatar", await big("png"), "image/png");
    expect(previewUrl).toBeNull();
    const picture = await served(accessURL);
    expect([picture.type, picture.meta.width, picture.meta.height, picture.meta.hasAlpha]).toEqual(["image/jpeg", 192, 192, false]);
  });

  it("show in the riders search with their width and height, lazily", async () => {
    const rider = createUser(app.db, { firstName: "Zephyrine", privacyMode: "PUBLIC" });
    const riderClient = app.client();
    await signIn(riderClient, rider.email);
    const { accessURL } = await putSigned(riderClient, "avatar", await big("jpeg"), "image/jpeg");
    expect((await riderClient.json("/api/profile-picture", "PUT", { profileImageURL: accessURL })).status).toBe(200);

    const { client } = await signedInRider(app);
    const html = await (await client.get("/?riders=Zephyrine")).text();
    expect(imgs(html, accessURL)).toEqual([expect.objectContaining({ width: "36", height: "36", loading: "lazy", decoding: "async" })]);
  });
});
