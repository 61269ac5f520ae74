import { PASSWORD_MIN } from "./constants";

/**
 * The messages of the signed-out forms, for the signed-out forms, and the browser's
 * instant checks of them. Zod-free on purpose: these forms are the first
 * pages a rider opens on a slow phone, and zod plus conform would be a
 * quarter of their JavaScript. The zod schemas in auth.ts use the same
 * messages and stay the authority on the server; tests/unit/auth-rules.test.ts
 * proves both give the same messages for the same input.
 */
export const AUTH_MESSAGES = {
  email: "Please enter a valid email address",
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: "Password must be at most 72 characters",
  passwordRequired: "Password is required",
  passwordsMatch: "Passwords don't match",
  firstName: "First name is required",
  firstNameMax: "First name must be 50 characters or less",
  lastNameMax: "Last name must be 50 characters or less",
  zipLength: "ZIP code must be 5 digits",
  zipDigits: "ZIP code must contain only numbers",
  agreeToTerms: "You must agree to the terms to create an account",
} as const;

export const INVALID_INVITE = "Invalid or expired invite code";
export const EMAIL_MAX = 254;
/** bcrypt reads only the first 72 bytes; longer passwords are refused rather than silently truncated. */
export const PASSWORD_MAX = 72;
export const NAME_MAX = 50;

/** The pattern zod 3's .email() uses, so the browser and the server agree. */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/** Field name -> its messages; an empty object when the form is valid. */
export type FieldMessages = Record<string, string[]>;

/** A form value as the server's parser sees it: a blank field is a missing one. */
function value(form: FormData, name: string) {
  const v = form.get(name);
  return typeof v === "string" && v !== "" ? v : undefined;
}

function collect(entries: Array<[string, Array<string | false>]>): FieldMessages {
  const out: FieldMessages = {};
  for (const [name, messages] of entries) {
    const list = messages.filter((m): m is string => Boolean(m));
    if (list.length) out[name] = list;
  }
  return out;
}

function emailMessages(raw: string | undefined) {
  if (raw === undefined) return [AUTH_MESSAGES.email];
  const email = raw.trim().toLowerCase();
  return [!EMAIL_PATTERN.test(email) && AUTH_MESSAGES.email, email.length > EMAIL_MAX && AUTH_MESSAGES.email];
}

function newPasswordMessages(raw: string | undefined) {
  if (raw === undefined) return [AUTH_MESSAGES.passwordMin];
  return [raw.length < PASSWORD_MIN && AUTH_MESSAGES.passwordMin, raw.length > PASSWORD_MAX && AUTH_MESSAGES.passwordMax];
}

export function checkLogin(form: FormData): FieldMessages {
  return collect([
    ["email", emailMessages(value(form, "email"))],
    ["password", [value(form, "password") === undefined && AUTH_MESSAGES.passwordRequired]],
  ]);
}

export function checkEmailOnly(form: FormData): FieldMessages {
  return collect([["email", emailMessages(value(form, "email"))]]);
}

export function checkResetPassword(form: FormData): FieldMessages {
  const password = value(form, "password");
  const confirm = value(form, "confirmPassword");
  const fields = collect([
    ["password", newPasswordMessages(password)],
    ["confirmPassword", [(confirm === undefined || confirm.length < PASSWORD_MIN) && AUTH_MESSAGES.passwordMin]],
  ]);
  // Like zod's refine: compared only once both passwords are present.
  if (password !== undefined && confirm !== undefined && password !== confirm) {
    (fields.confirmPassword ??= []).push(AUTH_MESSAGES.passwordsMatch);
  }
  return fields;
}

export function checkRegister(form: FormData): FieldMessages {
  const firstName = value(form, "firstName");
  const lastName = value(form, "lastName")?.trim() ?? "";
  const zip = value(form, "homeZipCode");
  const zipTrimmed = zip?.trim() ?? "";
  return collect([
    ["email", emailMessages(value(form, "email"))],
    ["password", newPasswordMessages(value(form, "password"))],
    [
      "firstName",
      firstName === undefined
        ? [AUTH_MESSAGES.firstName]
        : [firstName.trim().length < 1 && AUTH_MESSAGES.firstName, firstName.trim().length > NAME_MAX && AUTH_MESSAGES.firstNameMax],
    ],
    ["lastName", [lastName.length > NAME_MAX && AUTH_MESSAGES.lastNameMax]],
    [
      "homeZipCode",
      zip === undefined
        ? [AUTH_MESSAGES.zipLength]
        : [zipTrimmed.length !== 5 && AUTH_MESSAGES.zipLength, !/^\d+$/.test(zipTrimmed) && AUTH_MESSAGES.zipDigits],
    ],
    ["agreeToTerms", [!["on", "true"].includes(value(form, "agreeToTerms") ?? "") && AUTH_MESSAGES.agreeToTerms]],
  ]);
}

/** A verification link tapped again once the address is verified. */
export const ALREADY_VERIFIED = "Your email address is already verified. You can log in.";
