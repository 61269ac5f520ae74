import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/lib/config.server";
import { unreplicateFiles } from "./replica.server";

/*
 * Where uploads live and how they are named, without the image and type
 * libraries, so housekeeping can remove files without loading them.
 */

/** An upload's random name (128 bits, base64url). */
export const NAME = /^[A-Za-z0-9_-]{22}$/;
export const newName = () => randomBytes(16).toString("base64url").slice(0, 22);

export function uploadsDir() {
  const d = config().uploadsDir;
  fs.mkdirSync(d, { recursive: true });
  return d;
}

/** The random name an upload URL (relative or absolute) points at, or null for any other URL. */
export function uploadNameOf(url: string | null | undefined) {
  const m = /^(?:https?:\/\/[^/]+)?\/uploads\/([A-Za-z0-9_-]{22})\.[a-z0-9]+$/.exec(String(url ?? ""));
  return m?.[1] ?? null;
}

/**
 * Removes an upload and its copies (file, preview, thumbnail, record), by
 * name, so nothing of it stays even when its record is gone. Any other URL
 * is left alone.
 */
export function deleteUpload(url: string) {
  const name = uploadNameOf(url);
  if (!name) return;
  const folder = uploadsDir();
  const file = new URL(url, "http://x").pathname.slice("/uploads/".length);
  const files = [file, `${name}.preview.webp`, `${name}.thumb.webp`, `${name}.json`];
  for (const each of files) fs.rmSync(path.join(folder, each), { force: true });
  unreplicateFiles(files.map((each) => `uploads/${each}`));
}
