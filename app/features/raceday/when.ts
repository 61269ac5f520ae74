/** An instant as the event's pages show it, in the event's own zone: "Jan 8, 2027, 12:00 AM CST". */
export function formatEventTime(iso: string, zone: string) {
  return new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: zone, timeZoneName: "short" });
}
