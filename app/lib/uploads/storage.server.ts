import fs from "node:fs";
import path from "node:path";
import { HttpError } from "~/lib/http.server";
import { UPLOAD_KINDS, UPLOAD_RULES, type UploadKind } from "~/schemas/uploads";
import { NAME, newName, uploadNameOf, uploadsDir } from "./files.server";
import { encodeImage, PREVIEW_WIDTH } from "./images.server";
import { replicateFiles } from "./replica.server";
import { checkUpload, refuse, tooLarge } from "./sniff.server";

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

export type StoredUpload = { url: string; previewUrl?: string; thumbUrl?: string; contentType: string; size: number };

async function toBuffer(input: Uint8Array | Blob): Promise<Buffer> {
  return input instanceof Blob ? Buffer.from(await input.arrayBuffer()) : Buffer.from(input);
}

/** A checked file ready to write: the bytes to keep (images re-encoded, without their metadata) and their type. */
export type PreparedFile = {
  body: Buffer;
  ext: string;
  contentType: string;
  preview?: { data: Buffer; info: { width: number; height: number } };
  thumb?: Buffer;
};

/**
 * The one check every stored file passes, public or private: size and type
 * by content (sniff.server.ts), images decoded and re-encoded (which drops
 * EXIF, GPS and other metadata), with or without the preview copies.
 */
export async function prepareFile(kind: UploadKind, input: Uint8Array | Blob, { copies = true } = {}): Promise<PreparedFile> {
  if (input instanceof Blob && input.size > UPLOAD_RULES[kind].maxBytes) throw tooLarge(kind);
  const bytes = await toBuffer(input);
  const mime = await checkUpload(kind, bytes);
  if (!mime.startsWith("image/")) {
    const ext = EXTENSIONS[mime] ?? "";
    if (!ext) throw refuse(kind, "file_type_not_accepted");
    return { body: bytes, ext, contentType: CONTENT_TYPES[ext]! };
  }
  try {
    const encoded = await encodeImage(bytes, mime, kind === "avatar", copies);
    const ext = EXTENSIONS[encoded.format]!;
    return { body: encoded.body, ext, contentType: CONTENT_TYPES[ext]!, preview: encoded.preview, thumb: encoded.thumb };
  } catch {
    // A file that claims to be an image but does not decode is not one.
    throw refuse(kind, "file_not_real");
  }
}

/** Checks and stores one file under a fresh (or the given, for signed URLs) random name. */
export async function storeUpload(kind: UploadKind, input: Uint8Array | Blob, ownerId: string, name = newName()): Promise<StoredUpload> {
  if (!UPLOAD_KINDS.includes(kind)) throw new Error(`${kind} files are private: app/lib/uploads/private.server.ts stores them`);
  const { body, ext, preview, thumb } = await prepareFile(kind, input);
  const folder = uploadsDir();
  let previewUrl: string | undefined;
  let thumbUrl: string | undefined;
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
  // To the replica, when one is configured, before the upload is acknowledged.
  const written = [previewUrl, thumbUrl, url].filter(Boolean).map((u) => u!.slice(1));
  await replicateFiles([...written, `uploads/${name}.json`]);
  return { url, previewUrl, thumbUrl, contentType: CONTENT_TYPES[ext]!, size: body.length };
}

type Meta = { kind: UploadKind; ownerId: string; url: string; previewUrl?: string; previewSize?: { width: number; height: number }; thumbUrl?: string };

export function readMeta(name: string): Meta | null {
  if (!NAME.test(name)) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(uploadsDir(), `${name}.json`), "utf8")) as Meta;
  } catch {
    return null;
  }
}

/** The stored upload (of that kind and owner, when given) an URL points at, or null. */
export function findUpload(url: string, want: { kind?: UploadKind; ownerId?: string } = {}) {
  const name = uploadNameOf(url);
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

/** Serving: a file name as the route received it, checked, to its path and type. */
export function readUpload(fileName: string): { file: string; contentType: string } | null {
  const m = /^([A-Za-z0-9_-]{22})(\.preview|\.thumb)?\.([a-z0-9]+)$/.exec(fileName);
  if (!m) return null;
  const ext = m[3]!;
  const contentType = m[2] ? (ext === "webp" ? "image/webp" : null) : CONTENT_TYPES[ext];
  if (!contentType) return null;
  const file = path.join(uploadsDir(), fileName);
  return fs.existsSync(file) ? { file, contentType } : null;
}
