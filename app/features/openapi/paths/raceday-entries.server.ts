import { PAID_METHODS } from "#db/schema";
import { raceClassPatchSchema, raceClassSchema, raceDrawSchema, raceEntryPatchSchema, raceEntrySchema, raceTimerSchema } from "~/schemas/raceday";
import { MessageBody, z, type Area } from "../registry.server";

const event = { id: "The event's id." };
const cls = { ...event, classId: "The class's id." };
const entry = { ...event, entryId: "The entry's id." };
const timer = { ...event, userId: "The timer's account id." };

const PayoutRule = z
  .object({
    divisionPercents: z.array(z.number()).openapi({ description: "Percent of the pot per division, 1D first; sums to 100." }),
    table: z.array(z.object({ maxEntries: z.number().int(), percents: z.array(z.number()) })).openapi({ description: "Places paid by number of entries: the first row whose `maxEntries` is at least the entries applies." }),
  })
  .openapi("PayoutRule");

const RaceClass = z
  .object({
    id: z.string(),
    eventId: z.string(),
    name: z.string(),
    position: z.number().int(),
    entryFeeCents: z.number().int(),
    addedMoneyCents: z.number().int(),
    exhibitionFeeCents: z.number().int().openapi({ description: "What an exhibition run costs (0 by default): kept by the office, never in the pot." }),
    producerSharePercent: z.number().int(),
    divisions: z.number().int(),
    splitMs: z.array(z.number().int()).openapi({ description: "Thousandths between divisions: one for every split, or one per split." }),
    splitSeconds: z.array(z.number()),
    maxHorsesPerRider: z.number().int(),
    postedStart: z.string().nullable().openapi({ description: "When the class is posted to start on the event's first day, \"HH:MM\" in the event's zone; null: not posted." }),
    payout: PayoutRule,
    sidepotOf: z.string().nullable(),
    goRounds: z.number().int().openapi({ description: "Go-rounds, 1 to 5 (docs/race-day.md, Shows of more than one go)." }),
    average: z
      .object({ mode: z.enum(["SUM", "BEST_N", "DROP_SLOWEST"]), bestN: z.number().int().nullable().optional(), requireEveryGo: z.boolean() })
      .nullable()
      .openapi({ description: "How the average adds the gos; null: no average." }),
    purseSplit: z
      .object({ goPercents: z.array(z.number().int()), averagePercent: z.number().int() })
      .nullable()
      .openapi({ description: "Whole percents of the purse, one per go, and the average's; they add up to 100. Null: the default split." }),
    shortGo: z
      .object({ top: z.number().int(), by: z.enum(["AVERAGE", "DIVISION"]), order: z.enum(["REVERSE", "DRAW"]) })
      .nullable()
      .openapi({ description: "The short go: the top N of the average (or of each division) come back; null: none." }),
    minAge: z.number().int().nullable(),
    maxAge: z.number().int().nullable(),
    ageOn: z.enum(["YEAR_START", "RACE_DAY"]).openapi({ description: "The day the age is taken on: January 1 of the race's year, or the race day." }),
    entryCount: z.number().int().nullable(),
    drawSeed: z.string().nullable().openapi({ description: "Shown once the draw is published (to the producer before)." }),
    drawMinGap: z.number().int(),
    dragEvery: z.number().int(),
    drawn: z.boolean(),
    drawPublishedAt: z.string().nullable(),
    resultsPublishedAt: z.string().nullable(),
  })
  .passthrough()
  .openapi("RaceClass", { description: "A class of an event; money in integer cents." });

const RaceEntry = z
  .object({
    id: z.string(),
    eventId: z.string(),
    classId: z.string(),
    className: z.string().nullable(),
    feeCents: z.number().int().nullable(),
    riderId: z.number().int().nullable(),
    riderName: z.string(),
    horseId: z.string().nullable(),
    horseName: z.string(),
    walkUp: z.boolean(),
    backNumber: z.number().int().nullable(),
    paid: z.boolean(),
    paidMethod: z.enum(PAID_METHODS).nullable().openapi({ enum: [...PAID_METHODS, null], description: "How the fee was paid (COMP: waived); null when not said." }),
    paidReference: z.string().nullable().openapi({ description: "A check's number, or a receipt's reference." }),
    status: z.enum(["ENTERED", "SCRATCHED"]),
    late: z.boolean(),
    exhibition: z.boolean().openapi({ description: "An exhibition run: timed, never placed or paid, not in the pot, not in the season." }),
    carriedFrom: z.string().nullable().openapi({ description: "A carried run: the entry (of another class) whose run this is, timed there once and placed and paid here too." }),
    drawPosition: z.number().int().nullable(),
    dragsBefore: z.number().int().nullable(),
    drawPublished: z.boolean(),
    createdAt: z.string(),
    scratchedAt: z.string().nullable(),
    turnOutsOwed: z
      .array(z.object({ eventId: z.string(), entryId: z.string().nullable(), eventName: z.string(), date: z.string(), horseName: z.string(), owedCents: z.number().int() }))
      .optional()
      .openapi({ description: "The producer's list only: what this entry's rider (by account) still owes for turn-outs (scratched at the booth: called and not there) at other races, under each race's scratch policy; `entryId` only where the viewer manages that race. The office decides whether to collect." }),
  })
  .passthrough()
  .openapi("RaceEntry", { description: "An entry, as its rider and the producer see it (never the rider's account id)." });

const DrawnRun = z
  .object({
    entryId: z.string(),
    position: z.number().int(),
    backNumber: z.number().int().nullable(),
    riderName: z.string(),
    horseName: z.string(),
    dragsBefore: z.number().int(),
    late: z.boolean(),
    exhibition: z.boolean(),
    scratched: z.boolean(),
  })
  .openapi("DrawnRun");

const Timer = z.object({ userId: z.string(), name: z.string(), email: z.string(), addedAt: z.string() }).openapi("RaceTimer");

/** Race day's classes, entries, the draw and timers (docs/race-day.md). A hidden event answers 404. */
export const racedayEntries: Area = (api) => {
  api.get("/api/events/{id}/classes", {
    operationId: "listEventClasses",
    summary: "An event's classes",
    description: "Public for an approved event: each class's money rules (integer cents) and entry count.",
    access: "public",
    params: event,
    responses: { 200: { description: "The classes.", schema: z.object({ classes: z.array(RaceClass) }) } },
    errors: [404],
  });
  api.post("/api/events/{id}/classes", {
    operationId: "createEventClass",
    summary: "Add a class",
    description: "The producer or an admin, on an approved event. Amounts are integer cents (a float is refused, never rounded).",
    access: "user",
    params: event,
    body: raceClassSchema,
    responses: { 201: { description: "Added.", schema: RaceClass } },
    errors: [403, 404, 409],
  });
  api.patch("/api/events/{id}/classes/{classId}", {
    operationId: "updateEventClass",
    summary: "Change a class",
    description: "Once results are published its money rules no longer change (409).",
    access: "user",
    params: cls,
    body: raceClassPatchSchema,
    responses: { 200: { description: "The class.", schema: RaceClass } },
    errors: [404, 409],
  });
  api.delete("/api/events/{id}/classes/{classId}", {
    operationId: "deleteEventClass",
    summary: "Delete a class and its entries",
    description: "Refused (409) once its results are published, or while a sidepot pays on it.",
    access: "user",
    params: cls,
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404, 409],
  });
  api.get("/api/events/{id}/classes/{classId}/draw", {
    operationId: "getClassDraw",
    summary: "A class's published draw",
    description: "Public once published (404 before): the running order, drags and the seed for the audit.",
    access: "public",
    params: cls,
    responses: {
      200: {
        description: "The order.",
        schema: z.object({ classId: z.string(), className: z.string(), seed: z.string().nullable(), minGap: z.number().int(), dragEvery: z.number().int(), publishedAt: z.string().nullable(), order: z.array(DrawnRun) }),
      },
    },
    errors: [404],
  });
  api.post("/api/events/{id}/classes/{classId}/draw", {
    operationId: "drawClass",
    summary: "Draw a class",
    description: "A new seed, or `seed` to draw the same order again; `publish: true` publishes it (alone, on a drawn class, publishes the order drawn). A published draw is never drawn again (409).",
    access: "user",
    params: cls,
    body: raceDrawSchema,
    responses: { 200: { description: "The draw.", schema: z.object({ class: RaceClass, seed: z.string().nullable(), published: z.boolean(), order: z.array(DrawnRun) }) } },
    errors: [404, 409],
  });
  api.get("/api/events/{id}/entries", {
    operationId: "listEventEntries",
    summary: "Entries of an event",
    description: "The producer (or an admin) gets every entry; a rider their own, with `totalCents` of what still runs.",
    access: "user",
    params: event,
    responses: { 200: { description: "The entries.", schema: z.object({ entries: z.array(RaceEntry), totalCents: z.number().int() }) } },
    errors: [404],
  });
  api.post("/api/events/{id}/entries", {
    operationId: "enterClass",
    summary: "Enter a class",
    description: "A rider: `classId` with `horseId` or `horseName`, optional `riderId`, before entries close. The producer may send `riderName` and `horseName` for a walk-up. `exhibition: true` adds an exhibition run (the producer's walk-up, or a rider's own horse): timed and shown on the live page marked Exhibition, never placed or paid, not in the pot, not sent to the season; its fee is the class's `exhibitionFeeCents`; a rider with an account gets it in their run log as an official run placed \"Exhibition\". A sidepot takes none (409). A Private rider's answer carries `notice`: the draw and results show their name. The same rider's horse entered again in a class it was scratched from, while the class's draw is not published, is that entry put back (the same `id`, its place kept, no late fee).",
    access: "user",
    params: event,
    body: raceEntrySchema,
    responses: { 201: { description: "Entered.", schema: RaceEntry.extend({ notice: z.string().nullable() }) } },
    errors: [403, 404, 409],
  });
  const SidepotChange = z
    .object({
      entryId: z.string(),
      fromClassName: z.string().openapi({ description: "The sidepot the entry was in." }),
      action: z.enum(["moved", "scratched"]),
      toClassName: z.string().nullable().openapi({ description: "Where it moved along to: the new class's sidepot of the same name." }),
    })
    .openapi("SidepotChange", { description: "What a move or a scratch did to one of the entry's sidepot entries (the same rider and horse in a sidepot of its class)." });
  const ChangedEntry = RaceEntry.extend({ sidepots: z.array(SidepotChange) });
  api.patch("/api/events/{id}/entries/{entryId}", {
    operationId: "updateEntry",
    summary: "Change an entry",
    description:
      "`scratched`, `paid`, `paidMethod` (`CASH`, `CHECK`, `CARD`, `ONLINE`, `COMP`: marks it paid), `paidReference` (a check's number, required for `CHECK`), `backNumber` (worn by the rider and horse in every class of the event: set on all their entries; a number another horse wears is refused, 409), `classId` (a move), `riderName` and `horseName` (a walk-up's names corrected, with its sidepot entries; an account's entry answers 409): the producer; the rider who entered may only scratch, before entries close. `paid: false` clears the method and reference. A move takes the entry's sidepot entries along to the new class's sidepot of the same name, and scratches those it cannot take; a scratch scratches them too: `sidepots` says which.",
    access: "user",
    params: entry,
    body: raceEntryPatchSchema,
    responses: { 200: { description: "The entry.", schema: ChangedEntry } },
    errors: [404, 409],
  });
  api.delete("/api/events/{id}/entries/{entryId}", {
    operationId: "scratchEntry",
    summary: "Scratch an entry",
    description: "Its sidepot entries are scratched with it (`sidepots`).",
    access: "user",
    params: entry,
    responses: { 200: { description: "The scratched entry.", schema: ChangedEntry } },
    errors: [404, 409],
  });
  api.get("/api/events/{id}/timers", {
    operationId: "listEventTimers",
    summary: "An event's timers",
    access: "user",
    params: event,
    responses: { 200: { description: "The timers.", schema: z.object({ timers: z.array(Timer) }) } },
    errors: [403, 404],
  });
  api.post("/api/events/{id}/timers", {
    operationId: "addEventTimer",
    summary: "Name a timer",
    description: "By the email of an existing account (404 with a message otherwise); naming one again answers 200.",
    access: "user",
    params: event,
    body: raceTimerSchema,
    responses: { 200: { description: "Already a timer.", schema: Timer }, 201: { description: "Named.", schema: Timer } },
    errors: [404],
  });
  api.delete("/api/events/{id}/timers/{userId}", {
    operationId: "removeEventTimer",
    summary: "Remove a timer",
    access: "user",
    params: timer,
    responses: { 200: { description: "Removed.", schema: MessageBody } },
    errors: [404],
  });
};
