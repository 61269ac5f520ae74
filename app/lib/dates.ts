/**
 * Date labels shown in lists. Each format is built once: creating an
 * `Intl.DateTimeFormat` per call (what `toLocaleDateString` with options
 * does) cost a list page more than rendering it.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat("en-US", options);
  return (value: string | number | Date) => format.format(new Date(value));
};

/** "Sun, Nov 22, 2026": the day a run was logged. */
export const formatWeekdayDate = formatter({ weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
/** "Nov 22, 2026" */
export const formatDate = formatter({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
/** "Nov 22": chart axes. */
export const formatMonthDay = formatter({ month: "short", day: "numeric", timeZone: "UTC" });
/** "Nov 22, 3:04 PM": when a notification arrived, in the reader's zone. */
export const formatDateTime = formatter({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

const runAtFormats = new Map<string, Intl.DateTimeFormat>();
/** "Sat, Nov 22, 2026, 2:30 PM": when a run was run, in the rider's zone (the same on the server and the phone). */
export function formatRunAt(value: string | number | Date, zone: string) {
  let format = runAtFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: zone });
    runAtFormats.set(zone, format);
  }
  return format.format(new Date(value));
}
