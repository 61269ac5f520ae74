import type { Event, User } from "#db/schema";

/**
 * Unapproved events are hidden from everyone but their creator and admins;
 * hidden answers exactly like missing.
 */
export function canViewEvent(viewer: Pick<User, "id" | "isAdmin"> | null, event: Pick<Event, "showbillApproved" | "createdBy">) {
  if (event.showbillApproved) return true;
  if (!viewer) return false;
  return viewer.isAdmin || event.createdBy === viewer.id;
}

/** An event's creator and admins may edit it. */
export function canEditEvent(viewer: Pick<User, "id" | "isAdmin">, event: Pick<Event, "createdBy">) {
  return viewer.isAdmin || event.createdBy === viewer.id;
}
