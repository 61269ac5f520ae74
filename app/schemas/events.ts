import { z } from "zod";
import { DEFAULT_RADIUS, EVENT_TYPES, RADIUS_OPTIONS, REPORT_DESCRIPTION_MAX, STATUS_REASON_MAX } from "./constants";
import { isPhoneNumber } from "./entry-contact";
import { GROUND_TYPES } from "./event-labels";

export { EVENT_TYPE_LABELS, GROUND_LABELS, GROUND_TYPES } from "./event-labels";

/** Event create, event search and reports: each message written once. */
export const EVENT_MESSAGES = {
  name: "Event name is required",
  location: "Location is required",
  zipCode: "ZIP code must be 5 digits",
  date: "Event date is required",
  eventType: "At least one event type is required",
  contactEmail: "Invalid email format",
  confirmTerms: "You must confirm the event information is accurate",
  endDate: "End date must be on or after the start date",
  search: "Either location (zipCode or cityState) or date range (startDate or endDate) must be provided",
  reason: "Please select a reason for reporting",
  longPast: "That date is more than a year ago: check the year",
  searchRange: "The end date must be on or after the start date",
  searchEnded: "The end date has passed: searches find events from today on",
  alreadyReported: "You already reported this event. An admin will review it.",
  entriesClose: "Enter the date and time entries close",
  entriesCloseAfterEnd: "Entries must close by the end of the event",
  entryContact: "Enter an entry link (https://…) or a phone number",
  statusReason: "Say why, in a few words: riders who saved the event see it",
  statusApprovedOnly: "Only a listed (approved) event can be cancelled or postponed: an event waiting for review can be edited or deleted instead.",
  pageLimit: "limit must be a whole number from 1 to 100",
  cursor: "That cursor is not one this search gave: search again without it",
} as const;

/** The most events one page of a search holds (POST /api/events/search `limit`). */
export const SEARCH_PAGE_MAX = 100;

/** A listed event goes ahead as planned (SCHEDULED), or its creator or an admin marks it CANCELLED or POSTPONED with a reason. */
export const EVENT_STATUSES = ["SCHEDULED", "CANCELLED", "POSTPONED"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = { SCHEDULED: "Scheduled", CANCELLED: "Cancelled", POSTPONED: "Postponed" };


export const ARENA_TYPES = ["outdoor", "indoor"] as const;
export const EVENT_REPORT_REASONS = [
  "cancelled",
  "wrong-info",
  "location-changed",
  "date-changed",
  "inappropriate-content",
  "spam",
  "safety-concern",
  "other",
] as const;
export const EVENT_REPORT_LABELS: Record<(typeof EVENT_REPORT_REASONS)[number], string> = {
  cancelled: "Event cancelled",
  "wrong-info": "Wrong information",
  "location-changed": "Location changed",
  "date-changed": "Date changed",
  "inappropriate-content": "Inappropriate content",
  spam: "Spam",
  "safety-concern": "Safety concern",
  other: "Other",
};

/** What a creator is told when their change to a listed event waits for review. */
export const EVENT_CHANGE_PENDING = "Your change was sent for review. Riders see the event as it was until an admin approves the change.";

/** A multi-day event longer than this is almost surely a typo in the end date. */
export const MAX_EVENT_DAYS = 31;
/** An event starting more than this many days ago is almost surely a typo in the year. */
const MAX_PAST_DAYS = 365;

/** Whether a YYYY-MM-DD date lies more than MAX_PAST_DAYS before `now` (whole days, so time zones do not matter). */
export function isLongPast(date: string, now = new Date()) {
  return Date.parse(`${date}T00:00:00Z`) < now.getTime() - (MAX_PAST_DAYS + 1) * 86_400_000;
}

const blankToUndefined = (v: unknown) => {
  if (typeof v !== "string") return v;
  const t = v.trim();
  return t === "" ? undefined : t;
};
const text = (max: number) => z.preprocess(blankToUndefined, z.string().max(max, `Must be at most ${max} characters`).optional());
const required = (message: string, max = 200) =>
  z.preprocess(blankToUndefined, z.string({ required_error: message, invalid_type_error: message }).min(1, message).max(max, `Must be at most ${max} characters`));
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => isoDate.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const dateField = (message: string) => required(message, 10).refine(validDate, message);
const optionalDate = z.preprocess(blankToUndefined, z.string().refine(validDate, "Enter a date as YYYY-MM-DD").optional());
/** "YYYY-MM-DDTHH:MM", what an <input type="datetime-local"> sends. */
const validLocalTime = (s: string) => {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/.exec(s);
  return Boolean(m && validDate(m[1]!));
};
/** Minutes are enough: a browser that adds seconds (":00") is read without them. */
const toMinutes = (v: unknown) => {
  const t = blankToUndefined(v);
  return typeof t === "string" && /T\d{2}:\d{2}:00(\.0+)?$/.test(t) ? t.slice(0, 16) : t;
};
const entriesClose = z.preprocess(toMinutes, z.string().refine(validLocalTime, EVENT_MESSAGES.entriesClose).optional());

/**
 * Where to enter: a phone number (7 to 15 digits, with the usual + ( ) - . and spaces)
 * or a web address ("example.org/entries" becomes https://example.org/entries).
 */
const entryContact = z.preprocess(
  (v) => {
    const t = blankToUndefined(v);
    if (typeof t !== "string" || isPhoneNumber(t)) return t;
    return /^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`;
  },
  z
    .string()
    .max(300, "Must be at most 300 characters")
    .refine((s) => isPhoneNumber(s) || (/^https?:\/\/[^\s]+\.[^\s]+$/i.test(s) && z.string().url().safeParse(s).success), EVENT_MESSAGES.entryContact)
    .optional(),
);

/** Entries close at the latest when the event's last day ends, in the event's own local time. */
export function entriesCloseAfterEnd(entriesClose: string | null | undefined, date: string | null | undefined, endDate?: string | null) {
  return Boolean(entriesClose && date && validLocalTime(entriesClose) && entriesClose > `${endDate || date}T23:59`);
}

/** Unknown event types are dropped (as an event update does); a single form value becomes a list. */
const eventTypes = z.preprocess(
  (v) => {
    const list = v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v];
    return list.filter((t): t is string => (EVENT_TYPES as readonly string[]).includes(String(t)));
  },
  z.array(z.enum(EVENT_TYPES)).min(1, EVENT_MESSAGES.eventType),
);

/** A website given as "example.org" becomes https://example.org; other schemes (javascript:) are refused. */
const website = z.preprocess(
  (v) => {
    const t = blankToUndefined(v);
    if (typeof t !== "string") return t;
    return /^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`;
  },
  z
    .string()
    .max(300)
    .url("Enter a website address")
    .refine((u) => /^https?:\/\//i.test(u), "Enter a website address")
    .optional(),
);

const money = z.preprocess(
  (v) => {
    const t = blankToUndefined(v);
    if (typeof t === "string") return Number(t.replace(/[$,]/g, ""));
    return t ?? undefined;
  },
  z.number({ invalid_type_error: "Enter whole dollars" }).int("Enter whole dollars").min(0, "Enter whole dollars").max(10_000_000).optional(),
);

const eventFields = {
  name: required(EVENT_MESSAGES.name),
  location: required(EVENT_MESSAGES.location),
  zipCode: z.preprocess(blankToUndefined, z.string({ required_error: EVENT_MESSAGES.zipCode }).regex(/^\d{5}$/, EVENT_MESSAGES.zipCode)),
  address: text(200),
  arenaName: text(120),
  arenaType: z.preprocess(blankToUndefined, z.enum(ARENA_TYPES).default("outdoor")),
  groundType: z.preprocess(blankToUndefined, z.enum(GROUND_TYPES).optional()),
  addedMoney: money,
  date: dateField(EVENT_MESSAGES.date),
  endDate: optionalDate,
  contactName: text(120),
  contactPhone: text(40),
  contactEmail: z.preprocess(blankToUndefined, z.string().email(EVENT_MESSAGES.contactEmail).max(254).optional()),
  contactFacebook: website,
  eventType: eventTypes,
  description: text(5000),
  entryFee: text(200),
  entriesClose,
  entryContact,
  showbillUrl: z.preprocess(blankToUndefined, z.string().max(500).nullable().optional()),
};

type Dates = { date?: string; endDate?: string | null; entriesClose?: string | null };
const endAfterStart = (v: Dates) => !v.endDate || !v.date || v.endDate >= v.date;
const notTooLong = (v: Dates) =>
  !v.endDate || !v.date || (Date.parse(v.endDate) - Date.parse(v.date)) / 86_400_000 < MAX_EVENT_DAYS;
const withDateRules = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema
    .refine((v) => endAfterStart(v as Dates), { message: EVENT_MESSAGES.endDate, path: ["endDate"] })
    .refine((v) => notTooLong(v as Dates), { message: `An event can last at most ${MAX_EVENT_DAYS} days`, path: ["endDate"] })
    .refine((v) => !entriesCloseAfterEnd((v as Dates).entriesClose, (v as Dates).date, (v as Dates).endDate), {
      message: EVENT_MESSAGES.entriesCloseAfterEnd,
      path: ["entriesClose"],
    });

const confirmTerms = z.preprocess(
  (v) => v === true || v === "on" || v === "true",
  z.literal(true, { errorMap: () => ({ message: EVENT_MESSAGES.confirmTerms }) }),
);

/** POST /api/events and the Add Event form; a repeated clientId (the form sent again) adds nothing. */
export const eventCreateSchema = withDateRules(
  z.object({ ...eventFields, confirmTerms, clientId: z.preprocess(blankToUndefined, z.string().max(64).optional()) }),
).refine((v) => !v.date || !isLongPast(v.date), { message: EVENT_MESSAGES.longPast, path: ["date"] });
/** The edit form: the same required fields, no confirmation. */
export const eventEditSchema = withDateRules(z.object(eventFields));
/** PUT /api/events/{id}: every field optional (as an event update does). */
export const eventUpdateSchema = withDateRules(
  z.object({
    ...eventFields,
    name: eventFields.name.optional(),
    location: eventFields.location.optional(),
    zipCode: eventFields.zipCode.optional(),
    date: eventFields.date.optional(),
    arenaType: z.preprocess(blankToUndefined, z.enum(ARENA_TYPES).optional()),
    eventType: eventTypes.optional(),
    endDate: z.preprocess((v) => (v === "" ? null : v), z.string().refine(validDate, "Enter a date as YYYY-MM-DD").nullable().optional()),
    // null (or "") clears them.
    entriesClose: z.preprocess((v) => (v === "" ? null : toMinutes(v)), z.string().refine(validLocalTime, EVENT_MESSAGES.entriesClose).nullable().optional()),
    entryContact: z.preprocess((v) => (v === "" ? null : v), entryContact.nullable()),
  }),
);
export type EventInput = z.infer<typeof eventEditSchema>;
export type EventUpdateInput = z.infer<typeof eventUpdateSchema>;

const radius = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? DEFAULT_RADIUS : Number(v)),
  z
    .number()
    .refine((r) => (RADIUS_OPTIONS as readonly number[]).includes(r), `Radius must be one of ${RADIUS_OPTIONS.join(", ")} miles`),
);

/** The fields of an event search, shared with saved searches (app/schemas/saved-searches.ts). */
export const eventSearchFields = {
  zipCode: z.preprocess(blankToUndefined, z.string().regex(/^\d{5}$/, "ZIP code must be 5 digits").optional()),
  cityState: z.preprocess(blankToUndefined, z.string().min(3, "Enter at least 3 characters").max(100).optional()),
  radius,
  startDate: optionalDate,
  endDate: optionalDate,
  arenaType: z.preprocess(blankToUndefined, z.enum(ARENA_TYPES).optional()),
  groundType: z.preprocess(blankToUndefined, z.enum(GROUND_TYPES).optional()),
  minAddedMoney: money,
  eventType: z.preprocess(blankToUndefined, z.enum(EVENT_TYPES).optional()),
};

/** POST /api/events/search and the Discover search form. */
export const eventSearchSchema = z
  .object({
    ...eventSearchFields,
    // Not a five-digit ZIP: left out rather than refused (distances then come from the rider's home ZIP).
    userHomeZipCode: z.preprocess((v) => (typeof v === "string" && /^\d{5}$/.test(v.trim()) ? v.trim() : undefined), z.string().regex(/^\d{5}$/).optional()),
    // A page of results (the API): how many, and where the previous page ended (its `nextCursor`).
    limit: z
      .number({ invalid_type_error: EVENT_MESSAGES.pageLimit })
      .int(EVENT_MESSAGES.pageLimit)
      .min(1, EVENT_MESSAGES.pageLimit)
      .max(SEARCH_PAGE_MAX, EVENT_MESSAGES.pageLimit)
      .optional(),
    // null is the first page, so a client may send back the `nextCursor` it has, whatever it is.
    cursor: z.string({ invalid_type_error: EVENT_MESSAGES.cursor }).min(1, EVENT_MESSAGES.cursor).max(200, EVENT_MESSAGES.cursor).nullish(),
  })
  .refine((v) => v.zipCode || v.cityState || v.startDate || v.endDate, { message: EVENT_MESSAGES.search })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, { message: EVENT_MESSAGES.searchRange, path: ["endDate"] });
export type EventSearch = z.infer<typeof eventSearchSchema>;

/** POST /api/events/{id}/status and the Cancel / Postpone confirmations: a reason for CANCELLED and POSTPONED. */
export const eventStatusSchema = z
  .object({
    status: z.enum(EVENT_STATUSES, { errorMap: () => ({ message: `Status must be one of ${EVENT_STATUSES.join(", ")}` }) }),
    reason: z.preprocess(blankToUndefined, z.string().max(STATUS_REASON_MAX, `Keep the reason to ${STATUS_REASON_MAX} characters`).optional()),
  })
  .refine((v) => v.status === "SCHEDULED" || (v.reason && v.reason.length >= 3), { message: EVENT_MESSAGES.statusReason, path: ["reason"] });
export type EventStatusInput = z.infer<typeof eventStatusSchema>;

/** POST /api/event-reports and the report dialog. */
export const eventReportSchema = z.object({
  eventId: z.string().min(1).max(64),
  reason: z.preprocess(
    blankToUndefined,
    z.enum(EVENT_REPORT_REASONS, { errorMap: () => ({ message: EVENT_MESSAGES.reason }) }),
  ),
  description: z.preprocess(
    blankToUndefined,
    z.string().max(REPORT_DESCRIPTION_MAX, `Description must be at most ${REPORT_DESCRIPTION_MAX} characters`).optional(),
  ),
});
