import { and, asc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import bcrypt from "bcryptjs";
import {
  followRequests,
  follows,
  riders,
  horses,
  runLogs,
  savedEvents,
  events,
  users,
  inviteLinks,
  notifications,
  pushSubscriptions,
  raceClasses,
  raceEntries,
  raceResults,
  type User,
} from "#db/schema";
import { alertSettings } from "~/features/alerts/preferences.server";
import { listSavedSearches } from "~/features/alerts/saved-searches.server";
import { hashPassword, updateProfile } from "~/features/auth/auth.server";
import { passwordChangedEmail } from "~/features/auth/emails.server";
import { presentCurrentUser } from "~/features/auth/presenters.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce } from "~/lib/prepared.server";
import { config } from "~/lib/config.server";
import { sendMailInBackground } from "~/lib/mail.server";
import { releaseUploads } from "~/lib/uploads.server";
import { deletePaperFiles, paperKeysOf, papersForExport } from "~/features/horses/papers.server";
import { destroyUserSessions } from "~/lib/session.server";
import { assertWithinLimit, countHit, LIMITS } from "~/lib/rate-limit.server";
import { RADIUS_OPTIONS } from "~/schemas/constants";
import type { ProfileUpdate } from "~/schemas/profile";

const horseNamesOf = preparedOnce((db) =>
  db
    .selectDistinct({ name: runLogs.horseName })
    .from(runLogs)
    .where(and(eq(runLogs.userId, sql.placeholder("userId")), isNotNull(runLogs.horseName), ne(runLogs.horseName, "")))
    .orderBy(asc(runLogs.horseName))
    .prepare(),
);

/** The rider's horses: distinct names from their runs, for the favorite-horse choice. */
export function horseNames(db: Db, userId: string): string[] {
  return horseNamesOf(db)
    .all({ userId })
    .map((r) => r.name!);
}

/**
 * Applies only what changed (no write when nothing
 * changed); a favorite horse must be one of the rider's own horses.
 */
export function applyProfileChanges(db: Db, user: User, changes: ProfileUpdate) {
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && (user[key as keyof User] ?? "") !== value),
  ) as ProfileUpdate;
  if (changed.favoriteHorse && !horseNames(db, user.id).includes(changed.favoriteHorse)) {
    throw new HttpError(400, "Choose a horse from your run logs");
  }
  if (Object.keys(changed).length === 0) return { user, changed: false };
  return { user: updateProfile(db, user.id, changed), changed: true };
}

/** The default search radius Discover starts from (one of RADIUS_OPTIONS). */
export function setSearchRadius(db: Db, user: User, radius: number) {
  if (!(RADIUS_OPTIONS as readonly number[]).includes(radius)) throw new HttpError(400, "Radius must be 25, 50, 100 or 200 miles");
  db.update(users).set({ searchRadius: radius, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
}

/**
 * The people on one side of the rider's follows, for the export: like the
 * followers and following lists, SOLO and banned riders are left out (a
 * follow kept from before someone chose SOLO must not name them).
 */
function followPeople(db: Db, userId: string, side: "followers" | "following") {
  const [mine, theirs] = side === "followers" ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
  return db
    .select({ id: users.id, firstName: users.firstName, since: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(and(eq(mine, userId), eq(users.isActive, true), ne(users.privacyMode, "SOLO")))
    .all();
}

/** The rider's race entries (as rider, in any class of any event), with the class and event they are in. */
function raceEntriesOf(db: Db, userId: string) {
  return db
    .select({
      id: raceEntries.id,
      eventId: raceEntries.eventId,
      eventName: events.name,
      eventDate: events.date,
      className: raceClasses.name,
      riderName: raceEntries.riderName,
      horseName: raceEntries.horseName,
      backNumber: raceEntries.backNumber,
      paid: raceEntries.paid,
      status: raceEntries.status,
      late: raceEntries.late,
      drawPosition: raceEntries.drawPosition,
      createdAt: raceEntries.createdAt,
      scratchedAt: raceEntries.scratchedAt,
    })
    .from(raceEntries)
    .innerJoin(events, eq(events.id, raceEntries.eventId))
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(eq(raceEntries.userId, userId))
    .all();
}

/** The published results of the rider's entries: times in milliseconds, money in cents. */
function raceResultsOf(db: Db, userId: string) {
  return db
    .select({
      entryId: raceResults.entryId,
      eventId: raceResults.eventId,
      outcome: raceResults.outcome,
      timeMs: raceResults.timeMs,
      penalties: raceResults.penalties,
      totalMs: raceResults.totalMs,
      division: raceResults.division,
      place: raceResults.place,
      payoutCents: raceResults.payoutCents,
      runLogId: raceResults.runLogId,
      publishedAt: raceResults.publishedAt,
    })
    .from(raceResults)
    .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
    .where(eq(raceEntries.userId, userId))
    .all();
}

/**
 * Everything the app keeps about the rider, as JSON (the legal pages promise
 * it): profile, riders, horses and their papers, runs, saved events, events
 * they created, saved searches and alert settings (the devices with push on,
 * without their push keys), notifications, invite links, follows, race
 * entries and results. No password hash, no session or push secret.
 */
export function exportAccount(db: Db, user: User) {
  return {
    exportedAt: new Date().toISOString(),
    profile: presentCurrentUser(user),
    riders: db.select({ id: riders.id, name: riders.name, createdAt: riders.createdAt }).from(riders).where(eq(riders.userId, user.id)).all(),
    horses: db.select().from(horses).where(eq(horses.userId, user.id)).all().map(({ userId: _u, ...horse }) => horse),
    runLogs: db.select().from(runLogs).where(eq(runLogs.userId, user.id)).all().map(({ userId: _u, clientId: _c, ...run }) => run),
    savedEvents: db
      .select({ savedAt: savedEvents.savedAt, eventId: events.id, name: events.name, date: events.date, location: events.location })
      .from(savedEvents)
      .innerJoin(events, eq(events.id, savedEvents.eventId))
      .where(eq(savedEvents.userId, user.id))
      .all(),
    following: followPeople(db, user.id, "following"),
    followers: followPeople(db, user.id, "followers"),
    followRequests: db
      .select({ requesterId: followRequests.requesterId, targetId: followRequests.targetId, status: followRequests.status, createdAt: followRequests.createdAt })
      .from(followRequests)
      .where(or(eq(followRequests.requesterId, user.id), eq(followRequests.targetId, user.id)))
      .all(),
    horsePapers: papersForExport(db, user),
    eventsCreated: db
      .select()
      .from(events)
      .where(eq(events.createdBy, user.id))
      .all()
      .map(({ createdBy: _c, clientId: _k, ...event }) => event),
    savedSearches: listSavedSearches(db, user.id),
    alertSettings: {
      ...alertSettings(db, user),
      pushDevices: db
        .select({ userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id))
        .all(),
    },
    notifications: db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .all()
      .map(({ userId: _u, ...notification }) => notification),
    inviteLinks: db
      .select()
      .from(inviteLinks)
      .where(eq(inviteLinks.userId, user.id))
      .all()
      .map(({ userId: _u, ...invite }) => invite),
    raceEntries: raceEntriesOf(db, user.id),
    raceResults: raceResultsOf(db, user.id),
  };
}

const WRONG_PASSWORD = "Password is incorrect";
export const SAME_PASSWORD = "Choose a new password, not your current one";

/**
 * Proves the signed-in rider knows their password. Wrong answers count
 * against the account as failed sign-ins do; past the allowance the check
 * is refused (429) before bcrypt runs, for 15 minutes.
 */
async function checkCurrentPassword(user: User, given: string, field?: string) {
  assertWithinLimit(LIMITS.currentPasswordFailures, user.id);
  if (await bcrypt.compare(given, user.password)) return;
  countHit(LIMITS.currentPasswordFailures, user.id);
  throw new HttpError(400, WRONG_PASSWORD, field ? { field } : {});
}

/**
 * The rider changes their own password, proving it with the current one
 * (Settings and POST /api/auth/change-password both come here). The new one
 * must differ from it. Every session of the account ends (a phone left
 * signed in somewhere is signed out); the caller starts a fresh one for
 * this device. The owner is told by email.
 */
export async function changePassword(db: Db, user: User, currentPassword: string, newPassword: string) {
  await checkCurrentPassword(user, currentPassword, "currentPassword");
  if (newPassword === currentPassword) throw new HttpError(400, SAME_PASSWORD, { field: "newPassword" });
  const password = await hashPassword(newPassword);
  db.update(users).set({ password, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
  destroyUserSessions(user.id);
  sendMailInBackground(passwordChangedEmail(user.email, user.firstName, `${config().appOrigin}/login`, "self"));
}

/**
 * Deletes the account after the password is confirmed: the user row goes,
 * and with it (foreign keys ON DELETE CASCADE) sessions, riders, runs,
 * saves, follows, requests, notifications, invite links and reports they
 * made. Events they created stay listed without their name (SET NULL), with
 * their showbills. Their profile picture, run videos, horses' photos and horses' papers are
 * removed once the delete is committed.
 */
export async function deleteAccount(db: Db, user: User, password: string) {
  await checkCurrentPassword(user, password);
  if (user.isAdmin) {
    const admins = db.select({ n: sql<number>`count(*)` }).from(users).where(and(eq(users.isAdmin, true), eq(users.isActive, true))).get();
    if ((admins?.n ?? 0) <= 1) throw new HttpError(400, "You are the last administrator: make someone else an admin first.");
  }
  const files = [
    user.profileImageUrl,
    ...db.select({ url: runLogs.videoUrl }).from(runLogs).where(eq(runLogs.userId, user.id)).all().map((r) => r.url),
    ...db.select({ url: horses.photoUrl }).from(horses).where(eq(horses.userId, user.id)).all().map((r) => r.url),
  ];
  const papers = paperKeysOf(db, { userId: user.id });
  destroyUserSessions(user.id);
  db.delete(users).where(eq(users.id, user.id)).run();
  releaseUploads(db, files);
  deletePaperFiles(papers);
}
