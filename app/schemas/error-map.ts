import { z, type ZodErrorMap } from "zod";

/*
 * Zod's own messages ("String must contain at most 100 character(s)",
 * "Expected number, received nan", "Invalid enum value. Expected 'a' | 'b'")
 * are written for programmers. Every rule of app/schemas/ that carries no
 * message of its own is said through this map instead, in plain words and
 * naming the field, so a form and an /api answer read the same. It is
 * installed once on the server (entry.server.tsx) and by the browser code
 * that checks forms with zod (EventForm, the report form).
 */

/** Field names as a rider reads them; others are split from camelCase ("arenaName" reads "Arena name"). */
const LABELS: Record<string, string> = {
  zipCode: "ZIP code",
  homeZipCode: "Home ZIP code",
  userHomeZipCode: "Home ZIP code",
  cityState: "City, State",
  eventType: "Event type",
  arenaType: "Arena type",
  groundType: "Ground",
  minAddedMoney: "Added money",
  addedMoney: "Added money",
  startDate: "Start date",
  endDate: "End date",
  email: "Email",
  url: "Web address",
  id: "Id",
};

function labelOf(path: (string | number)[]): string {
  const key = [...path].reverse().find((p): p is string => typeof p === "string");
  if (!key) return "This value";
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const list = (options: readonly unknown[]) => options.map(String).join(", ");

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  bigint: "a whole number",
  boolean: "true or false",
  date: "a date",
  array: "a list",
  object: "an object",
};

/** The plain-words message of one zod issue. */
export const plainErrorMap: ZodErrorMap = (issue) => {
  const field = labelOf(issue.path);
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === "undefined" || issue.received === "null") return { message: `${field} is required` };
      if (issue.received === "nan" || issue.expected === "number" || issue.expected === "integer") return { message: `${field} must be a number` };
      if (issue.path.length === 0 && issue.expected === "object") return { message: "Send the fields as a JSON object" };
      return { message: `${field} must be ${TYPE_WORDS[issue.expected] ?? "something else"}` };
    case z.ZodIssueCode.invalid_enum_value:
      return { message: `${field} must be one of: ${list(issue.options)}` };
    case z.ZodIssueCode.invalid_union_discriminator:
      return { message: `${field} must be one of: ${list(issue.options)}` };
    case z.ZodIssueCode.invalid_literal:
      return { message: `${field} must be ${String(issue.expected)}` };
    case z.ZodIssueCode.unrecognized_keys:
      return { message: `${issue.keys.length > 1 ? "These fields are" : "This field is"} not taken here: ${list(issue.keys)}` };
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === "email") return { message: "Please enter a valid email address" };
      if (issue.validation === "url") return { message: `${field} must be a web address, like https://example.org` };
      if (issue.validation === "datetime" || issue.validation === "date") return { message: `${field} must be a date, like 2026-06-01` };
      return { message: `${field} is not written the way it should be` };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string") {
        return { message: Number(issue.minimum) <= 1 ? `${field} is required` : `${field} must be at least ${issue.minimum} characters` };
      }
      if (issue.type === "array" || issue.type === "set") return { message: `Choose at least ${issue.minimum} for ${field.toLowerCase()}` };
      if (issue.type === "date") return { message: `${field} is too early` };
      return { message: `${field} must be ${issue.inclusive ? "at least" : "more than"} ${issue.minimum}` };
    case z.ZodIssueCode.too_big:
      if (issue.type === "string") return { message: `${field} must be ${issue.maximum} characters or less` };
      if (issue.type === "array" || issue.type === "set") return { message: `Choose at most ${issue.maximum} for ${field.toLowerCase()}` };
      if (issue.type === "date") return { message: `${field} is too late` };
      return { message: `${field} must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}` };
    case z.ZodIssueCode.not_multiple_of:
      return { message: `${field} must be a multiple of ${issue.multipleOf}` };
    case z.ZodIssueCode.not_finite:
      return { message: `${field} must be a number` };
    case z.ZodIssueCode.invalid_date:
      return { message: `${field} must be a real date` };
    case z.ZodIssueCode.invalid_union:
    case z.ZodIssueCode.invalid_intersection_types:
      return { message: `${field} is not one of the values taken here` };
    case z.ZodIssueCode.custom:
      return { message: issue.message ?? `${field} is not valid` };
    default:
      return { message: `${field} is not valid` };
  }
};

/** Makes every zod schema speak in plain words (idempotent: called by each side that parses). */
export function installPlainMessages() {
  if (z.getErrorMap() !== plainErrorMap) z.setErrorMap(plainErrorMap);
}
