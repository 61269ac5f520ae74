import type { User } from "#db/schema";

export type ProfileView = "full" | "limited" | "hidden";
type Person = Pick<User, "id" | "privacyMode" | "isActive">;

/**
 * How much of a person a viewer may see (docs/security.md):
 * the owner everything; SOLO and banned people nothing (like missing);
 * PUBLIC everything public; INVITE_ONLY the limited view unless the viewer
 * is an approved follower.
 */
export function profileViewFor(viewer: Pick<User, "id"> | null, target: Person, viewerFollowsTarget: boolean): ProfileView {
  if (viewer?.id === target.id) return "full";
  if (!target.isActive || target.privacyMode === "SOLO") return "hidden";
  if (target.privacyMode === "PUBLIC") return "full";
  return viewerFollowsTarget ? "full" : "limited";
}
