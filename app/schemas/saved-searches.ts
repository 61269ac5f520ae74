import { z } from "zod";
import { EVENT_MESSAGES, eventSearchFields } from "./events";
import { ALERT_EMAIL_CHOICES, SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "./saved-search-rules";

export * from "./saved-search-rules";

/**
 * A saved search ("Alert me"): Discover's event search (the same fields,
 * radii and messages, eventSearchFields) with a name and an email choice.
 * Unlike a search it needs a place: an alert is a circle on the map.
 */
const name = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ required_error: SAVED_SEARCH_MESSAGES.name, invalid_type_error: SAVED_SEARCH_MESSAGES.name })
    .min(1, SAVED_SEARCH_MESSAGES.name)
    .max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES.nameLong),
);
const email = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(ALERT_EMAIL_CHOICES, { errorMap: () => ({ message: SAVED_SEARCH_MESSAGES.email }) }),
);
const paused = z.preprocess(
  (v) => (v === "true" || v === "on" ? true : v === "false" ? false : v),
  z.boolean({ invalid_type_error: SAVED_SEARCH_MESSAGES.paused }),
);

type Dates = { startDate?: string | null; endDate?: string | null };
const datesInOrder = (v: Dates) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

/** POST /api/saved-searches and Discover's "Alert me" form. */
export const savedSearchCreateSchema = z
  .object({ ...eventSearchFields, name, email: email.default("instant") })
  .refine((v) => v.zipCode || v.cityState, { message: SAVED_SEARCH_MESSAGES.place, path: ["zipCode"] })
  .refine(datesInOrder, { message: EVENT_MESSAGES.searchRange, path: ["endDate"] });
export type SavedSearchInput = z.infer<typeof savedSearchCreateSchema>;

const f = eventSearchFields;
/**
 * PATCH /api/saved-searches/{id} and Settings' edit form: any field; a
 * filter sent as null is cleared; a new ZIP code or "City, ST" moves the
 * alert (a ZIP code wins when both are sent, as in a search).
 */
export const savedSearchUpdateSchema = z
  .object({
    name: name.optional(),
    zipCode: f.zipCode,
    cityState: f.cityState,
    radius: f.radius.optional(),
    startDate: f.startDate.nullable(),
    endDate: f.endDate.nullable(),
    arenaType: f.arenaType.nullable(),
    groundType: f.groundType.nullable(),
    minAddedMoney: f.minAddedMoney.nullable(),
    eventType: f.eventType.nullable(),
    email: email.optional(),
    paused: paused.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: SAVED_SEARCH_MESSAGES.nothing })
  .refine(datesInOrder, { message: EVENT_MESSAGES.searchRange, path: ["endDate"] });
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateSchema>;
