import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { HttpError } from "./http.server";

type Reply = { hideFields?: string[] };

/** A 400 answer carrying conform's field messages, shown next to the fields. */
export function invalid(submission: Submission<unknown>, { hideFields = [] }: Reply = {}) {
  return data({ result: submission.reply({ hideFields }) }, { status: 400 });
}

/**
 * Turns an expected failure of a server function into a 4xx answer: under
 * its field when the error names one (`errors`), else a form-level message;
 * anything unexpected is rethrown.
 */
export function formFailure(submission: Submission<unknown>, error: unknown, { hideFields = [] }: Reply = {}) {
  if (error instanceof HttpError) {
    const fieldErrors = error.body.errors as Record<string, string[]> | undefined;
    const reply = fieldErrors ? { fieldErrors, hideFields } : { formErrors: [error.message], hideFields };
    return data(
      { result: submission.reply(reply), ...error.body },
      { status: error.status },
    );
  }
  throw error;
}

/**
 * The posted form. A body that is not one (JSON, a multipart upload without
 * its boundary or cut short) is the sender's mistake: 400, not a crash.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Please reload the page and try again.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
