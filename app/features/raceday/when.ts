/*
 * Each formatter is made once a zone and kept: `toLocaleString` with options builds a new one on
 * every call, and four of those cost the race-day hub more than half a millisecond a request
 * (bench/README.md, "Race office").
 */
const FORMATS = {
  time: { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  day: { month: "short", day: "numeric", year: "numeric" },
  clock: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  zoneName: { hour: "numeric", minute: "2-digit", second: "2-digit", timeZoneName: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string, kind: keyof typeof FORMATS, at: Date) {
  const key = `${kind} ${zone}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat("en-US", { ...FORMATS[kind], timeZone: zone })));
  return f.format(at);
}

/** An instant as the event's pages show it, in the event's own zone: "Jan 8, 2027, 12:00 AM CST". */
export function formatEventTime(iso: string, zone: string) {
  return formatIn(zone, "time", new Date(iso));
}

const dayOf = (at: Date, zone: string) => formatIn(zone, "day", at);

/**
 * When entries close, said so nobody misreads a midnight: "12:00 AM on Nov 28" reads as the end of
 * the 28th, when it is the end of the 27th. A close at midnight is "the end of Nov 27, 2026
 * (midnight CST)", or "midnight tonight (CST)" on that day itself; any other time as
 * `formatEventTime` gives it. `midnight` says which, for the sentence around it.
 */
export function formatClosing(iso: string, zone: string, now: Date = new Date()): { text: string; midnight: boolean } {
  const at = new Date(iso);
  const clock = formatIn(zone, "clock", at);
  if (clock !== "00:00") return { text: formatEventTime(iso, zone), midnight: false };
  const zoneName = formatIn(zone, "zoneName", at).split(" ").at(-1) ?? "";
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
