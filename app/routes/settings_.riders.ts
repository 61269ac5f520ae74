import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { addRider, deleteRider } from "~/features/riders/riders.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError, rethrowStorageFailure } from "~/lib/http.server";
import { riderSchema } from "~/schemas/runs";
import { readForm } from "~/lib/forms.server";

/** The Riders section's form posts (add, remove); every answer goes back to /settings with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  if (formData.get("intent") === "remove") {
    try {
      deleteRider(getDb(), user.id, Number(formData.get("id")));
    } catch (error) {
      rethrowStorageFailure(error, request);
      if (!(error instanceof HttpError)) throw error;
      return redirectWithToast("/settings", { type: "error", title: "Error", description: error.message });
    }
    return redirectWithToast("/settings", { type: "success", title: "Rider removed" });
  }
  const parsed = riderSchema.safeParse({ name: formData.get("name") ?? "" });
  try {
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? "Rider name is required");
    addRider(getDb(), user.id, parsed.data.name);
  } catch (error) {
    rethrowStorageFailure(error, request);
    if (!(error instanceof HttpError)) throw error;
    return redirectWithToast("/settings", { type: "error", title: "Failed to add rider", description: error.message });
  }
  return redirectWithToast("/settings", { type: "success", title: "Rider added!" });
}

export const loader = () => redirect("/settings");
