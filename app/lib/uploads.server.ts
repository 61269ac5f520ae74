/**
 * The one upload mechanism of the app (showbills, profile pictures, run videos).
 * Its rules (kinds, sizes, refusal messages and codes) are in
 * app/schemas/uploads.ts, shared with the forms and the offline queue; the
 * work is split by job under app/lib/uploads/ (sniff, images, files,
 * storage, signed, references). Import it from here.
 *
 *   storeUpload(kind, bytes | Blob, ownerId) -> { url, previewUrl?, contentType, size }
 *     Checks size and type by content (magic bytes, never the name or the
 *     claimed type), refuses SVG, re-encodes images with sharp (which drops
 *     EXIF/GPS and other metadata) and writes two compressed WebP copies: a
 *     preview (480 px wide, for the share page and link previews) and a
 *     thumbnail (192 px wide, for lists: a 72 px card image on a 2.6x screen).
 *     Avatars are stored as a 192 px JPEG square instead, with no copies.
 *     Throws HttpError 413 "File size must be less than {N}MB" or 415
 *     "Please select a valid file type: ..." saying why, each with a `code`.
 *
 *   createUploadUrl(kind, ownerId) -> { uploadURL, expiresAt }
 *     The signed upload flow: a signed, short-lived (10 min), single-purpose
 *     URL for one file of one kind by one user. PUT the bytes to it
 *     (receiveSignedUpload), then convertUploadUrl(uploadURL, ownerId) gives
 *     the accessURL. A second PUT to the same URL is refused.
 *
 *   findUpload(url, { kind, ownerId }), previewUrlOf(url), thumbUrlOf(url),
 *   deleteUpload(url), readUpload(name) for serving.
 *
 *   releaseUploads(db, urls) after a delete commits: removes the files no
 *   row still uses. sweepOrphanUploads(db, dataDir, now) in housekeeping:
 *   removes files no row references that are older than a day.
 *
 * Files live under DATA_DIR/uploads with random names: `<id>.<ext>`, the
 * preview `<id>.preview.webp`, the thumbnail `<id>.thumb.webp` (images
 * stored before thumbnails existed have none: thumbUrlOf falls back to the
 * preview), and `<id>.json` recording kind, owner and the copies' URLs.
 * They are served by app/routes/uploads.$.ts with nosniff and long caching.
 * Run-log videos: `storeUpload("video", file, user.id)` or the signed flow
 * with kind "video"; videos are stored as sent (no re-encoding).
 */
export { UPLOAD_KINDS, type UploadKind } from "~/schemas/uploads";
export { deleteUpload } from "./uploads/files.server";
export {
  findUpload,
  previewOf,
  previewUrlOf,
  readUpload,
  storeUpload,
  thumbUrlOf,
  type StoredUpload,
} from "./uploads/storage.server";
export { convertUploadUrl, createUploadUrl, receiveSignedUpload } from "./uploads/signed.server";
export { releaseUploads, sweepOrphanUploads } from "./uploads/references.server";
