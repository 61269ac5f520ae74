/**
 * The one upload mechanism of the app (showbills, profile pictures, run videos).
 *
 *   storeUpload(kind, bytes | Blob, ownerId) -> { url, previewUrl?, contentType, size }
 *     Checks size and type by content (magic bytes, never the name or the
 *     claimed type), refuses SVG, re-encodes images with sharp (which drops
 *     EXIF/GPS and other metadata) and writes two compressed WebP copies: a
 *     preview (480 px wide, for the share page and link previews) and a
 *     thumbnail (192 px wide, for lists: a 72 px card image on a 2.6x screen).
 *     Avatars are stored as a 192 px JPEG square instead, with no copies.
 *     Throws HttpError 413 "File size must be less than {N}MB" or 415
 *     "Please select a valid file type: ..." (SPEC.md section 8 wording).
 *
 *   createUploadUrl(kind, ownerId) -> { uploadURL, expiresAt }
 *     SPEC.md section 7 flow: a signed, short-lived (10 min), single-purpose
 *     URL for one file of one kind by one user. PUT the bytes to it
 *     (receiveSignedUpload), then convertUploadUrl(uploadURL, ownerId) gives
 *     the accessURL. A second PUT to the same URL is refused.
 *
 *   findUpload(url, { kind, ownerId }), previewUrlOf(url), thumbUrlOf(url),
 *   deleteUpload(url), readUpload(name) for serving.
 *
 * Files live under DATA_DIR/uploads with random names: `<id>.<ext>`, the
 * preview `<id>.preview.webp`, the thumbnail `<id>.thumb.webp` (images
 * stored before thumbnails existed have none: thumbUrlOf falls back to the
 * preview), and `<id>.json` recording kind, owner and the copies' URLs.
 * They are served by app/routes/uploads.$.ts with nosniff and long caching.
 * Run-log videos: `storeUpload("video", file, user.id)` or the signed flow
 * with kind "video"; videos are stored as sent (no re-encoding).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { config } from "./config.server";
import { HttpError } from "./http.server";

export type UploadKind = "showbill" | "avatar" | "video";

const MB = 1024 * 1024;
export const UPLOAD_RULES: Record<UploadKind, { accept: string[]; maxBytes: number }> = {
  showbill: { accept: ["image/*", "application/pdf"], maxBytes: 10 * MB },
  avatar: { accept: ["image/*"], maxBytes: 5 * MB },
  video: { accept: ["video/*"], maxBytes: 15 * MB },
};
export const UPLOAD_KINDS = Object.keys(UPLOAD_RULES) as UploadKind[];

/** Images sharp can decode and we re-encode; anything else "image/*" (SVG, ICO, PSD...) is refused. */
const IMAGE_OUTPUT: Record<string, "jpeg" | "png" | "webp" | "gif"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "jpeg",
  "image/heic": "jpeg",
  "image/heif": "jpeg",
  "image/tiff": "jpeg",
};
const EXTENSIONS: Record<string, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  "application/pdf": "pdf",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "video/x-m4v": "m4v",
  "video/3gpp": "3gp",
};
export const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  m4v: "video/x-m4v",
  "3gp": "video/3gpp",
};

/** Largest side of a stored image; showbills stay readable, phones download less. */
const MAX_IMAGE_SIDE = 2400;
const PREVIEW_WIDTH = 480;
const THUMB_WIDTH = 192;
/** Avatars show at 36 px in lists and 64 px on the profile card: 192 px covers a 3x screen. */
export const AVATAR_PX = 192;
const URL_TTL_MS = 10 * 60 * 1000;
const NAME = /^[A-Za-z0-9_-]{22}$/;

export type StoredUpload = { url: string; previewUrl?: string; thumbUrl?: string; contentType: string; size: number };

export const tooLarge = (kind: UploadKind) =>
  new HttpError(413, `File size must be less than ${UPLOAD_RULES[kind].maxBytes / MB}MB`, { title: "File Too Large" });
const wrongType = (kind: UploadKind) =>
  new HttpError(415, `Please select a valid file type: ${UPLOAD_RULES[kind].accept.join(", ")}`, { title: "Invalid File Type" });

function accepts(kind: UploadKind, mime: string) {
  return UPLOAD_RULES[kind].accept.some((a) => (a.endsWith("/*") ? mime.startsWith(a.slice(0, -1)) : mime === a));
}

function dir() {
  const d = config().uploadsDir;
  fs.mkdirSync(d, { recursive: true });
  return d;
}

const newName = () => randomBytes(16).toString("base64url").slice(0, 22);

async function toBuffer(input: Uint8Array | Blob): Promise<Buffer> {
  return input instanceof Blob ? Buffer.from(await input.arrayBuffer()) : Buffer.from(input);
}

/** Markup a browser would run if the bytes were ever read as a page (HTML, SVG). */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg|!doctype\s+html)[\s>/]/i;
/** A ZIP archive's end record, which ZIP readers look for in a file's last 64 KB. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** PDF actions that run code or open other files; a flyer needs none. Names may hide letters as #xx. */
const PDF_ACTIVE = /\/(?:JavaScript|JS|Launch|EmbeddedFile|RichMedia)(?![A-Za-z0-9])/;

/**
 * A file that is also something else (a polyglot): an image, PDF or video
 * carrying a page, a script or a ZIP archive. Images are re-encoded anyway,
 * but PDFs and videos are kept as sent, so all are refused alike.
 */
function isPolyglot(bytes: Buffer, mime: string) {
  const text = bytes.toString("latin1");
  if (MARKUP.test(text)) return true;
  if (bytes.subarray(Math.max(0, bytes.length - 65_557)).includes(ZIP_END)) return true;
  return mime === "application/pdf" && PDF_ACTIVE.test(text.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/**
 * Size and type by content: the sniffed type of a file this kind accepts,
 * or HttpError 413/415. Call it before anything decodes the file.
 */
export async function checkUpload(kind: UploadKind, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw wrongType(kind);
  if (bytes.length > UPLOAD_RULES[kind].maxBytes) throw tooLarge(kind);
  const sniffed = await fileTypeFromBuffer(bytes);
  const mime = sniffed?.mime ?? "";
  // SVG is text, so file-type never names it; an XML "image" is refused explicitly all the same.
  if (!mime || mime === "image/svg+xml" || mime === "application/xml" || !accepts(kind, mime)) throw wrongType(kind);
  if (mime.startsWith("image/") && !IMAGE_OUTPUT[mime]) throw wrongType(kind);
  if (isPolyglot(bytes, mime)) throw wrongType(kind);
  return mime;
}

/** Checks and stores one file under a fresh (or the given, for signed URLs) random name. */
export async function storeUpload(kind: UploadKind, input: Uint8Array | Blob, ownerId: string, name = newName()): Promise<StoredUpload> {
  if (input instanceof Blob && input.size > UPLOAD_RULES[kind].maxBytes) throw tooLarge(kind);
  const bytes = await toBuffer(input);
  const mime = await checkUpload(kind, bytes);

  const folder = dir();
  let body: Buffer = bytes;
  let ext: string;
  let previewUrl: string | undefined;
  let thumbUrl: string | undefined;
  let preview: { data: Buffer; info: { width: number; height: number } } | undefined;
  let thumb: Buffer | undefined;
  if (mime.startsWith("image/")) {
    // An avatar is one small still square (JPEG, on white where it was transparent), however it was sent.
    const avatar = kind === "avatar";
    const format = avatar ? "jpeg" : IMAGE_OUTPUT[mime]!;
    try {
      const animated = !avatar && (format === "gif" || format === "webp");
      const image = sharp(bytes, { animated, limitInputPixels: 60_000_000 }).rotate();
      // sharp writes no metadata unless asked (.withMetadata()), so EXIF, GPS and XMP go here.
      const sized = avatar
        ? image.resize(AVATAR_PX, AVATAR_PX, { fit: "cover" }).flatten({ background: "#ffffff" })
        : image.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true });
      body = await sized.toFormat(format, format === "jpeg" ? { quality: avatar ? 80 : 85, mozjpeg: true } : {}).toBuffer();
      if (!avatar) {
        const copy = (width: number, quality: number) =>
          sharp(bytes, { limitInputPixels: 60_000_000 }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality });
        // Its size is kept, so a page can give the <img> its width and height and nothing moves when it loads.
        preview = await copy(PREVIEW_WIDTH, 55).toBuffer({ resolveWithObject: true });
        thumb = await copy(THUMB_WIDTH, 60).toBuffer();
      }
    } catch {
      // A file that claims to be an image but does not decode is not one.
      throw wrongType(kind);
    }
    ext = EXTENSIONS[format]!;
  } else {
    ext = EXTENSIONS[mime] ?? "";
    if (!ext) throw wrongType(kind);
  }
  const url = `/uploads/${name}.${ext}`;
  try {
    // Outside the decoding above: a full disk (ENOSPC) is a storage failure (503), not a wrong file type.
    if (preview) {
      fs.writeFileSync(path.join(folder, `${name}.preview.webp`), preview.data, { flag: "wx" });
      previewUrl = `/uploads/${name}.preview.webp`;
    }
    if (thumb) {
      fs.writeFileSync(path.join(folder, `${name}.thumb.webp`), thumb, { flag: "wx" });
      thumbUrl = `/uploads/${name}.thumb.webp`;
    }
    fs.writeFileSync(path.join(folder, `${name}.${ext}`), body, { flag: "wx" });
    const previewSize = preview ? { width: preview.info.width, height: preview.info.height } : undefined;
    fs.writeFileSync(path.join(folder, `${name}.json`), JSON.stringify({ kind, ownerId, url, previewUrl, previewSize, thumbUrl, createdAt: new Date().toISOString() }), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new HttpError(409, "This upload URL has already been used");
    // Anything else (a full disk): remove what this call wrote ("wx": none of it existed before), so no half file stays.
    for (const file of [`${name}.preview.webp`, `${name}.thumb.webp`, `${name}.${ext}`, `${name}.json`]) fs.rmSync(path.join(folder, file), { force: true });
    throw error;
  }
  return { url, previewUrl, thumbUrl, contentType: CONTENT_TYPES[ext]!, size: body.length };
}

type Grant = { k: UploadKind; o: string; n: string; e: number };

function sign(payload: string) {
  return createHmac("sha256", `${config().sessionSecret}:uploads`).update(payload).digest("base64url");
}

/** A signed URL good for one PUT of one file of one kind by one user, for 10 minutes. */
export function createUploadUrl(kind: UploadKind, ownerId: string, now = Date.now()) {
  const grant: Grant = { k: kind, o: ownerId, n: newName(), e: now + URL_TTL_MS };
  const payload = Buffer.from(JSON.stringify(grant)).toString("base64url");
  const token = `${payload}.${sign(payload)}`;
  return { uploadURL: `${config().appOrigin}/api/objects/put/${token}`, expiresAt: new Date(grant.e).toISOString() };
}

function readGrant(token: string): Grant | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const grant = JSON.parse(Buffer.from(payload, "base64url").toString()) as Grant;
    return UPLOAD_KINDS.includes(grant.k) && NAME.test(grant.n) ? grant : null;
  } catch {
    return null;
  }
}

/** The PUT of the signed flow: the grant says which kind, whose, and under which name. */
export async function receiveSignedUpload(token: string, request: Request, now = Date.now()): Promise<StoredUpload> {
  const grant = readGrant(token);
  if (!grant) throw new HttpError(403, "This upload URL is not valid");
  if (grant.e < now) throw new HttpError(403, "This upload URL has expired");
  if (fs.existsSync(path.join(dir(), `${grant.n}.json`))) throw new HttpError(409, "This upload URL has already been used");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > UPLOAD_RULES[grant.k].maxBytes) throw tooLarge(grant.k);
  return storeUpload(grant.k, await readBody(request, grant.k), grant.o, grant.n);
}

/** The body, read only up to the kind's limit: one sent without a length is never buffered whole. */
async function readBody(request: Request, kind: UploadKind) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const };
    if (chunk.done) break;
    size += chunk.value.length;
    if (size > UPLOAD_RULES[kind].maxBytes) {
      reader!.releaseLock();
      throw tooLarge(kind);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, size);
}

/** SPEC.md "convert-url": the upload URL becomes the URL the file is served from; only for its owner. */
export function convertUploadUrl(uploadURL: string, ownerId: string): StoredUpload & { accessURL: string } {
  const token = String(uploadURL).split("/api/objects/put/")[1]?.split(/[?#]/)[0] ?? "";
  const grant = readGrant(token);
  if (!grant || grant.o !== ownerId) throw new HttpError(404, "Upload not found");
  const meta = readMeta(grant.n);
  if (!meta) throw new HttpError(404, "Upload not found");
  const ext = meta.url.split(".").pop()!;
  return { accessURL: meta.url, url: meta.url, previewUrl: meta.previewUrl, contentType: CONTENT_TYPES[ext]!, size: 0 };
}

type Meta = { kind: UploadKind; ownerId: string; url: string; previewUrl?: string; previewSize?: { width: number; height: number }; thumbUrl?: string };

function readMeta(name: string): Meta | null {
  if (!NAME.test(name)) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(dir(), `${name}.json`), "utf8")) as Meta;
  } catch {
    return null;
  }
}

function nameOf(url: string) {
  const m = /^(?:https?:\/\/[^/]+)?\/uploads\/([A-Za-z0-9_-]{22})\.[a-z0-9]+$/.exec(String(url));
  return m?.[1] ?? null;
}

/** The stored upload (of that kind and owner, when given) an URL points at, or null. */
export function findUpload(url: string, want: { kind?: UploadKind; ownerId?: string } = {}) {
  const name = nameOf(url);
  const meta = name ? readMeta(name) : null;
  if (!meta || (want.kind && meta.kind !== want.kind) || (want.ownerId && meta.ownerId !== want.ownerId)) return null;
  return meta;
}

/** The preview of a stored image, for slow connections and link previews. */
export function previewUrlOf(url: string | null | undefined) {
  return url ? (findUpload(url)?.previewUrl ?? null) : null;
}

/**
 * The preview of a stored image with its size, for an <img> that keeps its
 * place while loading. Previews stored before sizes were recorded are
 * given a showbill's usual 3:4 (the image is then fitted inside that box).
 */
export function previewOf(url: string | null | undefined) {
  const meta = url ? findUpload(url) : null;
  if (!meta?.previewUrl) return null;
  return { url: meta.previewUrl, ...(meta.previewSize ?? { width: PREVIEW_WIDTH, height: (PREVIEW_WIDTH * 4) / 3 }) };
}

/** The small copy of a stored image, for lists (the preview for images stored before thumbnails). */
export function thumbUrlOf(url: string | null | undefined) {
  const meta = url ? findUpload(url) : null;
  return meta?.thumbUrl ?? meta?.previewUrl ?? null;
}

export function deleteUpload(url: string) {
  const name = nameOf(url);
  const meta = name ? readMeta(name) : null;
  if (!name || !meta) return;
  for (const file of [meta.url, meta.previewUrl, meta.thumbUrl, `/uploads/${name}.json`]) {
    if (file) fs.rmSync(path.join(dir(), path.basename(file)), { force: true });
  }
}

/** Serving: a file name as the route received it, checked, to its path and type. */
export function readUpload(fileName: string): { file: string; contentType: string } | null {
  const m = /^([A-Za-z0-9_-]{22})(\.preview|\.thumb)?\.([a-z0-9]+)$/.exec(fileName);
  if (!m) return null;
  const ext = m[3]!;
  const contentType = m[2] ? (ext === "webp" ? "image/webp" : null) : CONTENT_TYPES[ext];
  if (!contentType) return null;
  const file = path.join(dir(), fileName);
  return fs.existsSync(file) ? { file, contentType } : null;
}
