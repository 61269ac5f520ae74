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
export const DEFAULT_ZONE = "America/New_York";

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

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in minutes (Chicago in winter: -360). */
function offsetMinutes(zone: string, instant: number) {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    offsetFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time ("YYYY-MM-DDTHH:MM") happens in an IANA zone.
 * A time skipped by the spring change reads as the hour after; a time that
 * happens twice in the autumn reads as the first.
 */
export function zonedInstant(local: string, zone: string): Date {
  const [date, time = "00:00"] = local.split("T");
  const [y, m, d] = date!.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  // The offset guessed at the wall time, then at the instant it gives: the second is right unless the time does not exist.
  const first = wall - offsetMinutes(zone, wall) * 60_000;
  const second = wall - offsetMinutes(zone, first) * 60_000;
  return new Date(second + offsetMinutes(zone, second) * 60_000 === wall ? second : first);
}
