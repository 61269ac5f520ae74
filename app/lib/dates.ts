/**
 * Date labels shown in lists. Each format is built once: creating an
 * `Intl.DateTimeFormat` per call (what `toLocaleDateString` with options
 * does) cost a list page more than rendering it.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat("en-US", options);
  return (value: string | number | Date) => format.format(new Date(value));
};

/** "Nov 22, 2026": a calendar date with no time of day (a paper's expiry, "YYYY-MM-DD" read at noon UTC). */
export const formatDate = formatter({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/**
 * A format of an instant as seen in a given time zone, built once per zone.
 * Every instant on a screen is named in a zone the server knows, so the
 * server's HTML and the phone's render agree (a difference makes React throw
 * the server's page away and render it again in the browser):
 * - a run in its rider's home zone wherever it appears (their run log, their
 *   horse, their profile and shared pages): a run at 7:30 PM in Texas is on
 *   that day, not the next one as in UTC;
 * - anything else (a notification, a report, an audit entry) in the reader's
 *   home zone (`useViewerZone`).
 */
const zoned = (options: Intl.DateTimeFormatOptions) => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  // The same runs are shown again and again (a rider's run log, page after page), and ICU's
  // format was 1% of the run log's time on the server: the texts made lately are kept, a few
  // thousand at most.
  const made = new Map<string, string>();
  return (value: string | number | Date, zone: string) => {
    const instant = new Date(value);
    const key = `${zone} ${instant.getTime()}`;
    let text = made.get(key);
    if (text !== undefined) return text;
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
      formats.set(zone, format);
    }
    text = format.format(instant);
    if (made.size >= 4096) made.clear();
    made.set(key, text);
    return text;
  };
};

/** "Sat, Nov 22, 2026, 2:30 PM": when a run was run. */
export const formatRunAt = zoned({ weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
/** "Nov 22, 2026": the day an instant fell on (a run's day, when a horse was added). */
export const formatDayIn = zoned({ month: "short", day: "numeric", year: "numeric" });
/** "Nov 22, 3:04 PM": when a notification arrived. */
export const formatDateTimeIn = zoned({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
/** "Nov 22, 2026, 3:04 PM": an audit entry. */
export const formatDayTimeIn = zoned({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
/** "Nov 22": chart axes. */
export const formatMonthDayIn = zoned({ month: "short", day: "numeric" });

/** The calendar day `days` after a YYYY-MM-DD day (before, when negative), as YYYY-MM-DD. */
export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
