import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/lib/config.server";
import { HttpError } from "~/lib/http.server";
import { UPLOAD_KINDS, UPLOAD_RULES, type UploadKind } from "~/schemas/uploads";
import { tooLarge } from "./sniff.server";
import { NAME, newName, uploadsDir } from "./files.server";
import { CONTENT_TYPES, readMeta, storeUpload, type StoredUpload } from "./storage.server";

const URL_TTL_MS = 10 * 60 * 1000;

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
  if (fs.existsSync(path.join(uploadsDir(), `${grant.n}.json`))) throw new HttpError(409, "This upload URL has already been used");
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

/** The upload URL becomes the URL the file is served from; only for its owner. */
export function convertUploadUrl(uploadURL: string, ownerId: string): StoredUpload & { accessURL: string } {
  const token = String(uploadURL).split("/api/objects/put/")[1]?.split(/[?#]/)[0] ?? "";
  const grant = readGrant(token);
  if (!grant || grant.o !== ownerId) throw new HttpError(404, "Upload not found");
  const meta = readMeta(grant.n);
  if (!meta) throw new HttpError(404, "Upload not found");
  const ext = meta.url.split(".").pop()!;
  return { accessURL: meta.url, url: meta.url, previewUrl: meta.previewUrl, contentType: CONTENT_TYPES[ext]!, size: 0 };
}
