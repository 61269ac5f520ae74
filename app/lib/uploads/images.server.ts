import sharp from "sharp";

/** Images sharp can decode and we re-encode; anything else "image/*" (SVG, ICO, PSD...) is refused. */
export const IMAGE_OUTPUT: Record<string, "jpeg" | "png" | "webp" | "gif"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "jpeg",
  "image/heic": "jpeg",
  "image/heif": "jpeg",
  "image/tiff": "jpeg",
};

/** Largest side of a stored image; showbills stay readable, phones download less. */
const MAX_IMAGE_SIDE = 2400;
export const PREVIEW_WIDTH = 480;
const THUMB_WIDTH = 192;
/** Avatars show at 36 px in lists and 64 px on the profile card: 192 px covers a 3x screen. */
export const AVATAR_PX = 192;
const MAX_PIXELS = 60_000_000;

export type EncodedImage = {
  body: Buffer;
  format: "jpeg" | "png" | "webp" | "gif";
  preview?: { data: Buffer; info: { width: number; height: number } };
  thumb?: Buffer;
};

/**
 * Re-encodes a sniffed image: sharp writes no metadata unless asked
 * (.withMetadata()), so EXIF, GPS and XMP go here; orientation is applied
 * first. An avatar becomes one small still square (JPEG, on white where it
 * was transparent); other images keep their format, at most MAX_IMAGE_SIDE,
 * with a WebP preview and thumbnail (unless `copies` is false). Throws when the bytes do not decode.
 */
export async function encodeImage(bytes: Buffer, mime: string, avatar: boolean, copies = true): Promise<EncodedImage> {
  const format = avatar ? "jpeg" : IMAGE_OUTPUT[mime]!;
  const animated = !avatar && (format === "gif" || format === "webp");
  const image = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS }).rotate();
  const sized = avatar
    ? image.resize(AVATAR_PX, AVATAR_PX, { fit: "cover" }).flatten({ background: "#ffffff" })
    : image.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true });
  const body = await sized.toFormat(format, format === "jpeg" ? { quality: avatar ? 80 : 85, mozjpeg: true } : {}).toBuffer();
  if (avatar || !copies) return { body, format };
  const copy = (width: number, quality: number) =>
    sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality });
  // Its size is kept, so a page can give the <img> its width and height and nothing moves when it loads.
  const preview = await copy(PREVIEW_WIDTH, 55).toBuffer({ resolveWithObject: true });
  const thumb = await copy(THUMB_WIDTH, 60).toBuffer();
  return { body, format, preview, thumb };
}
