import type { RunLog, User } from "#db/schema";

type Viewer = Pick<User, "id"> | null;
type Owner = Pick<User, "id" | "privacyMode" | "isActive">;
type Run = Pick<RunLog, "privacy" | "userId">;
/** How the viewer stands to the owner: an approved follower has a row in `follows`. */
export type Relation = { follows: boolean };

/**
 * A run anyone else could ever see: PUBLIC, and its owner active (a banned
 * rider's runs vanish with them) and not SOLO ("only the owner sees runs").
 */
function isShareable(run: Run, owner: Owner) {
  return run.userId === owner.id && owner.isActive && run.privacy === "PUBLIC" && owner.privacyMode !== "SOLO";
}

/**
 * Who sees a run in lists, counts and profiles (docs/security.md): the
 * owner always; others only a shareable run whose owner is PUBLIC, or
 * INVITE_ONLY with the viewer an approved follower. A pending request is not
 * approval. Admins get no exception here: they moderate through /admin.
 * Callers answer "not visible" exactly like "missing" (404).
 */
export function canViewRun(viewer: Viewer, run: Run, owner: Owner, relation: Relation) {
  if (viewer && viewer.id === owner.id && run.userId === owner.id) return true;
  if (!isShareable(run, owner)) return false;
  if (owner.privacyMode === "PUBLIC") return true;
  return Boolean(viewer) && relation.follows;
}

/**
 * A shared link (/share/run-log/{id}) is the owner's deliberate act, so it
 * shows any shareable run to anyone with the link, signed in or not, even
 * when the owner is INVITE_ONLY (who is then named by first name only).
 */
export function canViewSharedRun(viewer: Viewer, run: Run, owner: Owner) {
  if (viewer?.id === owner.id && run.userId === owner.id) return true;
  return isShareable(run, owner);
}
