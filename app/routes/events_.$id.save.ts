import type { ActionFunctionArgs } from "@remix-run/node";
import { saveEvent, unsaveEvent } from "~/features/events/saves.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError, rethrowStorageFailure } from "~/lib/http.server";
import { safeRedirect } from "~/features/events/redirect";
import { readForm } from "~/lib/forms.server";

/** Save / unsave from any event card, as a plain form post (JavaScript optional); back to where it came from. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/");
  const save = form.get("intent") !== "unsave";
  try {
    if (save) saveEvent(getDb(), user, params.id ?? "");
    else unsaveEvent(getDb(), user, params.id ?? "");
  } catch (error) {
    rethrowStorageFailure(error, request);
    if (!(error instanceof HttpError)) throw error;
    return redirectWithToast(back, {
      type: "error",
      title: save ? "Failed to save event. Please try again." : "Failed to remove event. Please try again.",
      description: error.message,
    });
  }
  return redirectWithToast(back, { type: "success", title: save ? "Event Saved!" : "Event Removed" });
}
