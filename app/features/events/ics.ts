import { addDays } from "~/lib/dates";

/**
 * iCalendar (RFC 5545) for one event or a feed of saved events: all-day
 * events, end date exclusive. Each event keeps its UID and carries its
 * SEQUENCE, raised whenever what a calendar shows changes, so a subscribed
 * phone calendar replaces its copy. A cancelled event stays in the feed
 * as STATUS:CANCELLED (calendars strike or drop it) rather than vanishing;
 * a postponed one is TENTATIVE, its title says so and the reason is in its
 * description.
 */
type IcsEvent = {
  id: string;
  name: string;
  date: string;
  endDate?: string | null;
  description?: string | null;
  location?: string | null;
  address?: string | null;
  arenaName?: string | null;
  url?: string;
  status?: "SCHEDULED" | "CANCELLED" | "POSTPONED";
  statusReason?: string | null;
  sequence?: number;
};

const ICS_STATUS = { SCHEDULED: "CONFIRMED", CANCELLED: "CANCELLED", POSTPONED: "TENTATIVE" } as const;
const TITLE_PREFIX = { SCHEDULED: "", CANCELLED: "CANCELLED: ", POSTPONED: "POSTPONED: " } as const;

function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/\r?\n/g, "\\n").replace(/([,;])/g, "\\$1");
}

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 3.1). */
function fold(line: string) {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join("\r\n");
}

const compact = (d: string) => d.replace(/-/g, "");

export function toIcs(events: IcsEvent[], { name = "Cloverleaf events", host = "cloverleaf.app", now = new Date() } = {}) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cloverleaf//Events//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${escapeText(name)}`];
  for (const e of events) {
    const where = [e.arenaName, e.address, e.location].filter(Boolean).join(", ");
    const status = e.status ?? "SCHEDULED";
    const notice = status === "SCHEDULED" ? null : `${status === "CANCELLED" ? "Cancelled" : "Postponed"}${e.statusReason ? `: ${e.statusReason}` : ""}`;
    const description = [notice, e.description].filter(Boolean).join("\n\n");
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.id}@${host}`,
      `SEQUENCE:${e.sequence ?? 0}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(e.date)}`,
      `DTEND;VALUE=DATE:${compact(addDays(e.endDate || e.date, 1))}`,
      `SUMMARY:${escapeText(TITLE_PREFIX[status] + e.name)}`,
      `STATUS:${ICS_STATUS[status]}`,
    );
    if (where) lines.push(`LOCATION:${escapeText(where)}`);
    if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
