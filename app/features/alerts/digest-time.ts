import { dayIn } from "~/features/events/dates";
import { addDays } from "~/lib/dates";
import { zonedInstant } from "~/lib/zoned-time";

/** The daily digest goes out at 7:00 in the morning, the rider's time. */
const DIGEST_HOUR = 7;
const AT = `T${String(DIGEST_HOUR).padStart(2, "0")}:00`;

/** The next digest after `now` in `zone`: its local day (which names it) and when it is due. */
export function nextDigest(zone: string, now: Date): { day: string; dueAt: Date } {
  const today = dayIn(zone, now);
  const dueToday = zonedInstant(`${today}${AT}`, zone);
  if (dueToday > now) return { day: today, dueAt: dueToday };
  const tomorrow = addDays(today, 1);
  return { day: tomorrow, dueAt: zonedInstant(`${tomorrow}${AT}`, zone) };
}
