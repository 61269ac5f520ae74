import type { RunLog, User } from "#db/schema";

type Viewer = Pick<User, "id"> | null;
type Owner = Pick<User, "id" | "privacyMode" | "isActive">;

/**
 * A shared run link shows a PUBLIC run of a non-SOLO, active owner (DESIGN.md
 * section 5), and the owner always sees their own run.
 */
export function canViewSharedRun(viewer: Viewer, run: Pick<RunLog, "privacy" | "userId">, owner: Owner) {
  if (viewer?.id === owner.id) return true;
  return owner.isActive && run.privacy === "PUBLIC" && owner.privacyMode !== "SOLO";
}
