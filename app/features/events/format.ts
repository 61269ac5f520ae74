import { addDays } from "~/lib/dates";

/** Pure display rules for events, shared by server and browser. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function parts(date: string) {
  const [y, m, d] = date.split("-").map(Number);
  return { y: y!, m: m! - 1, d: d! };
}

/**
 * "Mar 3, 2026"; a range merges what it shares: "Mar 3 – 5, 2026",
 * "Mar 30 – Apr 2, 2026", "Dec 30, 2026 – Jan 2, 2027".
 */
export function formatDateRange(date: string, endDate?: string | null) {
  const a = parts(date);
  if (!endDate || endDate === date) return `${MONTHS[a.m]} ${a.d}, ${a.y}`;
  const b = parts(endDate);
  if (a.y !== b.y) return `${MONTHS[a.m]} ${a.d}, ${a.y} – ${MONTHS[b.m]} ${b.d}, ${b.y}`;
  if (a.m !== b.m) return `${MONTHS[a.m]} ${a.d} – ${MONTHS[b.m]} ${b.d}, ${a.y}`;
  return `${MONTHS[a.m]} ${a.d} – ${b.d}, ${a.y}`;
}

/** "Mar 3, 2026, 8:00 PM" for a wall-clock "YYYY-MM-DDTHH:MM" (the event's local time, shown as written). */
export function formatLocalTime(local: string) {
  const [date, time = "00:00"] = local.split("T");
  const a = parts(date!);
  const [h, m] = time.split(":").map(Number);
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${MONTHS[a.m]} ${a.d}, ${a.y}, ${hour}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

/** The first event type, underscores as spaces, upper-cased; BARREL RACING by default. */
export function eventTypeBadge(types: readonly string[] | null | undefined) {
  return (types?.[0] ?? "barrel_racing").replace(/_/g, " ").toUpperCase();
}

/**
 * A Google Calendar template link for an all-day event. No end date means
 * the start date is the end; the template's end date is exclusive.
 */
export function calendarUrl(event: {
  name: string;
  date: string;
  endDate?: string | null;
  description?: string | null;
  location?: string | null;
  address?: string | null;
  arenaName?: string | null;
}) {
  const start = event.date.replace(/-/g, "");
  const end = addDays(event.endDate || event.date, 1).replace(/-/g, "");
  const where = [event.arenaName, event.address, event.location].filter(Boolean).join(", ");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.name,
    dates: `${start}/${end}`,
    details: event.description ?? "",
    location: where,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
