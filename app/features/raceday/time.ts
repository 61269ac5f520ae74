/**
 * Race-day times and money as the booth types them and every page shows
 * them. Pure and shared by server and browser: the booth checks a time as it
 * is typed with the same rule the server applies when it arrives.
 *
 * A time is integer thousandths of a second ("15.482" is 15482), never a
 * float, so sorting and ties are exact. Money is integer cents.
 */

/** A knocked barrel adds five seconds. */
export const PENALTY_MS = 5000;

/** The largest time an electric eye shows (three digits of seconds). */
export const MAX_RACE_TIME_MS = 999_999;

const TIME_TEXT = /^(\d{1,3})(?:[.,](\d{1,3}))?$/;

/**
 * A time as the timer's display shows it: "15.482" -> 15482, "15.48" -> 15480,
 * "15" -> 15000. A decimal comma is read as a point (a phone's keyboard may
 * offer only that). Null for anything else: a sign, more than three decimals,
 * more than 999.999, zero, letters or units.
 */
export function parseRaceTime(text: string): number | null {
  if (typeof text !== "string") return null;
  const match = TIME_TEXT.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  // No eye stops at zero: a 0 is a slip of the finger, not a run.
  return ms > 0 && ms <= MAX_RACE_TIME_MS ? ms : null;
}

/** 15482 -> "15.482": always three decimals, as the eye shows it. */
export function formatRaceTime(ms: number): string {
  const whole = Math.round(ms);
  const sign = whole < 0 ? "-" : "";
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, "0")}`;
}

/** 18500 -> "$185.00", 123456 -> "$1,234.56", -5 -> "-$0.05". */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? "-" : "";
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd". */
export function ordinal(n: number): string {
  const tens = Math.abs(n) % 100;
  const units = Math.abs(n) % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : units === 1 ? "st" : units === 2 ? "nd" : units === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** A placing as riders say it: (2, 3) -> "2D 3rd". */
export function placingLabel(division: number, place: number): string {
  return `${division}D ${ordinal(place)}`;
}

/** Cents as a form shows them to edit: 5000 -> "50.00". */
export function centsToDollarsText(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
