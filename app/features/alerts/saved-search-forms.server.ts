import type { User } from "#db/schema";
import { safeRedirect } from "~/features/events/redirect";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import type { Toast } from "~/lib/toast";
import { savedSearchCreateSchema, savedSearchUpdateSchema } from "~/schemas/saved-searches";
import { createSavedSearch, deleteSavedSearch, updateSavedSearch } from "./saved-searches.server";

/**
 * The plain form posts of saved searches (they work without JavaScript):
 * Discover's "Alert me" (intent "create", with the search's own fields and
 * its one "location" box) and Settings' edit, pause, resume and delete.
 * Each answers where to go back to and the toast to show there.
 */
type Outcome = { to: string; toast: Toast };

const INTENTS = ["create", "update", "pause", "resume", "delete"] as const;
type Intent = (typeof INTENTS)[number];

const FAILED: Record<Intent, string> = {
  create: "Alert not saved",
  update: "Alert not changed",
  pause: "Alert not paused",
  resume: "Alert not resumed",
  delete: "Alert not deleted",
};

function firstIssue(error: { issues: { message: string }[] }) {
  return error.issues[0]?.message ?? "Invalid request";
}

export function savedSearchFormAction(db: Db, user: User, form: FormData): Outcome {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const intent = (INTENTS as readonly string[]).includes(value("intent") ?? "") ? (value("intent") as Intent) : null;
  const back = intent === "create" ? safeRedirect(value("back"), "/") : "/settings";
  try {
    if (!intent) throw new HttpError(400, "Unknown action");
    const id = Number(value("id"));
    switch (intent) {
      case "create": {
        const location = (value("location") ?? "").trim();
        const zip = /^\d{5}$/.test(location);
        const parsed = savedSearchCreateSchema.safeParse({
          ...Object.fromEntries(["name", "radius", "startDate", "endDate", "arenaType", "groundType", "minAddedMoney", "eventType", "email"].map((k) => [k, value(k)])),
          zipCode: zip ? location : undefined,
          cityState: zip ? undefined : location,
        });
        if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
        const saved = createSavedSearch(db, user, parsed.data);
        return { to: back, toast: { type: "success", title: "Alert saved", description: `"${saved.name}": we will tell you when a new event matches. Manage your alerts in Settings.` } };
      }
      case "update": {
        const parsed = savedSearchUpdateSchema.safeParse({ name: value("name") ?? "", radius: value("radius"), email: value("email") });
        if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
        updateSavedSearch(db, user, id, parsed.data);
        return { to: back, toast: { type: "success", title: "Alert updated" } };
      }
      case "pause":
      case "resume":
        updateSavedSearch(db, user, id, { paused: intent === "pause" });
        return { to: back, toast: { type: "success", title: intent === "pause" ? "Alert paused" : "Alert resumed" } };
      case "delete":
        deleteSavedSearch(db, user, id);
        return { to: back, toast: { type: "success", title: "Alert deleted" } };
    }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { to: back, toast: { type: "error", title: intent ? FAILED[intent] : "Error", description: error.message } };
  }
}
