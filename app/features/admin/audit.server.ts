import { desc, eq } from "drizzle-orm";
import { auditLog, users } from "#db/schema";
import type { Db } from "~/lib/db.server";

export type AuditEntry = {
  action: string;
  targetType: "user" | "event" | "run_log" | "user_report" | "event_report" | "notification";
  targetId?: string | number | null;
  details?: Record<string, unknown>;
};

/** Every administrator action leaves a line: who, what, which record, when. */
export function audit(db: Db, actorId: string, entry: AuditEntry) {
  db.insert(auditLog)
    .values({
      actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId == null ? null : String(entry.targetId),
      details: entry.details ?? null,
    })
    .run();
}

export function listAudit(db: Db, limit = 200) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
}
