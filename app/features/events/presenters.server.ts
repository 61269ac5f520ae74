import type { Event } from "#db/schema";

/** SPEC.md "Shared event": the fields a share page may show, and no others. */
export function presentSharedEvent(event: Event) {
  return {
    id: event.id,
    name: event.name,
    location: event.location,
    date: event.date,
    endDate: event.endDate ?? undefined,
    eventType: event.eventType,
    imageUrl: event.imageUrl,
    arenaName: event.arenaName,
    address: event.address,
    zipCode: event.zipCode,
    entryFee: event.entryFee,
    contactName: event.contactName,
    contactPhone: event.contactPhone,
    contactEmail: event.contactEmail,
    contactFacebook: event.contactFacebook,
    description: event.description,
    showbillUrl: event.showbillUrl,
  };
}
export type SharedEvent = ReturnType<typeof presentSharedEvent>;
