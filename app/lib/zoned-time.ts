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
function offsetMinutes(zone: string, at: Date) {
  const p = parts(zone, at);
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000) / 60_000;
}

/** A `datetime-local` value: "2026-11-24T05:30" (seconds optional). */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock time in `zone` names, or null when the text is
 * not one (or names a day that does not exist). A time skipped by a clock
 * change is read with the offset before it.
 */
export function wallClockToDate(local: string, zone: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute, second = "0"] = m.slice(1).map((v) => v ?? "0") as string[];
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59) return null;
  let guess = asUtc - offsetMinutes(zone, new Date(asUtc)) * 60_000;
  guess = asUtc - offsetMinutes(zone, new Date(guess)) * 60_000;
  return new Date(guess);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The `datetime-local` value of an instant in `zone`, to the minute. */
export function dateToWallClock(at: Date, zone: string) {
  const p = parts(zone, at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}
