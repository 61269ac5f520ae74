import {
  adminEmailSchema,
  adminPasswordSchema,
  massNotificationSchema,
  reportStatusSchema,
  sendNotificationSchema,
  showbillApprovalSchema,
  userSearchSchema,
} from "~/schemas/admin";
import { MessageBody, z, type Area } from "../registry.server";
import { anyObject } from "../shapes.server";

const list = (what: string) => ({ 200: { description: what, schema: z.array(anyObject("One item.")) } });
const counted = MessageBody.extend({ count: z.number().int() });

/** The administrators' API: every operation answers 403 to anyone else. */
export const admin: Area = (api) => {
  api.get("/api/admin/stats", {
    operationId: "getAdminStats",
    summary: "Totals for the dashboard",
    access: "admin",
    responses: {
      200: {
        description: "totalUsers, activeUsers, totalEvents, pendingShowbills, failedJobs (deliveries that will not be retried).",
        schema: anyObject("The totals."),
      },
    },
  });
  api.get("/api/admin/users", {
    operationId: "findUsers",
    summary: "Find users by email or name prefix, a page at a time",
    access: "admin",
    query: userSearchSchema,
    responses: { 200: { description: "A page of users.", schema: anyObject("The users of the page and the total.") } },
  });
  api.patch("/api/admin/users/{id}/email", {
    operationId: "changeUserEmail",
    summary: "Change a user's email",
    access: "admin",
    params: { id: "The user's id." },
    body: adminEmailSchema,
    responses: { 200: { description: "Changed.", schema: MessageBody } },
    errors: [404, 409],
  });
  api.post("/api/admin/users/{id}/reset-password", {
    operationId: "setUserPassword",
    summary: "Set a user's password",
    description: "Ends the user's sessions.",
    access: "admin",
    params: { id: "The user's id." },
    body: adminPasswordSchema,
    responses: { 200: { description: "Set.", schema: MessageBody } },
    errors: [404],
  });
  api.delete("/api/admin/users/{id}/ban", {
    operationId: "banUser",
    summary: "Ban a user",
    description: "Deactivates the account, bans its email and ends every session. Never an administrator.",
    access: "admin",
    params: { id: "The user's id." },
    responses: { 200: { description: "Banned.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/admin/events", { operationId: "listAllEvents", summary: "Every event in any approval state, with its creator", access: "admin", responses: list("The events.") });
  api.delete("/api/admin/events/{id}", {
    operationId: "deleteAnyEvent",
    summary: "Delete any event",
    description: "Its saves and reports go with it.",
    access: "admin",
    params: { id: "The event's id." },
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/admin/pending-showbills", { operationId: "listPendingEvents", summary: "Events waiting for review", access: "admin", responses: list("The events.") });
  api.patch("/api/admin/showbills/{eventId}/approve", {
    operationId: "reviewEvent",
    summary: "Approve or reject an event",
    description: "The creator is notified.",
    access: "admin",
    params: { eventId: "The event's id." },
    body: showbillApprovalSchema,
    responses: { 200: { description: "Done.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/admin/event-revisions", {
    operationId: "listPendingEventChanges",
    summary: "Creators' changes to listed events waiting for review",
    description: "Oldest first, field by field.",
    access: "admin",
    responses: list("The changes."),
  });
  api.patch("/api/admin/event-revisions/{eventId}", {
    operationId: "reviewEventChange",
    summary: "Approve or reject an event's pending change",
    description: "Approving puts the change live; rejecting discards it. The creator is notified either way.",
    access: "admin",
    params: { eventId: "The event's id." },
    body: showbillApprovalSchema,
    responses: { 200: { description: "Done.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/admin/event-reports", { operationId: "listEventReports", summary: "Event reports: pending ones and every processed one", access: "admin", responses: list("The reports.") });
  api.patch("/api/admin/event-reports/{id}", {
    operationId: "answerEventReport",
    summary: "Answer an event report",
    description: "Only a PENDING report.",
    access: "admin",
    params: { id: "The report's id (a number)." },
    body: reportStatusSchema,
    responses: { 200: { description: "Answered.", schema: MessageBody } },
    errors: [404, 409],
  });
  api.get("/api/admin/reports", { operationId: "listUserReports", summary: "User reports: pending ones and the latest 5 processed", access: "admin", responses: list("The reports.") });
  api.patch("/api/admin/reports/{id}", {
    operationId: "answerUserReport",
    summary: "Answer a user report",
    description: "Only a PENDING report.",
    access: "admin",
    params: { id: "The report's id (a number)." },
    body: reportStatusSchema,
    responses: { 200: { description: "Answered.", schema: MessageBody } },
    errors: [404, 409],
  });
  api.get("/api/admin/run-logs", { operationId: "listPublicRunLogs", summary: "Public runs with their owners", access: "admin", responses: list("The runs.") });
  api.delete("/api/admin/run-logs/{id}", {
    operationId: "deleteAnyRunLog",
    summary: "Delete any run",
    access: "admin",
    params: { id: "The run's id." },
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/admin/audit-log", { operationId: "getAuditLog", summary: "The latest administrator actions", access: "admin", responses: list("The actions.") });
  api.get("/api/admin/invitation-stats", {
    operationId: "getInvitationStats",
    summary: "Invitations per user: totalShares, totalSignups, successRate",
    access: "admin",
    responses: list("One row per user."),
  });
  api.post("/api/admin/mass-notification", {
    operationId: "announceToEveryone",
    summary: "Send an announcement to every active user",
    access: "admin",
    body: massNotificationSchema,
    responses: { 200: { description: "Sent; `count` users.", schema: counted } },
  });
  api.post("/api/admin/send-notification", {
    operationId: "announceToUsers",
    summary: "Send an announcement to chosen users",
    access: "admin",
    body: sendNotificationSchema,
    responses: { 200: { description: "Sent; `count` users.", schema: counted } },
  });
};
