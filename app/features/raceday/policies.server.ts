import type { Event, User } from "#db/schema";

type Viewer = Pick<User, "id" | "isAdmin">;

/**
 * Race day belongs to the event's producer (its creator) and admins: classes,
 * entries of others, the draw, results and the timers they name.
 */
export function canManageRace(viewer: Viewer | null, event: Pick<Event, "createdBy">) {
  if (!viewer) return false;
  return viewer.isAdmin || event.createdBy === viewer.id;
}

/** The booth: the producer, admins and the timers the producer named for this event. */
export function canTimeRace(viewer: Viewer | null, event: Pick<Event, "createdBy">, isNamedTimer: boolean) {
  if (!viewer) return false;
  return canManageRace(viewer, event) || isNamedTimer;
}

/**
 * Classes and entries open only on an approved event: an event still waiting
 * for review is not yet a race anyone can enter.
 */
export function raceIsOpenFor(event: Pick<Event, "showbillApproved" | "status">) {
  return event.showbillApproved && event.status !== "CANCELLED";
}
