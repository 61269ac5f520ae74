import { z } from "./registry.server";

/**
 * The answers' shapes, as the presenters make them (app/features/<name>/presenters and
 * `present*` functions). Dates are ISO 8601 text; a day alone is `YYYY-MM-DD`.
 */

const id = z.string();
const isoTime = z.string().openapi({ format: "date-time" });
const day = z.string().openapi({ format: "date", example: "2031-05-02" });

export const CurrentUser = z
  .object({
    id,
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    homeZipCode: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    riderType: z.string().nullable(),
    favoriteHorse: z.string().nullable(),
    division: z.string().nullable(),
    bio: z.string().nullable(),
    privacyMode: z.enum(["PUBLIC", "INVITE_ONLY", "SOLO"]),
    isAdmin: z.boolean(),
    emailVerified: z.boolean(),
    emailVerifiedAt: isoTime.nullable(),
    searchRadius: z.number().int().nullable(),
    notificationsEnabled: z.boolean(),
    createdAt: isoTime,
  })
  .openapi("CurrentUser", { description: "The signed-in user's own account." });

const PendingChange = z
  .object({})
  .passthrough()
  .nullable()
  .openapi({ description: "The creator's change waiting for review, field by field; null for anyone else." });

export const Event = z
  .object({
    id,
    name: z.string(),
    location: z.string().openapi({ example: "Fort Worth, TX" }),
    date: day,
    endDate: day.nullable(),
    eventType: z.array(z.string()),
    imageUrl: z.string().nullable(),
    arenaName: z.string().nullable(),
    address: z.string().nullable(),
    zipCode: z.string().nullable(),
    entryFee: z.string().nullable(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactFacebook: z.string().nullable(),
    description: z.string().nullable(),
    showbillUrl: z.string().nullable(),
    status: z.enum(["SCHEDULED", "CANCELLED", "POSTPONED"]),
    statusReason: z.string().nullable(),
    entriesClose: z.string().nullable(),
    entriesClosed: z.boolean(),
    entryContact: z.unknown().nullable(),
    arenaType: z.string().nullable(),
    groundType: z.string().nullable(),
    addedMoney: z.number().nullable().openapi({ description: "Whole dollars." }),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    distance: z.number().int().nullable().openapi({ description: "Whole miles from the place searched, or null." }),
    showbillPreviewUrl: z.string().nullable(),
    showbillThumbUrl: z.string().nullable(),
    createdBy: z.string().nullable().openapi({ description: "Only for the event's creator; null for anyone else." }),
    showbillApproved: z.boolean(),
    createdAt: isoTime,
    isCreator: z.boolean(),
    saved: z.boolean(),
    pendingChange: PendingChange,
  })
  .openapi("Event");

export const SharedEvent = z
  .object({ id, name: z.string(), location: z.string(), date: day, endDate: day.optional(), status: z.string(), entriesClosed: z.boolean() })
  .passthrough()
  .openapi("SharedEvent", { description: "What a share page shows of an event: no coordinates, creator or approval state." });

export const Run = z
  .object({
    id,
    eventId: z.string().nullable(),
    eventName: z.string().nullable(),
    riderId: z.number().int().nullable(),
    riderName: z.string().nullable(),
    arenaName: z.string().nullable(),
    arenaType: z.string().nullable(),
    horseId: z.string().nullable(),
    horseName: z.string().nullable(),
    time: z.string().nullable().openapi({ description: "Seconds with three decimals (\"15.480\"); null for no time.", example: "15.480" }),
    rating: z.number().int().nullable(),
    placement: z.string().nullable(),
    tags: z.array(z.string()),
    notes: z.string().nullable(),
    videoUrl: z.string().nullable(),
    groundCondition: z.string().nullable(),
    weather: z.string().nullable(),
    privacy: z.enum(["PUBLIC", "PRIVATE"]),
    runAt: isoTime,
    createdAt: isoTime,
  })
  .openapi("Run", { description: "A run as its owner sees it." });

export const PublicRun = z
  .object({ id, arenaName: z.string().nullable(), time: z.string().nullable(), horseName: z.string().nullable(), runAt: isoTime })
  .passthrough()
  .openapi("PublicRun", { description: "A run as another rider may see it." });

export const Horse = z
  .object({
    id,
    name: z.string(),
    registeredName: z.string().nullable(),
    yearFoaled: z.number().int().nullable(),
    sex: z.string().nullable(),
    color: z.string().nullable(),
    photoUrl: z.string().nullable(),
    notes: z.string().nullable(),
    riderId: z.number().int().nullable(),
    riderName: z.string().nullable(),
    retired: z.boolean(),
    retiredAt: isoTime.nullable(),
    shared: z.boolean(),
    runCount: z.number().int(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .openapi("Horse");

export const Paper = z
  .object({
    id,
    horseId: id,
    kind: z.string(),
    label: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    issuedOn: day.nullable(),
    expiresOn: day.nullable(),
    status: z.string(),
    daysLeft: z.number().int().nullable(),
    createdAt: isoTime,
    fileUrl: z.string(),
    pageUrl: z.string(),
  })
  .openapi("Paper", { description: "A horse's paper (Coggins, health certificate...), to its owner only." });

export const SavedSearch = z
  .object({
    id: z.number().int(),
    name: z.string(),
    zipCode: z.string().nullable(),
    cityState: z.string().nullable(),
    radius: z.number().int(),
    startDate: day.nullable(),
    endDate: day.nullable(),
    arenaType: z.string().nullable(),
    groundType: z.string().nullable(),
    minAddedMoney: z.number().nullable(),
    eventType: z.string().nullable(),
    email: z.string(),
    paused: z.boolean(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .openapi("SavedSearch", { description: "An alert: a saved event search." });

export const Notification = z
  .object({
    id: z.number().int(),
    type: z.string(),
    subtype: z.string().nullable(),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    relatedEventId: z.string().nullable(),
    relatedRunLogId: z.string().nullable(),
    metadata: z.record(z.unknown()).nullable(),
    createdAt: isoTime,
    requestStatus: z.string().nullable(),
  })
  .openapi("Notification");

export const Rider = z.object({ id: z.number().int(), name: z.string() }).passthrough().openapi("Rider", { description: "One of the account's riders (sub-profiles)." });

export const Person = z
  .object({ id, firstName: z.string().nullable(), lastName: z.string().nullable() })
  .passthrough()
  .openapi("Person", { description: "Another rider, with only what the viewer may see of them." });

export const UploadGrant = z
  .object({ uploadURL: z.string(), url: z.string().optional(), expiresAt: z.union([isoTime, z.number()]) })
  .passthrough()
  .openapi("UploadGrant", { description: "A signed, single-use URL to `PUT` one file to, valid 10 minutes." });

/** An answer whose fields this description does not list one by one: a JSON object. */
export const anyObject = (description: string) => z.object({}).passthrough().openapi({ description });
