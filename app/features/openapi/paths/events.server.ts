import { geocodeSchema } from "~/schemas/api";
import { eventCreateSchema, eventReportSchema, eventSearchSchema, eventStatusSchema, eventUpdateSchema } from "~/schemas/events";
import { shareEventSchema } from "~/schemas/social";
import { MessageBody, z, type Area } from "../registry.server";
import { Event, SharedEvent } from "../shapes.server";

const homeZip = z.object({
  homeZipCode: z.string().optional().openapi({ description: "Distances from this ZIP instead of the user's home ZIP." }),
});

/** Events: listing, searching, adding, editing, saving, reporting, their calendar files. */
export const events: Area = (api) => {
  api.get("/api/events", {
    operationId: "listNearbyEvents",
    summary: "Upcoming events near the user",
    description: "Approved events ending on or after the user's today, within their search radius, soonest first, with distances.",
    access: "user",
    query: homeZip,
    responses: { 200: { description: "The events.", schema: z.array(Event) } },
  });
  api.post("/api/events", {
    operationId: "createEvent",
    summary: "Add an event",
    description: "Hidden until an administrator approves it. A repeated `clientId` answers the event already added, with 200.",
    access: "user",
    body: eventCreateSchema,
    responses: {
      201: { description: "Added, waiting for review.", schema: Event },
      200: { description: "Already added with this `clientId`.", schema: Event },
    },
  });
  api.post("/api/events/search", {
    operationId: "searchEvents",
    summary: "Search events",
    description:
      "By place (`zipCode` or `cityState`, with `radius` in miles) and/or dates, with filters. Ordered by date, then id. " +
      "Without `limit` the answer is the list of up to 100 events, as it always was. " +
      "With `limit` (1-100) the answer is a page `{ events, nextCursor }`: send `nextCursor` back as `cursor` (with the same search) for the next page; it is null after the last.",
    access: "user",
    body: eventSearchSchema,
    limited: true,
    responses: {
      200: {
        description: "The events found (a list), or a page of them when `limit` was sent.",
        schema: z.union([
          z.array(Event),
          z.object({ events: z.array(Event), nextCursor: z.string().nullable() }).openapi("EventSearchPage"),
        ]),
      },
    },
  });
  api.get("/api/events/{id}", {
    operationId: "getEvent",
    summary: "One event",
    description: "Its creator also sees their change waiting for review (`pendingChange`).",
    access: "user",
    params: { id: "The event's id." },
    responses: { 200: { description: "The event.", schema: Event } },
    errors: [404],
  });
  api.put("/api/events/{id}", {
    operationId: "updateEvent",
    summary: "Edit an event (its creator or an administrator)",
    description:
      "A creator's change to a listed event waits for review: 202 with `changeStatus: \"pending_review\"` and the listed event with its `pendingChange`. Otherwise it applies at once: 200, `changeStatus: \"applied\"`.",
    access: "user",
    params: { id: "The event's id." },
    body: eventUpdateSchema,
    responses: {
      200: { description: "Applied.", schema: Event.extend({ changeStatus: z.literal("applied") }) },
      202: { description: "Waiting for review.", schema: Event.extend({ changeStatus: z.literal("pending_review"), message: z.string() }) },
    },
    errors: [404],
  });
  api.post("/api/events/{id}/status", {
    operationId: "changeEventStatus",
    summary: "Cancel, postpone or reschedule an event (its creator or an administrator)",
    description: "A `reason` is required for CANCELLED and POSTPONED. Answers the event as it is now.",
    access: "user",
    params: { id: "The event's id." },
    body: eventStatusSchema,
    responses: { 200: { description: "The event.", schema: Event } },
    errors: [404],
  });
  api.post("/api/events/{id}/save", {
    operationId: "saveEvent",
    summary: "Save an event (idempotent)",
    access: "user",
    params: { id: "The event's id." },
    responses: { 200: { description: "Saved.", schema: z.object({ saved: z.literal(true) }) } },
    errors: [404],
  });
  api.delete("/api/events/{id}/save", {
    operationId: "unsaveEvent",
    summary: "Unsave an event (idempotent)",
    access: "user",
    params: { id: "The event's id." },
    responses: { 200: { description: "Not saved.", schema: z.object({ saved: z.literal(false) }) } },
  });
  api.get("/api/events/{id}/ics", {
    operationId: "getEventCalendarFile",
    summary: "An event as an .ics calendar file",
    description: "Public for approved events, like the share page.",
    access: "public",
    params: { id: "The event's id." },
    responses: { 200: { description: "The calendar file.", contentType: "text/calendar" } },
    errors: [404],
  });
  api.post("/api/events/share", {
    operationId: "shareEvent",
    summary: "Share an event with another rider",
    access: "user",
    body: shareEventSchema,
    responses: { 200: { description: "Shared: the rider gets a notification.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/created-events", {
    operationId: "listCreatedEvents",
    summary: "The user's own events, approved or not",
    access: "user",
    query: homeZip,
    responses: { 200: { description: "The events, each with its `pendingChange` or null.", schema: z.array(Event) } },
  });
  api.get("/api/saved-events", {
    operationId: "listSavedEvents",
    summary: "The events the user saved",
    description: "Never events the user created.",
    access: "user",
    query: homeZip,
    responses: {
      200: {
        description: "The saved events.",
        schema: z.array(
          z.object({
            event: Event,
            savedEvent: z.object({ id: z.number().int(), userId: z.string(), eventId: z.string(), savedAt: z.string() }),
          }),
        ),
      },
    },
  });
  api.post("/api/event-reports", {
    operationId: "reportEvent",
    summary: "Report an event",
    access: "user",
    body: eventReportSchema,
    responses: {
      201: {
        description: "Reported.",
        schema: MessageBody.extend({ id: z.number().int(), eventId: z.string(), reason: z.string(), status: z.string() }),
      },
    },
    errors: [404, 409],
  });
  api.get("/api/share/event/{id}", {
    operationId: "getSharedEvent",
    summary: "An event as a share page shows it",
    description: "Public. An unapproved event is not found, but for its creator and administrators.",
    access: "public",
    params: { id: "The event's id." },
    responses: { 200: { description: "The event.", schema: SharedEvent } },
    errors: [404],
  });
  api.get("/api/city-state-suggestions", {
    operationId: "suggestCityStates",
    summary: "\"City, ST\" suggestions from three characters",
    access: "user",
    query: z.object({ query: z.string().optional().openapi({ description: "What was typed (the first 100 characters are read)." }) }),
    responses: {
      200: { description: "Up to a few places.", schema: z.array(z.object({ description: z.string(), place_id: z.string() })) },
    },
  });
  api.post("/api/geocode-location", {
    operationId: "geocodeLocation",
    summary: "A ZIP code for an address or a \"City, ST\"",
    access: "user",
    body: geocodeSchema,
    responses: { 200: { description: "The place.", schema: z.object({ zipCode: z.string(), city: z.string(), state: z.string() }) } },
    errors: [404],
  });
};
