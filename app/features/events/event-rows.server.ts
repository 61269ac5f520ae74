import type { Event } from "#db/schema";

/**
 * What a list of events reads of each one. better-sqlite3 turns every column
 * of every row into a JavaScript value, and an object row costs several
 * times an array row, so a list reads only the columns its callers show, as
 * array rows, and builds each event as one object literal with the schema's
 * types (booleans, JSON, dates), as Drizzle would. A card (Discover, My
 * Events) shows fewer fields than the JSON API answers (`presentEvent`).
 * Each reader's columns and fields are in the same order.
 */
export type EventRows<R> = {
  /** The SELECT list, columns of the events table aliased `e`. */
  columns: string;
  /** One array row, in that order (extra columns after them are ignored), to the event's fields. */
  read(row: unknown[]): R;
};

const date = (value: unknown) => (value == null ? null : new Date(value as number));

/** What an event card shows (presentEventCard), and the coordinates lists without a searched place measure from. */
export const cardRows = {
  columns:
    "e.id, e.name, e.date, e.end_date, e.location, e.address, e.arena_name, e.arena_type, e.ground_type, e.added_money, e.entry_fee, " +
    "e.event_type, e.showbill_url, e.description, e.created_by, e.showbill_approved, e.status, e.status_reason, e.entries_close, " +
    "e.entries_close_at, e.entry_contact, e.latitude, e.longitude, e.showbill_reviewed_at IS NOT NULL",
  read: (r: unknown[]) => ({
    id: r[0] as string,
    name: r[1] as string,
    date: r[2] as string,
    endDate: r[3] as string | null,
    location: r[4] as string,
    address: r[5] as string | null,
    arenaName: r[6] as string | null,
    arenaType: r[7] as Event["arenaType"],
    groundType: r[8] as string | null,
    addedMoney: r[9] as number | null,
    entryFee: r[10] as string | null,
    eventType: JSON.parse(r[11] as string) as string[],
    showbillUrl: r[12] as string | null,
    description: r[13] as string | null,
    createdBy: r[14] as string | null,
    showbillApproved: r[15] === 1,
    status: r[16] as Event["status"],
    statusReason: r[17] as string | null,
    entriesClose: r[18] as string | null,
    entriesCloseAt: date(r[19]),
    entryContact: r[20] as string | null,
    latitude: r[21] as number | null,
    longitude: r[22] as number | null,
    /** An admin has decided on it (with showbillApproved false: rejected, not waiting). */
    reviewed: r[23] === 1,
  }),
} satisfies EventRows<Partial<Event> & { reviewed: boolean }>;
export type CardRow = ReturnType<typeof cardRows.read>;

/** What the JSON API answers of an event (presentEvent): all but the bookkeeping columns. */
export const apiRows = {
  columns:
    "e.id, e.name, e.date, e.end_date, e.location, e.address, e.zip_code, e.arena_name, e.arena_type, e.ground_type, e.added_money, " +
    "e.latitude, e.longitude, e.entry_fee, e.description, e.contact_name, e.contact_phone, e.contact_email, e.contact_facebook, " +
    "e.showbill_url, e.event_type, e.image_url, e.created_by, e.showbill_approved, e.status, e.status_reason, e.entries_close, " +
    "e.entries_close_at, e.entry_contact, e.created_at",
  read: (r: unknown[]) => ({
    id: r[0] as string,
    name: r[1] as string,
    date: r[2] as string,
    endDate: r[3] as string | null,
    location: r[4] as string,
    address: r[5] as string | null,
    zipCode: r[6] as string,
    arenaName: r[7] as string | null,
    arenaType: r[8] as Event["arenaType"],
    groundType: r[9] as string | null,
    addedMoney: r[10] as number | null,
    latitude: r[11] as number | null,
    longitude: r[12] as number | null,
    entryFee: r[13] as string | null,
    description: r[14] as string | null,
    contactName: r[15] as string | null,
    contactPhone: r[16] as string | null,
    contactEmail: r[17] as string | null,
    contactFacebook: r[18] as string | null,
    showbillUrl: r[19] as string | null,
    eventType: JSON.parse(r[20] as string) as string[],
    imageUrl: r[21] as string | null,
    createdBy: r[22] as string | null,
    showbillApproved: r[23] === 1,
    status: r[24] as Event["status"],
    statusReason: r[25] as string | null,
    entriesClose: r[26] as string | null,
    entriesCloseAt: date(r[27]),
    entryContact: r[28] as string | null,
    createdAt: date(r[29])!,
  }),
} satisfies EventRows<Partial<Event>>;
export type ApiRow = ReturnType<typeof apiRows.read>;
