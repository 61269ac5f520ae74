import { RACE_OUTCOMES } from "~/schemas/race-outcomes";
import { overrideRemovalSchema, payoutOverrideSchema, raceRerunSchema, raceTimeCorrectionSchema, raceTimeSchema } from "~/schemas/raceday-booth";
import { z, type Area } from "../registry.server";

/** Race day: times at the booth, live results, results and publishing (classes, entries and the draw: raceday-entries.server.ts). */

const event = { id: "The event's id." };
const time = { ...event, timeId: "The time's id, or the clientId the booth gave it." };
const cls = { ...event, classId: "The class's id." };
const override = { ...cls, entryId: "The entry's id." };

const RaceTime = z
  .object({
    id: z.string(),
    clientId: z.string(),
    entryId: z.string(),
    classId: z.string(),
    outcome: z.enum(RACE_OUTCOMES),
    time: z.string().nullable().openapi({ description: "The timer's time, before penalties (\"15.482\")." }),
    penalties: z.number().int(),
    totalMs: z.number().int().nullable(),
    total: z.string().nullable().openapi({ description: "The time with 5 s a knocked barrel: what places the run." }),
    voided: z.boolean(),
    voidReason: z.string().nullable(),
    recordedAt: z.string().openapi({ description: "When the rider ran: the booth device's `takenAt` when plausible, else when the server received it." }),
    receivedAt: z.string().openapi({ description: "When the server received the time (later than `recordedAt` for a booth that was offline)." }),
  })
  .openapi("RaceTime");

const Place = z.object({
  entryId: z.string(),
  riderName: z.string(),
  horseName: z.string(),
  backNumber: z.number().int().nullable(),
  time: z.string().nullable(),
  timeMs: z.number().int().nullable(),
  penalties: z.number().int(),
  place: z.number().int(),
  payoutCents: z.number().int(),
  payout: z.string(),
  computedCents: z.number().int().optional().openapi({ description: "The producer's review: what the rules gave before an override." }),
  overrideReason: z.string().nullable().optional(),
});

const ClassResults = z
  .object({
    eventId: z.string(),
    classId: z.string(),
    className: z.string(),
    sidepotOf: z.string().nullable(),
    published: z.boolean(),
    publishedAt: z.string().nullable(),
    resultsVersion: z.number().int(),
    round: z.string().openapi({ description: 'Which results: "1" (go 1, and a class of one go), "2"..., "average" or "short".' }),
    roundLabel: z.string().openapi({ example: "Go 2" }),
    rounds: z.array(z.object({ round: z.string(), label: z.string() })).openapi({ description: "The class's rounds: its gos, then the average and the short go when it has them." }),
    review: z.boolean().openapi({ description: "True for the producer's review computed from the times now; false for the published results." }),
    potCents: z.number().int(),
    pot: z.string(),
    entryCount: z.number().int(),
    divisions: z.array(z.object({ division: z.number().int(), start: z.string().nullable(), potCents: z.number().int(), placesPaid: z.number().int(), places: z.array(Place) })),
    unplaced: z.array(z.object({ entryId: z.string(), riderName: z.string(), horseName: z.string(), backNumber: z.number().int().nullable(), outcome: z.enum(["NT", "SCRATCH", "PENDING"]) })),
    stillToRun: z.number().int().openapi({ description: "The runs publishing waits for (for a sidepot, in the class it pays on); 0 in the published results. Publishing is refused while it is above 0." }),
  })
  .openapi("ClassResults", { description: "A class's results; money in integer cents." });

export const raceday: Area = (api) => {
  api.post("/api/events/{id}/times", {
    operationId: "recordTime",
    summary: "Record a time at the booth",
    description:
      "`entryId`, `outcome` (TIME, NT, SCRATCH), `time` as the timer shows it, `penalties` (knocked barrels), `clientId`, and `takenAt` (optional, ISO 8601 with its zone: the device's clock when the timer took the time). `takenAt` becomes the run's `recordedAt` when plausible: at most 5 minutes after the server's clock and not before the day before the event's first day (in the event's zone); otherwise the time the server received it stands and the event's history says why. The same `clientId` again answers the first record (200) and changes nothing; an entry that already has a time is refused (409): the Error answer then carries the time it has in `existing` (a RaceTime), so a booth can show the conflict. The producer, an admin or a named timer.",
    access: "user",
    params: event,
    body: raceTimeSchema,
    responses: {
      200: { description: "Recorded before (the same clientId).", schema: RaceTime },
      201: { description: "Recorded.", schema: RaceTime },
    },
    errors: [403, 404, 409],
  });
  api.patch("/api/events/{id}/times/{timeId}", {
    operationId: "correctTime",
    summary: "Correct a time",
    description: "`outcome`, `time`, `penalties` (each kept when left out) and a `reason`, kept in the event's history. A published class is published again.",
    access: "user",
    params: time,
    body: raceTimeCorrectionSchema,
    responses: { 200: { description: "The corrected time.", schema: RaceTime } },
    errors: [403, 404, 409],
  });
  api.delete("/api/events/{id}/times/{timeId}", {
    operationId: "undoTime",
    summary: "Undo a time",
    description: "The time stands void and the entry is back in the order; undoing it again changes nothing.",
    access: "user",
    params: time,
    responses: { 200: { description: "The voided time.", schema: RaceTime } },
    errors: [403, 404],
  });
  api.post("/api/events/{id}/times/{timeId}/rerun", {
    operationId: "giveRerun",
    summary: "Give a rerun",
    description: "The time stands void with the `reason` (kept in the history) and the rider runs again.",
    access: "user",
    params: time,
    body: raceRerunSchema,
    responses: { 200: { description: "The voided time.", schema: RaceTime } },
    errors: [403, 404],
  });
  api.get("/api/events/{id}/live", {
    operationId: "streamLiveResults",
    summary: "Live results (server-sent events)",
    description: "`event: live` with the event's live view (the last runs, the leaders of each division per class, who is on deck) at once and after every change. Public wherever the event is.",
    access: "public",
    params: event,
    responses: { 200: { description: "An event stream.", contentType: "text/event-stream" } },
    errors: [404],
  });
  api.get("/api/events/{id}/classes/{classId}/results", {
    operationId: "getClassResults",
    summary: "A class's results",
    description:
      "The producer (or an admin) gets the review computed from the times now; anyone who may see the event gets the published results, or 404 before publishing. A class of more than one go answers one round: `go=1|2|...|average|short` (go 1 when absent; 400 for a round the class does not have).",
    access: "public",
    params: cls,
    query: z.object({ go: z.string().optional().openapi({ description: "1 to 5, average or short", example: "average" }) }),
    responses: { 200: { description: "The results.", schema: ClassResults } },
    errors: [404],
  });
  api.post("/api/events/{id}/classes/{classId}/results/publish", {
    operationId: "publishClassResults",
    summary: "Publish a class's results",
    description: "Writes the results, each rider's official run in their run log and one alert per new or changed result. Publishing again writes nothing twice. Refused (409) while entries have not run.",
    access: "user",
    params: cls,
    responses: {
      200: {
        description: "What was written.",
        schema: z.object({
          version: z.number().int(),
          results: z.number().int(),
          runLogs: z.object({ created: z.number().int(), updated: z.number().int(), removed: z.number().int() }),
          notified: z.number().int().openapi({ description: "Alerts sent: one per result that is new or changed." }),
          ridersTold: z.number().int().openapi({ description: "Riders told (a rider with two horses is one)." }),
        }),
      },
    },
    errors: [403, 404, 409],
  });
  api.get("/api/events/{id}/classes/{classId}/results.csv", {
    operationId: "getClassResultsCsv",
    summary: "A class's published results as CSV",
    access: "public",
    params: cls,
    responses: { 200: { description: "Division, place, back number, rider, horse, time, knocked barrels, payout.", contentType: "text/csv" } },
    errors: [404],
  });
  api.put("/api/events/{id}/classes/{classId}/overrides/{entryId}", {
    operationId: "setPayoutOverride",
    summary: "Set one placing's payout",
    description: "`amountCents` and a `reason`, kept in the history. A published class is published again.",
    access: "user",
    params: override,
    body: payoutOverrideSchema,
    responses: { 200: { description: "The override.", schema: z.object({ entryId: z.string(), amountCents: z.number().int(), reason: z.string() }) } },
    errors: [403, 404],
  });
  api.delete("/api/events/{id}/classes/{classId}/overrides/{entryId}", {
    operationId: "removePayoutOverride",
    summary: "Back to the computed payout",
    description: "With a `reason`, kept in the history.",
    access: "user",
    params: override,
    body: overrideRemovalSchema,
    responses: { 200: { description: "Removed.", schema: z.object({ entryId: z.string(), removed: z.boolean() }) } },
    errors: [403, 404],
  });
};
