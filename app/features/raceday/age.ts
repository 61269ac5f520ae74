/**
 * Age classes (Pee-Wee, Youth, Senior): a rider's age in whole years on the
 * day the class takes it (January 1 of the race's year, or the race day),
 * and whether it fits the class. Pure and shared by the entry form and the
 * server, so the form says what the server will refuse.
 */

export const AGE_ON = ["YEAR_START", "RACE_DAY"] as const;
export type AgeOn = (typeof AGE_ON)[number];
export type AgeRule = { minAge: number | null; maxAge: number | null; ageOn: AgeOn };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that names a real day, as [year, month, day]; null otherwise. */
export function readDay(text: string | null | undefined): [number, number, number] | null {
  const m = DAY.exec(text ?? "");
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d ? [y, mo, d] : null;
}

/** Whole years from a birth date to a day (both YYYY-MM-DD); a rider born on February 29 turns a year older on March 1. */
export function ageOnDay(birthDate: string, day: string): number | null {
  const b = readDay(birthDate);
  const t = readDay(day);
  if (!b || !t) return null;
  let age = t[0] - b[0];
  if (t[1] < b[1] || (t[1] === b[1] && t[2] < b[2])) age--;
  return age;
}

/** The day a class takes the age on, for a race on `raceDate`. */
export function ageDay(rule: Pick<AgeRule, "ageOn">, raceDate: string): string {
  return rule.ageOn === "RACE_DAY" ? raceDate : `${raceDate.slice(0, 4)}-01-01`;
}

export const hasAgeLimit = (rule: Pick<AgeRule, "minAge" | "maxAge">) => rule.minAge !== null || rule.maxAge !== null;

/** The class's age as a rider reads it: "18 and under on January 1", "50 and over on the race day", "4 to 10 on January 1". */
export function ageLimitText(rule: AgeRule): string {
  const on = rule.ageOn === "RACE_DAY" ? "on the race day" : "on January 1";
  if (rule.minAge !== null && rule.maxAge !== null) return `${rule.minAge} to ${rule.maxAge} ${on}`;
  if (rule.maxAge !== null) return `${rule.maxAge} and under ${on}`;
  if (rule.minAge !== null) return `${rule.minAge} and over ${on}`;
  return "any age";
}

/** Why a rider born on `birthDate` may not enter `className`, in words, or null when the age fits (or the class has none). */
export function ageProblem(rule: AgeRule, className: string, birthDate: string | null | undefined, raceDate: string): string | null {
  if (!hasAgeLimit(rule)) return null;
  if (!birthDate) return `${className} is for riders ${ageLimitText(rule)}: give the rider's birth date`;
  const age = ageOnDay(birthDate, ageDay(rule, raceDate));
  if (age === null || age < 0) return "Birth date must be a date (YYYY-MM-DD) in the past";
  if ((rule.minAge !== null && age < rule.minAge) || (rule.maxAge !== null && age > rule.maxAge)) {
    return `${className} is for riders ${ageLimitText(rule)}: this rider is ${age}`;
  }
  return null;
}

/** What is wrong with a class's ages, or null. */
export function ageRuleProblem(rule: AgeRule): string | null {
  const ok = (a: number | null) => a === null || (Number.isInteger(a) && a >= 0 && a <= 120);
  if (!ok(rule.minAge) || !ok(rule.maxAge)) return "Ages are whole years from 0 to 120";
  if (rule.minAge !== null && rule.maxAge !== null && rule.minAge > rule.maxAge) return "The youngest age must not be above the oldest";
  if (!AGE_ON.includes(rule.ageOn)) return "The age is taken on January 1 (YEAR_START) or the race day (RACE_DAY)";
  return null;
}
