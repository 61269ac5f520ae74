import { fileTypeFromBuffer } from "file-type";
import { HttpError } from "~/lib/http.server";
import { acceptsType, UPLOAD_RULES, uploadRefusal, type UploadKind, type UploadRefusalCode } from "~/schemas/uploads";
import { IMAGE_OUTPUT } from "./images.server";

/** The 413 or 415 of a refused file, with its code beside the message. */
export function refuse(kind: UploadKind, code: UploadRefusalCode) {
  const refusal = uploadRefusal(kind, code);
  return new HttpError(refusal.status, refusal.message, { code: refusal.code, title: refusal.title });
}

export const tooLarge = (kind: UploadKind) => refuse(kind, "file_too_large");

/** Markup a browser would run if the bytes were ever read as a page (HTML, SVG). */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg|!doctype\s+html)[\s>/]/i;
/** An SVG drawing: text, so file-type never names it. */
const SVG = /<svg[\s>]/i;
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
 * Size and type by content (magic bytes, never the name or the claimed
 * type): the sniffed type of a file this kind accepts, or the refusal
 * (413, or 415 saying why). Call it before anything decodes the file.
 */
export async function checkUpload(kind: UploadKind, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw refuse(kind, "file_not_real");
  if (bytes.length > UPLOAD_RULES[kind].maxBytes) throw tooLarge(kind);
  const mime = (await fileTypeFromBuffer(bytes))?.mime ?? "";
  const isSvg = mime === "image/svg+xml" || ((!mime || mime === "application/xml") && SVG.test(bytes.subarray(0, 4096).toString("latin1")));
  if (isSvg) throw refuse(kind, "svg_not_accepted");
  // Text, or bytes no format recognises, whatever the file is called.
  if (!mime) throw refuse(kind, "file_not_real");
  if (!acceptsType(kind, mime) || (mime.startsWith("image/") && !IMAGE_OUTPUT[mime])) throw refuse(kind, "file_type_not_accepted");
  if (isPolyglot(bytes, mime)) throw refuse(kind, "file_carries_code");
  return mime;
}
