/*
 * Wall-clock times in a named time zone, without a date library: what a
 * `datetime-local` field shows and means. Used by the run form (the phone's
 * zone) and the server (the zone the form says it was filled in).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function parts(zone: string, at: Date) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formats.set(zone, format);
  }
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(at)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Whether the runtime knows this IANA zone name ("America/Chicago"). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes the zone is ahead of UTC at that instant (Chicago in winter: -360). */
function offsetMinutes(zone: string, instant: number) {
  const p = parts(zone, new Date(instant));
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time ("YYYY-MM-DDTHH:MM", seconds optional)
 * happens in an IANA zone, for a text already known to be one (events'
 * entries close, reminder and digest hours). A time skipped by the spring
 * change reads as the hour after; a time that happens twice in the autumn
 * reads as the first.
 */
export function zonedInstant(local: string, zone: string): Date {
  const [date, time = "00:00"] = local.split("T");
  const [y, m, d] = date!.split("-").map(Number);
  const [hh, mm, ss = 0] = time.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!, ss);
  // The offset guessed at the wall time, then at the instant it gives: the second is right unless the time does not exist.
  const first = wall - offsetMinutes(zone, wall) * 60_000;
  const second = wall - offsetMinutes(zone, first) * 60_000;
  return new Date(second + offsetMinutes(zone, second) * 60_000 === wall ? second : first);
}

/** A `datetime-local` value: "2026-11-24T05:30" (seconds optional). */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock time in `zone` names, or null when the text is
 * not one (or names a day that does not exist); read as `zonedInstant` does.
 */
export function wallClockToDate(local: string, zone: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as number[];
  const check = new Date(Date.UTC(year!, month! - 1, day!));
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day || hour! > 23 || minute! > 59) return null;
  return zonedInstant(local, zone);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The `datetime-local` value of an instant in `zone`, to the minute. */
export function dateToWallClock(at: Date, zone: string) {
  // The run form shows "now" on every run log page: ICU's formatToParts was 1% of the page, and
  // the answer changes once a minute (every zone's offset today is whole minutes).
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastWallClock.get(zone);
  if (last?.minute === minute) return last.text;
  const p = parts(zone, at);
  const text = `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
  lastWallClock.set(zone, { minute, text });
  return text;
}
const lastWallClock = new Map<string, { minute: number; text: string }>();
