import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { createInviteLink, deactivateInviteLink } from "~/features/invites/invites.server";
import { setProfilePicture } from "~/features/settings/avatar.server";
import { applyProfileChanges, setSearchRadius } from "~/features/settings/settings.server";
import { PROFILE_UPDATED, saveProfileForm } from "~/features/settings/profile-form.server";
import { redirectWithToast, requireUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { HttpError, rethrowStorageFailure } from "~/lib/http.server";
import { profileUpdateSchema } from "~/schemas/profile";
import { readForm } from "~/lib/forms.server";

export const loader = () => redirect("/settings");

const FAILED: Record<string, string> = {
  profile: "Failed to update profile",
  privacy: "Failed to update profile",
  preferences: "Failed to update profile",
  avatar: "Failed to update profile picture",
  "invite-create": "Failed to create invite link",
  "invite-remove": "Failed to remove invite link",
};

/** The Settings screen's forms (profile, privacy, preferences, picture, invites); password and account deletion answer on /settings. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent"));
  const db = getDb();
  const ok = (title: string) => redirectWithToast("/settings", { type: "success", title });
  try {
    switch (intent) {
      case "profile": {
        // The Edit profile form answers on /settings (in place, its messages by the fields); kept here for older pages.
        const saved = saveProfileForm(db, user, form);
        if ("refused" in saved) throw new HttpError(saved.status, Object.values(saved.refused.fields)[0] ?? "Failed to update profile");
        return saved.changed ? ok(PROFILE_UPDATED) : redirect("/settings");
      }
      case "privacy": {
        const mode = profileUpdateSchema.shape.privacyMode.unwrap().safeParse(form.get("privacyMode"));
        if (!mode.success) throw new HttpError(400, "Choose a privacy mode");
        applyProfileChanges(db, user, { privacyMode: mode.data });
        return ok(PROFILE_UPDATED);
      }
      case "preferences": {
        setSearchRadius(db, user, Number(form.get("searchRadius")));
        return ok("Preferences saved");
      }
      case "avatar": {
        const file = form.get("picture");
        if (!(file instanceof Blob) || file.size === 0) throw new HttpError(400, "Choose a picture");
        await setProfilePicture(db, user, file);
        return ok("Profile picture updated!");
      }
      case "invite-create":
        createInviteLink(db, user.id);
        return ok("Invite link created!");
      case "invite-remove":
        deactivateInviteLink(db, user.id, Number(form.get("inviteId")));
        return ok("Invite link removed");
      default:
        throw new HttpError(400, "Unknown action");
    }
  } catch (error) {
    rethrowStorageFailure(error, request);
    if (!(error instanceof HttpError)) throw error;
    const back = intent === "profile" ? "/settings?edit=profile" : "/settings";
    // An upload refusal reads as the profile picture upload words it: "File Too Large: File size must be less than 5MB".
    const description = typeof error.body.title === "string" ? `${error.body.title}: ${error.message}` : error.message;
    return redirectWithToast(back, { type: "error", title: FAILED[intent] ?? "Error", description });
  }
}
