import { lookupZip } from "~/lib/gazetteer.server";
import { zoneForState } from "./dates";

/**
 * The time zone of a ZIP code: the main zone of its state (./dates.ts). An
 * event keeps the time of its place; a rider's day, digest hour and
 * reminders are counted in their home ZIP's zone.
 */
export function zoneOfZip(zip: string | null | undefined) {
  return zoneForState(zip ? lookupZip(zip)?.state : null);
}

/** The zone a person's times are named and counted in: their home ZIP's (app/lib/dates.ts). */
export const homeZone = (person: { homeZipCode: string | null }) => zoneOfZip(person.homeZipCode);
