import { eq } from "drizzle-orm";
import sharp from "sharp";
import { users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { checkUpload, deleteUpload, storeUpload, tooLarge, UPLOAD_RULES } from "~/lib/uploads.server";

const AVATAR_PX = 512;

/**
 * A profile picture: one image up to 5 MB, cropped square and resized here
 * (so phones download a small file), then stored through the one upload
 * mechanism, which checks the type by content and strips metadata.
 */
export async function setProfilePicture(db: Db, user: User, file: Blob) {
  if (file.size > UPLOAD_RULES.avatar.maxBytes) throw tooLarge("avatar");
  const original = Buffer.from(await file.arrayBuffer());
  // Checked before sharp reads it: sharp would happily turn an SVG (scripts and all) into a JPEG.
  await checkUpload("avatar", original);
  // Not an image sharp can read: let storeUpload answer with the SPEC's message.
  const square = await sharp(original)
    .rotate()
    .resize(AVATAR_PX, AVATAR_PX, { fit: "cover" })
    .jpeg({ quality: 82 })
    .toBuffer()
    .catch(() => original);
  const stored = await storeUpload("avatar", square, user.id);
  return applyProfilePicture(db, user, stored.url);
}

/** Points the profile at a stored picture and removes the previous one. */
export function applyProfilePicture(db: Db, user: User, url: string) {
  db.update(users).set({ profileImageUrl: url, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
  if (user.profileImageUrl && user.profileImageUrl !== url) deleteUpload(user.profileImageUrl);
  return url;
}
