import type { User } from "#db/schema";
import { getPublicRunsPage } from "~/features/runs/runs.server";
import type { Db } from "~/lib/db.server";
import type { PublicRunSort } from "~/schemas/runs";
import { followCountsOf, hasPendingRequest, listPeopleOf } from "./follows.server";
import { presentProfile, viewOf } from "./social.server";

/**
 * A rider's profile screen as the viewer may see it, or null (missing,
 * banned, SOLO: the same answer). Who the rider is and whether the viewer
 * follows them are read once, and decide everything on the screen: the
 * profile, its public runs, the follow button, the counts and the lists.
 */
export function profilePage(
  db: Db,
  viewer: User,
  userId: string,
  { sort, shown, list }: { sort: PublicRunSort; shown: number; list: "followers" | "following" | null },
) {
  const seen = viewOf(db, viewer, userId);
  if (!seen) return null;
  const { target, follows, view } = seen;
  const profile = presentProfile(seen, viewer);
  const full = view === "full";
  return {
    profile,
    // None for the limited view (the same rule as GET /api/users/{id}/public-runs).
    publicRuns: full ? { ...getPublicRunsPage(db, viewer, target, follows, sort, shown), sort, shown } : null,
    // Follow button: hidden for oneself (SOLO riders never reach here unless it is oneself).
    // A Private (SOLO) viewer cannot follow: following would name them to the rider.
    follow:
      profile.isOwner || target.privacyMode === "SOLO" || viewer.privacyMode === "SOLO"
        ? null
        : { isFollowing: follows, hasPendingRequest: hasPendingRequest(db, viewer, target.id), targetMode: target.privacyMode },
    counts: full ? followCountsOf(db, target.id) : null,
    people: list && full ? { which: list, list: listPeopleOf(db, viewer, target.id, list) } : null,
  };
}
