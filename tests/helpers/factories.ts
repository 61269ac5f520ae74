import bcrypt from "bcryptjs";
import { eq } from "drizzle-orm";
import { events, followRequests, follows, horses, inviteLinks, riders, runLogs, savedSearches, users, type NewUser } from "../../db/schema";
import { horseForName } from "../../app/features/horses/horses.server";
import type { Db } from "../../db/client";
import type { Client } from "./server";

export const PASSWORD = "correct-horse-1";
const hash = bcrypt.hashSync(PASSWORD, 4);
let n = 0;

/** A verified, active user whose password is PASSWORD. */
export function createUser(db: Db, overrides: Partial<NewUser> = {}) {
  n += 1;
  return db
    .insert(users)
    .values({
      email: `rider${n}-${Date.now()}@example.com`,
      password: hash,
      firstName: `Rider${n}`,
      lastName: "Tester",
      homeZipCode: "76101",
      emailVerified: true,
      ...overrides,
    })
    .returning()
    .get();
}

export function createInvite(db: Db, userId: string, overrides: Partial<typeof inviteLinks.$inferInsert> = {}) {
  n += 1;
  return db
    .insert(inviteLinks)
    .values({ userId, code: `invite${n}x${Date.now()}`, ...overrides })
    .returning()
    .get();
}

export function getUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export async function signIn(client: Client, email: string, password = PASSWORD) {
  const res = await client.json("/api/auth/login", "POST", { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res;
}

export function registration(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `new${n}-${Date.now()}@example.com`,
    password: "saddle-up-99",
    firstName: "Casey",
    lastName: "Rider",
    homeZipCode: "73301",
    privacyMode: "INVITE_ONLY",
    agreeToTerms: true,
    ...overrides,
  };
}

export function createEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  n += 1;
  return db
    .insert(events)
    .values({
      name: `Friday Night Barrels ${n}`,
      date: "2030-03-06",
      location: "Fort Worth, TX",
      zipCode: "76101",
      showbillApproved: true,
      ...overrides,
    })
    .returning()
    .get();
}

/**
 * A run, linked (as the app links one logged by name) to the account's horse
 * of that name, found ignoring case or added; `horseId: null` keeps it unlinked.
 */
export function createRun(db: Db, userId: string, overrides: Partial<typeof runLogs.$inferInsert> = {}) {
  const values = { userId, arenaName: "Cowtown Coliseum", horseName: "Dash", time: "15.482", rating: 4, tags: ["clean-run"], ...overrides };
  if (values.horseId === undefined && values.horseName?.trim()) {
    const horse = horseForName(db, { id: userId, favoriteHorse: null }, values.horseName);
    Object.assign(values, { horseId: horse.id, horseName: horse.name });
  }
  if (overrides.createdAt && !overrides.runAt) values.runAt = overrides.createdAt as Date;
  return db.insert(runLogs).values(values).returning().get();
}

/** A horse of the account. */
export function createHorse(db: Db, userId: string, overrides: Partial<typeof horses.$inferInsert> = {}) {
  n += 1;
  return db.insert(horses).values({ userId, name: `Horse ${n}`, ...overrides }).returning().get();
}

export function createRider(db: Db, userId: string, name = "Lily") {
  return db.insert(riders).values({ userId, name }).returning().get();
}

/** An approved follow (what approving a request leaves behind). */
export function createFollow(db: Db, followerId: string, followingId: string) {
  return db.insert(follows).values({ followerId, followingId }).returning().get();
}

export function createFollowRequest(db: Db, requesterId: string, targetId: string, status: "PENDING" | "APPROVED" | "REJECTED" = "PENDING") {
  return db.insert(followRequests).values({ requesterId, targetId, status }).returning().get();
}

/** An event placed at its ZIP's coordinates (as the app stores them), approved unless overridden. */
export async function createLocatedEvent(db: Db, zipCode: string, overrides: Partial<typeof events.$inferInsert> = {}) {
  const { lookupZip } = await import("../../app/lib/gazetteer.server");
  const place = lookupZip(zipCode);
  if (!place) throw new Error(`unknown ZIP ${zipCode}`);
  return createEvent(db, { zipCode, location: `${place.city}, ${place.state}`, latitude: place.latitude, longitude: place.longitude, ...overrides });
}

/** A new rider (or admin, with overrides) and a client signed in as them. */
export async function signedInRider(app: { db: Db; client: () => Client }, overrides: Partial<NewUser> = {}) {
  const user = createUser(app.db, overrides);
  const client = app.client();
  await signIn(client, user.email);
  return { user, client };
}

/**
 * Uploads a small PNG through the real signed-URL flow (POST
 * /api/objects/upload?kind=, then a PUT of the bytes) for the signed-in
 * client; returns the upload URL and the stored file's URL. Nothing is
 * attached to anything yet.
 */
export async function uploadImage(client: Client, kind: "avatar" | "showbill" | "horse" = "avatar", color = "#7c2d12", size = { width: 64, height: 64 }) {
  const { default: sharp } = await import("sharp");
  const image = await sharp({ create: { ...size, channels: 3, background: color } }).png().toBuffer();
  const grant = await client.json(`/api/objects/upload?kind=${kind}`, "POST");
  if (grant.status !== 200) throw new Error(`upload URL refused: ${grant.status} ${await grant.text()}`);
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: "PUT", body: new Uint8Array(image), headers: { "Content-Type": "image/png" } });
  if (put.status !== 201) throw new Error(`upload refused: ${put.status} ${await put.text()}`);
  const { url } = (await put.json()) as { url: string };
  return { uploadURL, url };
}

/** Gives the signed-in client a profile picture through the real upload flow; returns its URL. */
export async function uploadProfilePicture(client: Client) {
  const { url } = await uploadImage(client, "avatar");
  const set = await client.json("/api/profile-picture", "PUT", { profileImageURL: url });
  if (set.status !== 200) throw new Error(`profile picture refused: ${set.status} ${await set.text()}`);
  return ((await set.json()) as { profileImageUrl: string }).profileImageUrl;
}

/** A saved search of `userId` around a ZIP code (center and box as the app stores them). */
export async function createSavedSearch(db: Db, userId: string, overrides: Partial<typeof savedSearches.$inferInsert> & { zipCode?: string } = {}) {
  const { lookupZip } = await import("../../app/lib/gazetteer.server");
  const { circleBox } = await import("../../app/features/events/search.server");
  const zipCode = overrides.zipCode ?? "76101";
  const place = lookupZip(zipCode);
  if (!place) throw new Error(`unknown ZIP ${zipCode}`);
  const radius = overrides.radius ?? 50;
  n += 1;
  return db
    .insert(savedSearches)
    .values({ userId, name: `Alert ${n}`, zipCode, latitude: place.latitude, longitude: place.longitude, radius, ...circleBox(place, radius), ...overrides })
    .returning()
    .get();
}
