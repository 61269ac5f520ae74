import { alertPreferencesUpdateSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "~/schemas/alert-channels";
import { savedSearchCreateSchema, savedSearchUpdateSchema } from "~/schemas/saved-searches";
import { MessageBody, z, type Area } from "../registry.server";
import { anyObject, Notification, SavedSearch } from "../shapes.server";

/** Notifications, their live count, alerts (saved searches) and how they are delivered. */
export const notifications: Area = (api) => {
  api.get("/api/notifications", {
    operationId: "listNotifications",
    summary: "The latest 100 notifications, newest first",
    access: "user",
    query: z.object({ unread: z.enum(["1"]).optional().openapi({ description: "`1` for unread ones only." }) }),
    responses: { 200: { description: "The notifications.", schema: z.array(Notification) } },
  });
  api.get("/api/notifications/stream", {
    operationId: "streamUnreadCount",
    summary: "The unread count, live (server-sent events)",
    description: "`event: unread` with `data: {\"count\": n}` at once and on every change; a comment every 25 s keeps it open. Ends with the session.",
    access: "user",
    responses: { 200: { description: "An event stream.", contentType: "text/event-stream" } },
  });
  api.patch("/api/notifications/{id}/read", {
    operationId: "markNotificationRead",
    summary: "Mark one notification read",
    access: "user",
    params: { id: "The notification's id (a number)." },
    responses: { 200: { description: "Marked.", schema: MessageBody } },
    errors: [404],
  });
  api.patch("/api/notifications/mark-all-read", {
    operationId: "markAllNotificationsRead",
    summary: "Mark every notification read",
    access: "user",
    responses: { 200: { description: "How many were marked.", schema: MessageBody.extend({ count: z.number().int() }) } },
  });
  api.get("/api/saved-searches", {
    operationId: "listSavedSearches",
    summary: "The user's alerts (saved searches)",
    access: "user",
    responses: { 200: { description: "The alerts.", schema: z.array(SavedSearch) } },
  });
  api.post("/api/saved-searches", {
    operationId: "createSavedSearch",
    summary: "Save a search as an alert",
    access: "user",
    body: savedSearchCreateSchema,
    responses: { 201: { description: "Saved.", schema: SavedSearch } },
    errors: [409],
  });
  api.patch("/api/saved-searches/{id}", {
    operationId: "updateSavedSearch",
    summary: "Change an alert (any field, `paused` too)",
    access: "user",
    params: { id: "The alert's id (a number)." },
    body: savedSearchUpdateSchema,
    responses: { 200: { description: "The alert.", schema: SavedSearch } },
    errors: [404],
  });
  api.delete("/api/saved-searches/{id}", {
    operationId: "deleteSavedSearch",
    summary: "Delete an alert",
    access: "user",
    params: { id: "The alert's id (a number)." },
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/alert-preferences", {
    operationId: "getAlertPreferences",
    summary: "How each kind of alert is delivered",
    description: "`preferences` per kind (match, change, reminder) as `{ email: \"instant\" | \"daily\" | \"off\", push }`, `emailUnsubscribed`, and `onDeckRunsOut` (10, 5 or 3: told when an entry is that many runs out; null: off; 5 until chosen).",
    access: "user",
    responses: { 200: { description: "The settings.", schema: anyObject("The delivery settings.") } },
  });
  api.put("/api/alert-preferences", {
    operationId: "updateAlertPreferences",
    summary: "Change how alerts are delivered",
    description: "Any part of what GET answers; answers the whole.",
    access: "user",
    // One integer-or-null with null among its values (the union of literals gave null twice, which Redocly flags).
    body: alertPreferencesUpdateSchema.extend({
      onDeckRunsOut: z.number().int().nullable().optional().openapi({ enum: [10, 5, 3, null], description: "Told when an entry is this many runs out; null: off." }),
    }),
    responses: { 200: { description: "The settings.", schema: anyObject("The delivery settings.") } },
  });
  api.get("/api/push-subscriptions", {
    operationId: "getPushSubscription",
    summary: "Web Push: the server's key and this device's subscription",
    access: "user",
    query: z.object({ endpoint: z.string().optional().openapi({ description: "This device's push endpoint: answers whether it is on." }) }),
    responses: {
      200: {
        description: "The VAPID public key, the number of devices, and with `endpoint` whether it is subscribed.",
        schema: z.object({ vapidPublicKey: z.string(), devices: z.number().int(), subscribed: z.boolean().optional() }),
      },
    },
  });
  api.post("/api/push-subscriptions", {
    operationId: "subscribeToPush",
    summary: "Turn on Web Push for this device",
    description: "The body is what `PushSubscription.toJSON()` gives.",
    access: "user",
    body: pushSubscriptionSchema,
    responses: { 201: { description: "On.", schema: z.object({ subscribed: z.literal(true) }) } },
  });
  api.delete("/api/push-subscriptions", {
    operationId: "unsubscribeFromPush",
    summary: "Turn off Web Push for a device (idempotent)",
    access: "user",
    body: pushUnsubscribeSchema,
    responses: { 200: { description: "Off.", schema: z.object({ subscribed: z.literal(false) }) } },
  });
  api.get("/api/calendar-feed", {
    operationId: "getCalendarFeed",
    summary: "Whether the user has a calendar feed",
    access: "user",
    responses: { 200: { description: "Its state.", schema: z.object({ active: z.boolean() }) } },
  });
  api.post("/api/calendar-feed", {
    operationId: "createCalendarFeed",
    summary: "Make a new secret calendar-feed URL",
    description: "The old URL stops working.",
    access: "user",
    responses: { 201: { description: "The new URL.", schema: z.object({ active: z.literal(true), url: z.string() }) } },
  });
  api.delete("/api/calendar-feed", {
    operationId: "revokeCalendarFeed",
    summary: "Revoke the calendar feed",
    access: "user",
    responses: { 200: { description: "Revoked.", schema: z.object({ active: z.literal(false) }) } },
  });
};
