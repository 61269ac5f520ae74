import { dayIn } from "~/features/events/dates";
import { zonedInstant } from "~/lib/zoned-time";

/** The daily digest goes out at 7:00 in the morning, the rider's time. */
export const DIGEST_HOUR = 7;
const AT = `T${String(DIGEST_HOUR).padStart(2, "0")}:00`;

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The next digest after `now` in `zone`: its local day (which names it) and when it is due. */
export function nextDigest(zone: string, now: Date): { day: string; dueAt: Date } {
  const today = dayIn(zone, now);
  const dueToday = zonedInstant(`${today}${AT}`, zone);
  if (dueToday > now) return { day: today, dueAt: dueToday };
  const tomorrow = nextDay(today);
  return { day: tomorrow, dueAt: zonedInstant(`${tomorrow}${AT}`, zone) };
}
