import { previewUrlOf, thumbUrlOf } from "~/lib/uploads.server";
import type { Event } from "#db/schema";
import { now } from "~/lib/clock.server";
import { calendarUrl } from "./format";
import type { ApiRow, CardRow } from "./event-rows.server";
import type { PendingChange } from "./revisions.server";

/** Whether the event's entries have closed, by the app's clock. */
const entriesClosed = (event: Pick<Event, "entriesCloseAt">) => Boolean(event.entriesCloseAt && event.entriesCloseAt <= now());

type SharedRow = Pick<
  Event,
  | "id" | "name" | "location" | "date" | "endDate" | "eventType" | "imageUrl" | "arenaName" | "address" | "zipCode" | "entryFee"
  | "contactName" | "contactPhone" | "contactEmail" | "contactFacebook" | "description" | "showbillUrl" | "status" | "statusReason"
  | "entriesClose" | "entriesCloseAt" | "entryContact"
>;

/** A shared event: the fields a share page may show, and no others. */
export function presentSharedEvent(event: SharedRow) {
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
    status: event.status,
    statusReason: event.statusReason,
    entriesClose: event.entriesClose,
    entriesClosed: entriesClosed(event),
    entryContact: event.entryContact,
  };
}
export type SharedEvent = ReturnType<typeof presentSharedEvent>;

/**
 * An event as the /api list endpoints show it: the shared event's fields
 * (in the same order; `endDate` null rather than absent), plus distance
 * (whole miles from the searcher), the showbill's small preview, and the
 * viewer's relation to it. One object literal: spreading the shared event
 * into a larger object cost about 25 µs an event, most of an event search's
 * presenting (bench/README.md, "Profiles").
 */
export function presentEvent(
  event: ApiRow,
  opts: { distance?: number | null; viewerId?: string | null; saved?: boolean; pendingChange?: PendingChange | null } = {},
) {
  const isCreator = Boolean(opts.viewerId && event.createdBy === opts.viewerId);
  return {
    id: event.id,
    name: event.name,
    location: event.location,
    date: event.date,
    endDate: event.endDate,
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
    status: event.status,
    statusReason: event.statusReason,
    entriesClose: event.entriesClose,
    entriesClosed: entriesClosed(event),
    entryContact: event.entryContact,
    arenaType: event.arenaType,
    groundType: event.groundType,
    addedMoney: event.addedMoney,
    latitude: event.latitude,
    longitude: event.longitude,
    distance: opts.distance ?? null,
    showbillPreviewUrl: previewUrlOf(event.showbillUrl),
    // The card's 72 px image: a 192 px copy instead of the 480 px preview.
    showbillThumbUrl: thumbUrlOf(event.showbillUrl),
    // Only the creator learns who created an event: a SOLO or banned creator's id must not reach anyone else.
    createdBy: opts.viewerId && event.createdBy === opts.viewerId ? event.createdBy : null,
    showbillApproved: event.showbillApproved,
    createdAt: event.createdAt.toISOString(),
    isCreator,
    saved: Boolean(opts.saved),
    // The creator's change waiting for review; nobody else learns of it.
    pendingChange: isCreator ? (opts.pendingChange ?? null) : null,
  };
}

/**
 * An event as a card shows it, and nothing more: the page data travels twice
 * (as HTML and as the data the page hydrates from), so the description,
 * contacts and coordinates a card does not show stay on the server; the
 * calendar link that needs the description is made here.
 */
export function presentEventCard(
  // A list's row says whether it was reviewed; a whole event, when.
  event: Omit<CardRow, "reviewed"> & { reviewed?: boolean; showbillReviewedAt?: Date | null },
  opts: { distance?: number | null; viewerId?: string | null; saved?: boolean; pendingChange?: PendingChange | null } = {},
) {
  const isCreator = Boolean(opts.viewerId && event.createdBy === opts.viewerId);
  return {
    id: event.id,
    name: event.name,
    date: event.date,
    endDate: event.endDate,
    location: event.location,
    arenaName: event.arenaName,
    arenaType: event.arenaType,
    groundType: event.groundType,
    addedMoney: event.addedMoney,
    entryFee: event.entryFee,
    eventType: event.eventType,
    showbillUrl: event.showbillUrl,
    showbillThumbUrl: thumbUrlOf(event.showbillUrl),
    calendarUrl: calendarUrl(event),
    distance: opts.distance ?? null,
    isCreator,
    saved: Boolean(opts.saved),
    showbillApproved: event.showbillApproved,
    // Only the creator learns whether their unlisted event waits for review or was turned down.
    rejected: isCreator && !event.showbillApproved && Boolean(event.reviewed ?? event.showbillReviewedAt),
    status: event.status,
    statusReason: event.statusReason,
    entriesClose: event.entriesClose,
    entriesClosed: entriesClosed(event),
    entryContact: event.entryContact,
    // The creator's change waiting for review, as the card's note names it.
    pendingChange: isCreator && opts.pendingChange ? { labels: [...new Set(opts.pendingChange.fields.map((f) => f.label))].join(", ") } : null,
  };
}
export type CardEvent = ReturnType<typeof presentEventCard>;
