import type { User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { profileUpdateSchema } from "~/schemas/profile";
import { applyProfileChanges } from "./settings.server";

export const PROFILE_UPDATED = "Profile updated!";

/** The Edit profile form's fields, in the order the form shows them. */
export const PROFILE_FORM_FIELDS = ["firstName", "lastName", "homeZipCode", "riderType", "division", "favoriteHorse", "bio"] as const;
export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];

/** A refused Edit profile form: one message per field, and every value as typed, so nothing is lost. */
export type ProfileFormRefusal = { fields: Partial<Record<ProfileFormField | "", string>>; values: Partial<Record<ProfileFormField, string>> };

/**
 * The form's values as the schema reads them. A cleared first name or ZIP
 * code is sent as empty, so it is refused with its message rather than
 * silently kept; "none" clears the favorite horse and the division.
 */
function fromForm(form: FormData) {
  const out: Record<string, string> = {};
  for (const name of PROFILE_FORM_FIELDS) {
    const v = form.get(name);
    if (typeof v !== "string") continue;
    if ((name === "favoriteHorse" || name === "division") && v === "none") out[name] = "";
    else if (v.trim() !== "" || name !== "riderType") out[name] = v;
  }
  return out;
}

const typed = (form: FormData) =>
  Object.fromEntries(PROFILE_FORM_FIELDS.flatMap((name) => (typeof form.get(name) === "string" ? [[name, String(form.get(name))]] : [])));

/**
 * Saves the Edit profile form: whether anything changed, or the refusal
 * (messages by field, values as typed) for the form to show in place.
 */
export function saveProfileForm(db: Db, user: User, form: FormData): { changed: boolean } | { refused: ProfileFormRefusal; status: number } {
  const parsed = profileUpdateSchema.safeParse(fromForm(form));
  if (!parsed.success) {
    const fields: ProfileFormRefusal["fields"] = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "") as ProfileFormField | "";
      fields[name] ??= issue.message;
    }
    return { refused: { fields, values: typed(form) }, status: 400 };
  }
  try {
    return { changed: applyProfileChanges(db, user, parsed.data).changed };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const errors = (error.body.errors as Record<string, string[]> | undefined) ?? { "": [error.message] };
    const fields = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? error.message]));
    return { refused: { fields, values: typed(form) }, status: error.status };
  }
}
