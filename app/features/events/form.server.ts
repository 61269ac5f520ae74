import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { storeUpload } from "~/lib/uploads.server";
import type { eventCreateSchema, eventEditSchema } from "~/schemas/events";
import { eventByClientId, nearbyConflicts } from "./editing.server";
import { readForm } from "~/lib/forms.server";

/**
 * Reads the multipart Add/Edit Event form: an Add Event form already sent
 * (its clientId is known) answers that event and stores nothing; otherwise
 * validates the fields with the shared schema first (so a bad form stores
 * nothing), then stores a showbill sent with the form (the no-JavaScript
 * path) through the one upload mechanism, then looks for same-date events
 * nearby.
 */
export async function readEventForm(
  db: Db,
  user: User,
  request: Request,
  schema: typeof eventCreateSchema | typeof eventEditSchema,
  opts: { excludeId?: string } = {},
) {
  const formData = await readForm(request);
  const clientId = formData.get("clientId");
  const added = typeof clientId === "string" && clientId ? eventByClientId(db, user, clientId) : null;
  const file = formData.get("showbill");
  formData.delete("showbill");
  const submission = parseWithZod(formData, { schema });
  if (added) return { submission, error: null, conflicts: null, value: null, added } as const;
  if (submission.status !== "success") return { submission, error: null, conflicts: null, value: null, added } as const;
  const value = { ...submission.value } as typeof submission.value & { showbillUrl?: string | null };
  if (file instanceof File && file.size > 0) {
    try {
      value.showbillUrl = (await storeUpload("showbill", file, user.id)).url;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const title = (error.body.title as string | undefined) ?? "Upload Failed";
      return { submission, error: `${title}: ${error.message}`, conflicts: null, value: null, added } as const;
    }
  }
  const remove = formData.get("removeShowbill") === "on";
  if (remove && !value.showbillUrl) value.showbillUrl = null;
  const conflicts =
    formData.get("ignoreConflicts") === "1" ? [] : nearbyConflicts(db, { zipCode: value.zipCode, date: value.date, endDate: value.endDate }, opts.excludeId);
  return { submission, error: null, conflicts, value, added } as const;
}

/**
 * A failed save as the form shows it: an error about one field (a ZIP code
 * that does not match the city, a date long past) goes under that field.
 */
export function eventFormFailure(submission: Submission<unknown>, error: unknown) {
  if (error instanceof HttpError) {
    const fieldErrors = error.body.errors as Record<string, string[]> | undefined;
    const result = fieldErrors ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [error.message] });
    return data({ result, conflicts: null, showbillUrl: null }, { status: error.status });
  }
  throw error;
}
