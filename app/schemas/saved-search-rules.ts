/**
 * Limits, choices and messages of saved searches ("Alert me"), without zod,
 * so Discover and Settings can show them without shipping the schema.
 */
export const MAX_SAVED_SEARCHES = 10;
export const SAVED_SEARCH_NAME_MAX = 60;

export const ALERT_EMAIL_CHOICES = ["instant", "daily", "off"] as const;
export type AlertEmailChoice = (typeof ALERT_EMAIL_CHOICES)[number];
/** The same words as Settings' alert channels (app/schemas/alert-channels.ts, which carries zod). */
export const ALERT_EMAIL_LABELS: Record<AlertEmailChoice, string> = {
  instant: "Right away",
  daily: "Daily digest",
  off: "Off",
};

export const SAVED_SEARCH_MESSAGES = {
  name: "Give the alert a name",
  nameLong: `An alert name can be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  place: 'An alert needs a place: enter a ZIP code or "City, ST"',
  email: 'Email must be "instant", "daily" or "off"',
  paused: "paused must be true or false",
  limit: `You already have ${MAX_SAVED_SEARCHES} alerts, the most one rider can keep. Delete one in Settings to save another.`,
  notFound: "Alert not found",
  ended: "The end date has passed: an alert finds events from today on",
  nothing: "Nothing to change: send at least one field",
} as const;

/** A short default name for a search: "Fort Worth, TX, 50 mi". */
export function suggestedAlertName(place: string, radius: string | number) {
  const name = `${place.trim()}, ${radius} mi`;
  return name.length > SAVED_SEARCH_NAME_MAX ? name.slice(0, SAVED_SEARCH_NAME_MAX) : name;
}
