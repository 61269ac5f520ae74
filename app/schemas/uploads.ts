/**
 * Upload rules in one place: what each kind of upload takes, how large, and
 * what a refusal says. The server (app/lib/uploads.server.ts) enforces them,
 * the forms check them before sending and the offline queue reads refusals
 * by their `code`, never by their text. A refusal answers 413 or 415 with
 * `{ code, title, message }`; the rider reads "Title: message".
 */
export type UploadKind = "showbill" | "avatar" | "video" | "paper" | "horse";

const MB = 1024 * 1024;

type Rule = {
  maxBytes: number;
  /** The file input's `accept`: a hint to the picker, never trusted. */
  accept: string;
  /** What may be sent, in words (the refusal names it). */
  kinds: string;
  /** What a file that is not one of them is not (after "This file is not a real"). */
  noun: string;
};

export const UPLOAD_RULES: Record<UploadKind, Rule> = {
  showbill: { maxBytes: 10 * MB, accept: "image/*,application/pdf", kinds: "a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF", noun: "image or PDF" },
  avatar: { maxBytes: 5 * MB, accept: "image/*", kinds: "a photo (JPEG, PNG, WebP, GIF or HEIC)", noun: "image" },
  video: { maxBytes: 15 * MB, accept: "video/*", kinds: "a video (MP4, MOV, WebM, M4V or 3GP)", noun: "video" },
  /** A horse's papers (Coggins, health certificate...): private, stored apart from the public uploads. */
  paper: { maxBytes: 10 * MB, accept: "image/*,application/pdf", kinds: "a photo or scan (JPEG, PNG, WebP, GIF or HEIC) or a PDF", noun: "image or PDF" },
  /** A horse's photo: stored like a showbill image (a preview and a thumbnail), never a PDF. */
  horse: { maxBytes: 10 * MB, accept: "image/*", kinds: "a photo (JPEG, PNG, WebP, GIF or HEIC)", noun: "image" },
};
/**
 * The kinds stored in the public uploads folder, and so the only ones the
 * signed upload flow takes; papers are stored privately (app/lib/uploads/private.server.ts).
 */
export const UPLOAD_KINDS: UploadKind[] = (Object.keys(UPLOAD_RULES) as UploadKind[]).filter((kind) => kind !== "paper");

/** The size limit as riders read it: "10 MB". */
export const maxSizeLabel = (kind: UploadKind) => `${UPLOAD_RULES[kind].maxBytes / MB} MB`;

const UPLOAD_REFUSAL_CODES = ["file_too_large", "file_type_not_accepted", "svg_not_accepted", "file_not_real", "file_carries_code"] as const;
export type UploadRefusalCode = (typeof UPLOAD_REFUSAL_CODES)[number];

export type UploadRefusal = { status: 413 | 415; code: UploadRefusalCode; title: string; message: string };

/** A refusal is about the file itself: sending the same file again will not help. */
export const isUploadRefusal = (code: unknown): code is UploadRefusalCode => UPLOAD_REFUSAL_CODES.includes(code as UploadRefusalCode);

export function uploadRefusal(kind: UploadKind, code: UploadRefusalCode): UploadRefusal {
  const rule = UPLOAD_RULES[kind];
  if (code === "file_too_large") {
    return { status: 413, code, title: "File Too Large", message: `File size must be less than ${rule.maxBytes / MB}MB` };
  }
  const why = {
    file_type_not_accepted: "",
    svg_not_accepted: " SVG drawings are not accepted.",
    file_not_real: ` This file is not a real ${rule.noun}, whatever its name says.`,
    file_carries_code: " This file also carries web page code, an archive or PDF scripts.",
  }[code];
  return { status: 415, code, title: "Invalid File Type", message: `Please select a valid file type: ${rule.kinds}.${why}` };
}

/** The broad families each kind takes; the server narrows images to those it can decode. */
const ACCEPTS: Record<UploadKind, (type: string) => boolean> = {
  showbill: (type) => type.startsWith("image/") || type === "application/pdf",
  avatar: (type) => type.startsWith("image/"),
  video: (type) => type.startsWith("video/"),
  paper: (type) => type.startsWith("image/") || type === "application/pdf",
  horse: (type) => type.startsWith("image/"),
};
export const acceptsType = (kind: UploadKind, type: string) => ACCEPTS[kind](type);

/**
 * The browser's check before sending, from what the browser knows (size,
 * claimed type, name). The server checks the content again, whatever this says.
 */
export function checkFileBeforeUpload(kind: UploadKind, file: { size: number; type: string; name: string }): UploadRefusal | null {
  if (file.size > UPLOAD_RULES[kind].maxBytes) return uploadRefusal(kind, "file_too_large");
  if (file.type === "image/svg+xml" || /\.svgz?$/i.test(file.name)) return uploadRefusal(kind, "svg_not_accepted");
  // No claimed type (some phones): the server decides by content.
  if (file.type && !ACCEPTS[kind](file.type)) return uploadRefusal(kind, "file_type_not_accepted");
  return null;
}
