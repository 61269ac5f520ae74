/**
 * The association's membership rules, pure: who a rider is as a member (the
 * holder key), whether a membership covers a race day, a kind's ages, the
 * next member number. No database and no clock; docs/members.md explains them.
 */
import type { MembershipKind, YearKind } from "#db/schema/members";
import { formatDate } from "~/lib/dates";

/** A rider as a member: an account, or a rider profile an account manages. */
export const holderKeyOf = (userId: string, riderId: number | null) => `u:${userId}:${riderId ?? ""}`;
/** An imported member who has not signed up yet, known by email until they do. */
export const emailHolderKey = (email: string) => `e:${email.trim().toLowerCase()}`;

/** One active membership as the season reads it: its year's dates and the day it started. */
export type MemberSpan = { from: string; to: string; startsOn: string };

/**
 * Whether a rider counts as a member on a race day: a paid membership whose
 * year includes the day, and (points from the membership's start) that had
 * started by that day.
 */
export function isMemberOn(spans: readonly MemberSpan[] | undefined, day: string, pointsFrom: "MEMBERSHIP_START" | "SEASON_START") {
  if (!spans) return false;
  return spans.some((s) => day >= s.from && day <= s.to && (pointsFrom === "SEASON_START" || s.startsOn <= day));
}

/** Age in whole years on a day (YYYY-MM-DD both). */
export function ageOn(birthDate: string, day: string) {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** What stops a rider of this birth date joining as this kind, in words, or null. Ages are taken on the year's first day. */
export function kindAgeProblem(kind: YearKind, label: string, birthDate: string | null, yearStart: string): string | null {
  if (kind.minAge === null && kind.maxAge === null) return null;
  if (!birthDate) return `${label} needs the rider's birth date`;
  const age = ageOn(birthDate, yearStart);
  if (kind.minAge !== null && age < kind.minAge) return `${label} is for riders ${kind.minAge} and over on ${formatDate(yearStart)}`;
  if (kind.maxAge !== null && age > kind.maxAge) return `${label} is for riders ${kind.maxAge} and under on ${formatDate(yearStart)}`;
  return null;
}

export const KIND_LABELS: Record<MembershipKind, string> = { OPEN: "Open", YOUTH: "Youth", SENIOR: "Senior", FAMILY: "Family", NON_PRO: "Non-pro" };

/** The next number in the association's format: the prefix and one more than the highest taken, four digits at least. */
export function nextMemberNumber(prefix: string, taken: readonly string[]) {
  let highest = 0;
  for (const number of taken) {
    if (!number.startsWith(prefix)) continue;
    const rest = number.slice(prefix.length);
    if (/^\d+$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  return `${prefix}${String(highest + 1).padStart(4, "0")}`;
}

/** Whether a membership's card is still good on a day. */
export const validOn = (span: { from: string; to: string }, day: string) => day >= span.from && day <= span.to;
