import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { updateAlertSettings } from "~/features/alerts/preferences.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import { rethrowStorageFailure } from "~/lib/http.server";
import { alertPreferencesFromForm } from "~/schemas/alert-channels";

export const loader = () => redirect("/settings#alert-channels");

/** The Alert channels section's forms: the channels per kind, and turning alert email back on. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const back = "/settings#alert-channels";
  try {
    if (form.get("intent") === "resubscribe") {
      updateAlertSettings(getDb(), user, { emailUnsubscribed: false });
      return redirectWithToast(back, { type: "success", title: "Alert email is on again" });
    }
    const parsed = alertPreferencesFromForm(form);
    if (!parsed.success) {
      return redirectWithToast(back, { type: "error", title: "Alert channels not saved", description: parsed.error.issues[0]?.message ?? "Invalid form" });
    }
    updateAlertSettings(getDb(), user, parsed.data);
    return redirectWithToast(back, { type: "success", title: "Alert channels saved" });
  } catch (error) {
    rethrowStorageFailure(error, request);
    throw error;
  }
}
