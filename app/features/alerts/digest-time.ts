import { dayIn } from "~/features/events/dates";

/** The daily digest goes out at 7:00 in the morning, the rider's time. */
export const DIGEST_HOUR = 7;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the wall clock in `zone` is ahead of UTC at `time` (ms; negative west of Greenwich). */
function zoneOffset(zone: string, time: number) {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partsFormats.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(time)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(time / 1000) * 1000;
}

/** The instant the clock in `zone` reads `hour`:00 on `day` (YYYY-MM-DD). */
export function atLocalHour(zone: string, day: string, hour: number): Date {
  const wall = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  // Twice: the first guess may sit on the other side of a daylight-saving change.
  let time = wall - zoneOffset(zone, wall);
  time = wall - zoneOffset(zone, time);
  return new Date(time);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The next digest after `now` in `zone`: its local day (which names it) and when it is due. */
export function nextDigest(zone: string, now: Date): { day: string; dueAt: Date } {
  const today = dayIn(zone, now);
  const dueToday = atLocalHour(zone, today, DIGEST_HOUR);
  if (dueToday > now) return { day: today, dueAt: dueToday };
  const tomorrow = nextDay(today);
  return { day: tomorrow, dueAt: atLocalHour(zone, tomorrow, DIGEST_HOUR) };
}
