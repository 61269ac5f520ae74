/** An instant as the event's pages show it, in the event's own zone: "Jan 8, 2027, 12:00 AM CST". */
export function formatEventTime(iso: string, zone: string) {
  return new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: zone, timeZoneName: "short" });
}

const dayOf = (at: Date, zone: string) => at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: zone });

/**
 * When entries close, said so nobody misreads a midnight: "12:00 AM on Nov 28" reads as the end of
 * the 28th, when it is the end of the 27th. A close at midnight is "the end of Nov 27, 2026
 * (midnight CST)", or "midnight tonight (CST)" on that day itself; any other time as
 * `formatEventTime` gives it. `midnight` says which, for the sentence around it.
 */
export function formatClosing(iso: string, zone: string, now: Date = new Date()): { text: string; midnight: boolean } {
  const at = new Date(iso);
  const clock = at.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });
  if (clock !== "00:00") return { text: formatEventTime(iso, zone), midnight: false };
  const zoneName = at.toLocaleTimeString("en-US", { timeZone: zone, timeZoneName: "short" }).split(" ").at(-1) ?? "";
  // The day that ends at this midnight: a minute before it.
  const day = dayOf(new Date(at.getTime() - 60_000), zone);
  if (day === dayOf(now, zone) && now.getTime() < at.getTime()) return { text: `midnight tonight (${zoneName})`, midnight: true };
  return { text: `the end of ${day} (midnight ${zoneName})`, midnight: true };
}

/** "Entries close at the end of Nov 27, 2026 (midnight CST)", "Entries closed Jan 8, 2027, 9:00 AM CST". */
export function closingSentence(open: boolean, iso: string, zone: string, now: Date = new Date()) {
  const { text, midnight } = formatClosing(iso, zone, now);
  return `Entries ${open ? "close" : "closed"} ${midnight ? "at " : ""}${text}`;
}
