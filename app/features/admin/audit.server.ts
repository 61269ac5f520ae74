import { desc, eq, inArray } from "drizzle-orm";
import { auditLog, eventReports, events, runLogs, userReports, users } from "#db/schema";
import type { Db } from "~/lib/db.server";

export type AuditEntry = {
  action: keyof typeof ACTION_LABELS;
  targetType: "user" | "event" | "run_log" | "user_report" | "event_report" | "notification";
  targetId?: string | number | null;
  /** `target` names the record as it was, so the line still reads once the record is gone. */
  details?: { target?: string } & Record<string, unknown>;
};

/** What each recorded action reads as in the audit log. */
const ACTION_LABELS = {
  "user.ban": "Banned user",
  "user.unban": "Unbanned user",
  "user.reset_password": "Reset password",
  "user.change_email": "Changed email",
  "user_report.dismissed": "Dismissed report on user",
  "user_report.action_taken": "Took action on report on user",
  "event_report.dismissed": "Dismissed report on event",
  "event_report.action_taken": "Took action on report on event",
  "event.approve": "Approved event",
  "event.reject": "Rejected event",
  "event.change_approve": "Approved a change to event",
  "event.change_reject": "Rejected a change to event",
  "event.delete": "Deleted event",
  "event.cancel": "Cancelled event",
  "event.postpone": "Postponed event",
  "event.schedule": "Put back on schedule event",
  "run_log.delete": "Deleted run log",
  "notification.send_all": "Announcement to all users",
  "notification.send_selected": "Announcement to selected users",
} as const;

/**
 * Every administrator action leaves a line: who, what, which record, when,
 * and the record's name as it is now (`details.target`, looked up when the
 * caller did not give it), so the line keeps reading as it happened after
 * the event is renamed or the rider changes their name.
 */
export function audit(db: Db, actorId: string, entry: AuditEntry) {
  const id = entry.targetId == null ? null : String(entry.targetId);
  const details = { ...(entry.details ?? {}) };
  if (id && typeof details.target !== "string") {
    const name = namesOf(db, [{ targetType: entry.targetType, targetId: id }]).get(`${entry.targetType}:${id}`);
    if (name) details.target = name;
  }
  db.insert(auditLog)
    .values({
      actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: id,
      details: Object.keys(details).length ? details : null,
    })
    .run();
}

export const personName = (p: { firstName: string | null; lastName: string | null; email?: string | null }) => {
  const name = `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim();
  return p.email ? (name ? `${name} (${p.email})` : p.email) : name;
};

/** The names records have now, keyed `type:id` (one query per kind of record). */
function namesOf(db: Db, refs: { targetType: string; targetId: string | null }[]) {
  const idsOf = (type: string) => [...new Set(refs.filter((r) => r.targetType === type && r.targetId).map((r) => r.targetId!))];
  const names = new Map<string, string>();
  const userIds = idsOf("user");
  if (userIds.length) {
    for (const u of db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds)).all()) {
      names.set(`user:${u.id}`, personName(u));
    }
  }
  const eventIds = idsOf("event");
  if (eventIds.length) {
    for (const e of db.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, eventIds)).all()) names.set(`event:${e.id}`, e.name);
  }
  const runIds = idsOf("run_log");
  if (runIds.length) {
    const runs = db
      .select({ id: runLogs.id, arenaName: runLogs.arenaName, firstName: users.firstName, lastName: users.lastName })
      .from(runLogs)
      .innerJoin(users, eq(users.id, runLogs.userId))
      .where(inArray(runLogs.id, runIds))
      .all();
    for (const r of runs) names.set(`run_log:${r.id}`, `${personName(r)}'s run at ${r.arenaName}`);
  }
  const userReportIds = idsOf("user_report").map(Number);
  if (userReportIds.length) {
    const reports = db
      .select({ id: userReports.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(userReports)
      .innerJoin(users, eq(users.id, userReports.reportedUserId))
      .where(inArray(userReports.id, userReportIds))
      .all();
    for (const r of reports) names.set(`user_report:${r.id}`, personName(r));
  }
  const eventReportIds = idsOf("event_report").map(Number);
  if (eventReportIds.length) {
    const reports = db
      .select({ id: eventReports.id, name: events.name })
      .from(eventReports)
      .innerJoin(events, eq(events.id, eventReports.eventId))
      .where(inArray(eventReports.id, eventReportIds))
      .all();
    for (const r of reports) names.set(`event_report:${r.id}`, r.name);
  }
  return names;
}

/**
 * The latest entries, read as sentences: the admin's name, the action's
 * label and the record's name as it was when the action was taken (kept in
 * the entry). Lines written before names were kept with every entry show
 * the record's name now, or the name kept for a deleted record.
 */
export function listAudit(db: Db, limit = 200) {
  const rows = db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actor: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
  const keptName = (details: Record<string, unknown>) =>
    typeof details.target === "string" ? details.target : typeof details.name === "string" ? details.name : typeof details.email === "string" ? details.email : null;
  // Only lines without a kept name need today's names.
  const names = namesOf(db, rows.filter((r) => !keptName((r.details ?? {}) as Record<string, unknown>)));
  return rows.map((r) => {
    const details = (r.details ?? {}) as Record<string, unknown>;
    const kept = keptName(details);
    const title = typeof details.title === "string" ? `“${details.title}”` : null;
    const count = typeof details.count === "number" ? `, ${details.count} ${details.count === 1 ? "rider" : "riders"}` : "";
    return {
      id: r.id,
      createdAt: r.createdAt,
      action: r.action,
      actionLabel: (ACTION_LABELS as Record<string, string>)[r.action] ?? r.action,
      actorEmail: r.actor?.email ?? null,
      adminName: r.actor?.email ? personName(r.actor) : "Deleted administrator",
      targetType: r.targetType,
      targetId: r.targetId,
      targetName: title ? `${title}${count}` : (kept ?? names.get(`${r.targetType}:${r.targetId}`) ?? "Deleted record"),
    };
  });
}
