import { eq } from "drizzle-orm";
import { users, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { releaseUploads, storeUpload } from "~/lib/uploads.server";

/**
 * A profile picture: one image up to 5 MB, stored through the one upload
 * mechanism, which checks the type by content before anything decodes it,
 * strips metadata and keeps avatars as a small square (AVATAR_PX), so phones
 * download a small file whichever way the picture arrived (this form or the
 * signed-URL API).
 */
export async function setProfilePicture(db: Db, user: User, file: Blob) {
  const stored = await storeUpload("avatar", file, user.id);
  return applyProfilePicture(db, user, stored.url);
}

/** Points the profile at a stored picture and removes the previous one. */
export function applyProfilePicture(db: Db, user: User, url: string) {
  db.update(users).set({ profileImageUrl: url, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
  if (user.profileImageUrl !== url) releaseUploads(db, [user.profileImageUrl]);
  return url;
}
