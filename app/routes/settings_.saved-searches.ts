import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { savedSearchFormAction } from "~/features/alerts/saved-search-forms.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { rethrowStorageFailure } from "~/lib/http.server";
import { readForm } from "~/lib/forms.server";

export const loader = () => redirect("/settings");

/** Saved searches' form posts: Discover's "Alert me" and Settings' alerts (edit, pause, resume, delete); each answer is a redirect with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  try {
    const { to, toast } = savedSearchFormAction(getDb(), user, form);
    return redirectWithToast(to, toast);
  } catch (error) {
    rethrowStorageFailure(error, request);
    throw error;
  }
}
