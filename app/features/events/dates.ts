/**
 * "Today" is the rider's calendar day, not the server's: an event dated today
 * is still upcoming at 11 pm in California. The day is taken in the time zone
 * of the state of the rider's home ZIP (the state's main zone).
 */
const STATE_ZONES: Record<string, string> = {
  AK: "America/Anchorage", HI: "Pacific/Honolulu", CA: "America/Los_Angeles", WA: "America/Los_Angeles",
  OR: "America/Los_Angeles", NV: "America/Los_Angeles", AZ: "America/Phoenix", UT: "America/Denver",
  CO: "America/Denver", NM: "America/Denver", WY: "America/Denver", MT: "America/Denver", ID: "America/Boise",
  TX: "America/Chicago", OK: "America/Chicago", KS: "America/Chicago", NE: "America/Chicago", SD: "America/Chicago",
  ND: "America/Chicago", MN: "America/Chicago", IA: "America/Chicago", MO: "America/Chicago", AR: "America/Chicago",
  LA: "America/Chicago", MS: "America/Chicago", AL: "America/Chicago", TN: "America/Chicago", WI: "America/Chicago",
  IL: "America/Chicago", PR: "America/Puerto_Rico",
};
const DEFAULT_ZONE = "America/New_York";

export function zoneForState(state: string | null | undefined) {
  return (state && STATE_ZONES[state]) || DEFAULT_ZONE;
}

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than formatting with one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `now` in an IANA zone. */
export function dayIn(zone: string, now = new Date()) {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(zone, format);
  }
  return format.format(now);
}
