import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  bannedEmails,
  eventReports,
  eventRevisions,
  events,
  inviteLinks,
  runLogs,
  userReports,
  users,
  type User,
} from "#db/schema";
import { queueSavedSearchMatch } from "~/features/alerts/matching.server";
import { hashPassword } from "~/features/auth/auth.server";
import { reviewRevision } from "~/features/events/revisions.server";
import { notifyAllActiveUsers, notifyUsers, type NewNotice } from "~/features/notifications/notifications.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { containsPattern } from "~/lib/prepared.server";
import { releaseUploads } from "~/lib/uploads.server";
import { destroyUserSessions } from "~/lib/session.server";
import { config } from "~/lib/config.server";
import { sendMailInBackground } from "~/lib/mail.server";
import { passwordChangedEmail } from "~/features/auth/emails.server";
import { audit, personName } from "./audit.server";
import { countFailedJobs } from "./jobs.server";

const n = (row: { n: number } | undefined) => row?.n ?? 0;

/** The events and public runs tabs show 50 rows a page. */
const ROWS_PAGE_SIZE = 50;

/**
 * One page (from 1) of a list the admin screen pages: `read` is asked for one
 * row more than the page holds, which tells whether another page follows.
 */
function readPage<T>(page: number, size: number, read: (limit: number, offset: number) => T[]) {
  const rows = read(size + 1, (page - 1) * size);
  return { rows: rows.slice(0, size), page, hasMore: rows.length > size };
}

/** The four stat cards of /admin, and the failed deliveries (its list shows when there are any). */
export function adminStats(db: Db) {
  const { totalUsers, activeUsers } = userCounts(db);
  return {
    failedJobs: countFailedJobs(db),
    totalUsers,
    activeUsers,
    totalEvents: n(db.select({ n: count() }).from(events).get()),
    pendingShowbills: n(db.select({ n: count() }).from(events).where(pendingShowbill).get()),
  };
}

/**
 * All riders, and those not banned. The active ones are all less the banned:
 * SQLite counts a whole table from its pages at once, and the banned few
 * from their own index (users_banned_idx), where counting the active ones
 * read every rider's row (10 ms at 100,000 riders).
 */
function userCounts(db: Db) {
  const totalUsers = n(db.select({ n: count() }).from(users).get());
  const banned = n(db.select({ n: count() }).from(users).where(sql`${users.isActive} = 0`).get());
  return { totalUsers, activeUsers: totalUsers - banned };
}

/** How many riders an announcement to all reaches. */
export const activeUserCount = (db: Db) => userCounts(db).activeUsers;

/** A showbill is pending review when it has a file and is not approved. */
const pendingShowbill = and(isNotNull(events.showbillUrl), eq(events.showbillApproved, false));

/* ------------------------------------------------------------------ users */

const USERS_PAGE_SIZE = 25;

const adminUserFields = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

/**
 * Riders whose email, first name or last name starts with `term` (in lower
 * case). Each branch is an index range scan (unique email index, lower(name)
 * expression indexes), so it stays fast with 100k users.
 */
function riderStartsWith(term: string) {
  const upper = `${term}\uffff`;
  return or(
    and(gte(users.email, term), lt(users.email, upper)),
    and(gte(sql`lower(${users.firstName})`, term), lt(sql`lower(${users.firstName})`, upper)),
    and(gte(sql`lower(${users.lastName})`, term), lt(sql`lower(${users.lastName})`, upper)),
  );
}

/** Paged search by email or name prefix (riderStartsWith). */
export function searchUsers(db: Db, q: string, page: number) {
  const term = q.trim().toLowerCase();
  const where = term ? riderStartsWith(term) : undefined;
  const { rows, ...paging } = readPage(page, USERS_PAGE_SIZE, (limit, offset) =>
    db
      .select(adminUserFields)
      .from(users)
      .where(where)
      .orderBy(term ? asc(users.email) : desc(users.createdAt))
      .limit(limit)
      .offset(offset)
      .all(),
  );
  return { users: rows, ...paging };
}

function targetUser(db: Db, userId: string) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new HttpError(404, "User not found");
  return user;
}

/**
 * Bans a user: the account is deactivated (kept, so reports and the audit
 * trail still make sense), the email cannot register again, and every
 * session ends at once. Another admin cannot be banned.
 */
export function banUser(db: Db, admin: User, userId: string) {
  const user = targetUser(db, userId);
  if (user.isAdmin) throw new HttpError(403, "An administrator account cannot be banned or deleted.");
  db.transaction((tx) => {
    tx.update(users).set({ isActive: false, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
    tx.insert(bannedEmails).values({ email: user.email, bannedBy: admin.id }).onConflictDoNothing().run();
  });
  destroyUserSessions(user.id);
  audit(db, admin.id, { action: "user.ban", targetType: "user", targetId: user.id, details: { email: user.email, target: personName(user) } });
}

/** Lifts a ban: the account signs in again and its email is free to use. */
export function unbanUser(db: Db, admin: User, userId: string) {
  const user = targetUser(db, userId);
  if (user.isActive) return; // Not banned: nothing to undo.
  db.transaction((tx) => {
    tx.update(users).set({ isActive: true, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
    tx.delete(bannedEmails).where(eq(bannedEmails.email, user.email)).run();
  });
  audit(db, admin.id, { action: "user.unban", targetType: "user", targetId: user.id, details: { email: user.email, target: personName(user) } });
}

/**
 * Sets a new password (the riders' own rule: at least 8 characters), ends
 * every session of the account, and tells its owner by email, so a reset
 * they did not ask for does not go unnoticed.
 */
export async function resetUserPassword(db: Db, admin: User, userId: string, newPassword: string) {
  const user = targetUser(db, userId);
  const password = await hashPassword(newPassword);
  db.update(users).set({ password, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
  destroyUserSessions(user.id);
  sendMailInBackground(passwordChangedEmail(user.email, user.firstName, `${config().appOrigin}/login`, "admin"));
  audit(db, admin.id, { action: "user.reset_password", targetType: "user", targetId: user.id, details: { target: personName(user) } });
}

export function changeUserEmail(db: Db, admin: User, userId: string, newEmail: string) {
  const user = targetUser(db, userId);
  const taken = db.select({ id: users.id }).from(users).where(and(eq(users.email, newEmail), ne(users.id, user.id))).get();
  if (taken) throw new HttpError(409, "An account with this email already exists.");
  db.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
  audit(db, admin.id, { action: "user.change_email", targetType: "user", targetId: user.id, details: { from: user.email, to: newEmail, target: personName(user) } });
}

/* ---------------------------------------------------------------- reports */

const reporter = alias(users, "reporter");
const reported = alias(users, "reported");

const PROCESSED_USER_REPORTS_SHOWN = 5;

export function listUserReports(db: Db) {
  const select = () =>
    db
      .select({
        id: userReports.id,
        reason: userReports.reason,
        description: userReports.description,
        status: userReports.status,
        createdAt: userReports.createdAt,
        reviewedAt: userReports.reviewedAt,
        reportedUserId: userReports.reportedUserId,
        reporter: { firstName: reporter.firstName, lastName: reporter.lastName, email: reporter.email },
        reportedUser: { firstName: reported.firstName, lastName: reported.lastName, email: reported.email, isActive: reported.isActive, isAdmin: reported.isAdmin },
      })
      .from(userReports)
      .innerJoin(reporter, eq(reporter.id, userReports.reporterId))
      .innerJoin(reported, eq(reported.id, userReports.reportedUserId));
  return {
    pending: select().where(eq(userReports.status, "PENDING")).orderBy(asc(userReports.createdAt)).all(),
    processed: select()
      .where(ne(userReports.status, "PENDING"))
      .orderBy(desc(userReports.reviewedAt))
      .limit(PROCESSED_USER_REPORTS_SHOWN)
      .all(),
  };
}

export function listEventReports(db: Db) {
  const select = () =>
    db
      .select({
        id: eventReports.id,
        reason: eventReports.reason,
        description: eventReports.description,
        status: eventReports.status,
        createdAt: eventReports.createdAt,
        reviewedAt: eventReports.reviewedAt,
        eventId: eventReports.eventId,
        event: { name: events.name, date: events.date, location: events.location },
        reporter: { firstName: reporter.firstName, lastName: reporter.lastName, email: reporter.email },
      })
      .from(eventReports)
      .innerJoin(events, eq(events.id, eventReports.eventId))
      .innerJoin(reporter, eq(reporter.id, eventReports.reporterId));
  return {
    pending: select().where(eq(eventReports.status, "PENDING")).orderBy(asc(eventReports.createdAt)).all(),
    processed: select().where(ne(eventReports.status, "PENDING")).orderBy(desc(eventReports.reviewedAt)).all(),
  };
}

type ReviewStatus = "DISMISSED" | "ACTION_TAKEN";
const ALREADY_PROCESSED = "This report has already been processed.";

/** Only a PENDING report can be answered; the guarded update makes a double click harmless. */
export function reviewUserReport(db: Db, admin: User, id: number, status: ReviewStatus) {
  const row = db
    .update(userReports)
    .set({ status, reviewedBy: admin.id, reviewedAt: new Date() })
    .where(and(eq(userReports.id, id), eq(userReports.status, "PENDING")))
    .returning({ id: userReports.id })
    .get();
  if (!row) throw reportMissingOrDone(db.select({ id: userReports.id }).from(userReports).where(eq(userReports.id, id)).get());
  audit(db, admin.id, { action: `user_report.${status.toLowerCase() as Lowercase<ReviewStatus>}`, targetType: "user_report", targetId: id });
}

export function reviewEventReport(db: Db, admin: User, id: number, status: ReviewStatus) {
  const row = db
    .update(eventReports)
    .set({ status, reviewedBy: admin.id, reviewedAt: new Date() })
    .where(and(eq(eventReports.id, id), eq(eventReports.status, "PENDING")))
    .returning({ id: eventReports.id })
    .get();
  if (!row) throw reportMissingOrDone(db.select({ id: eventReports.id }).from(eventReports).where(eq(eventReports.id, id)).get());
  audit(db, admin.id, { action: `event_report.${status.toLowerCase() as Lowercase<ReviewStatus>}`, targetType: "event_report", targetId: id });
}

const reportMissingOrDone = (exists: unknown) =>
  exists ? new HttpError(409, ALREADY_PROCESSED) : new HttpError(404, "Report not found");

/* ----------------------------------------------------------------- events */

const creator = alias(users, "creator");

const adminEventFields = {
  id: events.id,
  name: events.name,
  date: events.date,
  location: events.location,
  showbillUrl: events.showbillUrl,
  showbillApproved: events.showbillApproved,
  showbillReviewedAt: events.showbillReviewedAt,
  status: events.status,
  creator: { firstName: creator.firstName, lastName: creator.lastName, email: creator.email },
};

/** Every event in any approval state, with its creator. */
export function listEvents(db: Db, limit = 500, offset = 0, name = "") {
  const term = name.trim();
  return db
    .select(adminEventFields)
    .from(events)
    .leftJoin(creator, eq(creator.id, events.createdBy))
    // Anywhere in the name, any case (SQLite's LIKE ignores the case of ASCII letters).
    .where(term ? sql`${events.name} LIKE ${containsPattern(term)} ESCAPE '\\'` : undefined)
    .orderBy(desc(events.createdAt))
    .limit(limit)
    .offset(offset)
    .all();
}

/**
 * The events tab: every event, or those whose name holds `name`, newest
 * first, a page at a time. A search walks the events newest first and stops
 * at a page's worth: at once for a common word, through every event for
 * one that matches nothing (19 ms at 100,000 events).
 */
export function listEventsPage(db: Db, page: number, name: string) {
  const { rows, ...paging } = readPage(page, ROWS_PAGE_SIZE, (limit, offset) => listEvents(db, limit, offset, name));
  return { events: rows, ...paging };
}

export function listPendingShowbills(db: Db) {
  return db
    .select(adminEventFields)
    .from(events)
    .leftJoin(creator, eq(creator.id, events.createdBy))
    .where(pendingShowbill)
    .orderBy(asc(events.createdAt))
    .all();
}

/**
 * Approves or rejects an event's showbill and tells its creator. The update
 * is guarded by the current state, so two admins (or a double click) deciding
 * the same way at once make one decision: one notice, one audit entry.
 */
export function setShowbillApproval(db: Db, admin: User, eventId: string, approved: boolean) {
  const changes = approved ? eq(events.showbillApproved, false) : or(eq(events.showbillApproved, true), isNull(events.showbillReviewedAt));
  // The riders whose saved searches hold a newly approved event are alerted by a job committed with the approval.
  const event = db.transaction(() => {
    const row = db
      .update(events)
      .set({ showbillApproved: approved, showbillReviewedBy: admin.id, showbillReviewedAt: new Date() })
      .where(and(eq(events.id, eventId), changes))
      .returning()
      .get();
    if (row && approved) queueSavedSearchMatch(db, row);
    return row;
  });
  if (!event) {
    if (!db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get()) throw new HttpError(404, "Event not found");
    return; // Already decided this way.
  }
  if (event.createdBy) {
    notifyUsers(db, [event.createdBy], {
      type: "showbill",
      subtype: approved ? "approved" : "rejected",
      title: approved ? "Showbill Approved" : "Showbill Rejected",
      message: approved
        ? `Your event "${event.name}" is approved and now listed for riders.`
        : `Your event "${event.name}" was not approved. You can edit and re-submit it for review.`,
      relatedEventId: event.id,
    });
  }
  audit(db, admin.id, { action: approved ? "event.approve" : "event.reject", targetType: "event", targetId: event.id });
}

/**
 * The showbill review as one call: an event whose change waits for review
 * is listed already, so what is decided is the change (approving puts it
 * live, rejecting discards it and the event stays listed as it was); any
 * other event is approved or rejected itself. Answers the toast's title.
 */
export function reviewShowbill(db: Db, admin: User, eventId: string, approved: boolean) {
  const waiting = db.select({ id: eventRevisions.eventId }).from(eventRevisions).where(eq(eventRevisions.eventId, eventId)).get();
  if (waiting) {
    reviewRevision(db, admin, eventId, approved);
    return approved ? "Change Approved" : "Change Rejected";
  }
  setShowbillApproval(db, admin, eventId, approved);
  return approved ? "Showbill Approved" : "Showbill Rejected";
}

/** Deletes any event; its showbill (with preview and thumbnail) goes with it once the delete is committed. */
export function deleteEvent(db: Db, admin: User, eventId: string) {
  const [row] = db
    .delete(events)
    .where(eq(events.id, eventId))
    .returning({ id: events.id, name: events.name, showbillUrl: events.showbillUrl, imageUrl: events.imageUrl })
    .all();
  if (!row) throw new HttpError(404, "Event not found");
  audit(db, admin.id, { action: "event.delete", targetType: "event", targetId: row.id, details: { name: row.name } });
  releaseUploads(db, [row.showbillUrl, row.imageUrl]);
}

/* --------------------------------------------------------------- run logs */

/**
 * Public run logs with their owners. A SOLO
 * rider's runs are seen by nobody else (docs/security.md), admins
 * included, even one marked PUBLIC: it is not public to anyone.
 */
export function listPublicRuns(db: Db, limit = 200, offset = 0, riderIds?: string[]) {
  return db
    .select({
      id: runLogs.id,
      arenaName: runLogs.arenaName,
      privacy: runLogs.privacy,
      time: runLogs.time,
      notes: runLogs.notes,
      videoUrl: runLogs.videoUrl,
      runAt: runLogs.runAt,
      createdAt: runLogs.createdAt,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email, profileImageUrl: users.profileImageUrl },
    })
    .from(runLogs)
    .innerJoin(users, eq(users.id, runLogs.userId))
    .where(and(eq(runLogs.privacy, "PUBLIC"), ne(users.privacyMode, "SOLO"), riderIds ? inArray(runLogs.userId, riderIds) : undefined))
    .orderBy(desc(runLogs.runAt), desc(runLogs.createdAt))
    .limit(limit)
    .offset(offset)
    .all();
}

/** Most riders a search of the public runs tab may match; a term that matches more asks for more of the name. */
const RUN_SEARCH_RIDERS = 100;

/**
 * The public runs tab: every public run, or those of the riders whose email or
 * name starts with `rider`, newest first, a page at a time. The riders are
 * found first (riderStartsWith), then their runs from the index of a rider's
 * public runs. A term matching more than RUN_SEARCH_RIDERS riders lists
 * nothing and says so (`tooManyAbove` is then that number), rather than
 * sorting the runs of thousands.
 */
export function listPublicRunsPage(db: Db, page: number, rider: string) {
  const term = rider.trim().toLowerCase();
  const riderIds = term
    ? db.select({ id: users.id }).from(users).where(riderStartsWith(term)).limit(RUN_SEARCH_RIDERS + 1).all().map((u) => u.id)
    : undefined;
  if (riderIds && (riderIds.length === 0 || riderIds.length > RUN_SEARCH_RIDERS)) {
    return { runs: [], page, hasMore: false, tooManyAbove: riderIds.length > RUN_SEARCH_RIDERS ? RUN_SEARCH_RIDERS : null };
  }
  const { rows, ...paging } = readPage(page, ROWS_PAGE_SIZE, (limit, offset) => listPublicRuns(db, limit, offset, riderIds));
  return { runs: rows, ...paging, tooManyAbove: null };
}

/** Deletes any run; its video goes with it once the delete is committed. */
export function deleteRun(db: Db, admin: User, runId: string) {
  const [row] = db
    .delete(runLogs)
    .where(eq(runLogs.id, runId))
    .returning({ id: runLogs.id, userId: runLogs.userId, arenaName: runLogs.arenaName, videoUrl: runLogs.videoUrl })
    .all();
  if (!row) throw new HttpError(404, "Run log not found");
  const owner = db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.userId)).get();
  const runName = `${owner ? personName(owner) : "A rider"}'s run at ${row.arenaName}`;
  audit(db, admin.id, { action: "run_log.delete", targetType: "run_log", targetId: row.id, details: { owner: row.userId, target: runName } });
  releaseUploads(db, [row.videoUrl]);
}

/* ---------------------------------------------------------- invitations */

/** Success rate: signups over shares as a percentage with one decimal; 0 shares reads 0.0. */
export function successRate(signups: number, shares: number) {
  return shares === 0 ? "0.0" : ((signups / shares) * 100).toFixed(1);
}

/**
 * Per user: totalShares = invite links they created (removed ones too),
 * totalSignups = registrations through those links, counted by the links'
 * use counts. An account deleted since still counts, as it does on the
 * rider's own Settings (see docs/decisions/2026-11-24-invitation-signups.md).
 */
export function invitationStats(db: Db) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      totalShares: count(inviteLinks.id),
      totalSignups: sql<number>`coalesce(sum(${inviteLinks.usageCount}), 0)`,
    })
    .from(inviteLinks)
    .innerJoin(users, eq(users.id, inviteLinks.userId))
    .groupBy(users.id)
    .all()
    .map((s) => ({ ...s, successRate: successRate(s.totalSignups, s.totalShares) }))
    .sort((a, b) => b.totalSignups - a.totalSignups || b.totalShares - a.totalShares);
}

/* ---------------------------------------------------------- notifications */

type Announcement = Pick<NewNotice, "title" | "message">;

export function sendAnnouncementToAll(db: Db, admin: User, notice: Announcement) {
  const count = notifyAllActiveUsers(db, { type: "admin", subtype: "announcement", ...notice });
  audit(db, admin.id, { action: "notification.send_all", targetType: "notification", details: { title: notice.title, count } });
  return count;
}

/** To selected users; unknown or banned ids are skipped, and the count says how many got it. */
export function sendAnnouncementTo(db: Db, admin: User, userIds: string[], notice: Announcement) {
  const recipients = db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...new Set(userIds)]), eq(users.isActive, true)))
    .all()
    .map((u) => u.id);
  const count = notifyUsers(db, recipients, { type: "admin", subtype: "announcement", ...notice });
  audit(db, admin.id, { action: "notification.send_selected", targetType: "notification", details: { title: notice.title, count } });
  return count;
}
