import { seriesCreateSchema, seriesJoinSchema, seriesReviewSchema, seriesUpdateSchema } from "~/schemas/season";
import { MessageBody, z, type Area } from "../registry.server";

/*
 * The answers' shapes, as app/features/season/series.server.ts and
 * standings.server.ts make them. Money is integer cents, times integer
 * thousandths.
 */

const isoTime = z.string().openapi({ format: "date-time" });
const day = z.string().openapi({ format: "date", example: "2031-05-02" });

const PointsTable = z
  .union([
    z.object({
      mode: z.literal("PLACE"),
      places: z.array(z.array(z.number())).openapi({ description: "Points per place: one row for every division, or one row per division (1D first)." }),
    }),
    z.object({ mode: z.literal("MONEY"), centsPerPoint: z.number().int().openapi({ description: "A point for every this many cents won." }) }),
  ])
  .openapi("PointsTable");

const Series = z
  .object({
    id: z.string(),
    name: z.string(),
    startDate: day,
    endDate: day,
    classNames: z.array(z.string()).openapi({ description: "The classes that count, compared without case or extra spaces." }),
    pointsTable: PointsTable,
    bestOf: z.number().int().nullable().openapi({ description: "Each rider and horse's best N races count; null: every race." }),
    tieBreakers: z.array(z.enum(["WINS", "MONEY", "FASTEST"])),
    qualifyMinRaces: z.number().int(),
    qualifyTop: z.number().int().openapi({ description: "Finalists per division." }),
    membersOnly: z.boolean().openapi({ description: "Only the association's members in good standing earn points; others are placed and paid as always." }),
    pointsFrom: z.enum(["MEMBERSHIP_START", "SEASON_START"]).openapi({ description: "Members only: races count from the day the membership started, or from the season's start." }),
    pointsBy: z.enum(["PLACE_AMONG_MEMBERS", "OVERALL_PLACE"]).openapi({ description: "Members only: points by the place among members (places move up over non-members), or by the overall place." }),
    createdAt: isoTime,
  })
  .openapi("Series", { description: "An association's season: its races' points add up per rider and horse." });

const SeriesEvent = z
  .object({
    eventId: z.string(),
    name: z.string(),
    date: day,
    location: z.string(),
    status: z.enum(["PENDING", "APPROVED", "REJECTED"]),
    requestedAt: isoTime,
  })
  .openapi("SeriesEvent");

const Standing = z
  .object({
    place: z.number().int(),
    riderName: z.string(),
    horseName: z.string(),
    userId: z.string().nullable().openapi({ description: "The rider's account, to link a profile; null for a walk-up, a Private or a banned rider." }),
    points: z.number().int(),
    racesCounted: z.number().int(),
    racesEntered: z.number().int(),
    wins: z.number().int(),
    moneyCents: z.number().int(),
    fastestMs: z.number().int().nullable(),
    qualified: z.boolean(),
  })
  .openapi("Standing", { description: "One rider and horse in a class and division of a series." });

const Road = z
  .object({
    seriesId: z.string(),
    seriesName: z.string(),
    className: z.string(),
    riderName: z.string(),
    horseName: z.string(),
    horseId: z.string().nullable(),
    division: z.number().int(),
    place: z.number().int(),
    points: z.number().int(),
    racesEntered: z.number().int(),
    racesNeeded: z.number().int().openapi({ description: "Races still to run to meet the minimum." }),
    cutPoints: z.number().int().nullable().openapi({ description: "Points at the cut line (the last place that qualifies), or null while fewer stand." }),
    pointsFromCut: z.number().int().nullable().openapi({ description: "Points above the cut line (negative: below), or null." }),
    qualified: z.boolean(),
    qualifyTop: z.number().int(),
    qualifyMinRaces: z.number().int(),
  })
  .openapi("RoadToFinals", { description: "Where one rider and horse stand in a division of a series, and what they still need." });

const JoinAnswer = MessageBody.extend({ status: z.enum(["PENDING", "APPROVED", "REJECTED"]) });

const seriesId = { id: "The series' id." };
const standingsQuery = z.object({
  class: z.string().optional().openapi({ description: "One of the series' class names (any case); the first by default." }),
  division: z.string().optional().openapi({ description: "1 to 6; the first standing division by default.", example: "2" }),
});

/** Seasons: series, the events that count in them, standings and each rider's road to the finals. */
export const season: Area = (api) => {
  api.get("/api/series", {
    operationId: "listSeries",
    summary: "Every series",
    description: "Public, by season start.",
    access: "public",
    responses: { 200: { description: "The series.", schema: z.object({ series: z.array(Series) }) } },
  });
  api.post("/api/series", {
    operationId: "createSeries",
    summary: "Create a series",
    description: "Unset rules take their defaults (10 to 1 points for places, every race counts, ties by wins, money, then fastest time, the top 15 with at least 4 races qualify). Two series never share a name (compared without case or surrounding spaces): 409.",
    access: "admin",
    body: seriesCreateSchema,
    responses: { 201: { description: "Created.", schema: MessageBody.extend({ series: Series }) } },
    errors: [409],
  });
  api.get("/api/series/{id}", {
    operationId: "getSeries",
    summary: "A series and its events",
    description: "Public: the events that count. An administrator also sees the requests waiting or refused.",
    access: "public",
    params: seriesId,
    responses: { 200: { description: "The series.", schema: z.object({ series: Series, events: z.array(SeriesEvent) }) } },
    errors: [404],
  });
  api.patch("/api/series/{id}", {
    operationId: "updateSeries",
    summary: "Change a series",
    description: "Any of the fields of `POST`; `bestOf: null` counts every race again. The standings are computed again from the published results.",
    access: "admin",
    params: seriesId,
    body: seriesUpdateSchema,
    responses: { 200: { description: "Changed.", schema: MessageBody.extend({ series: Series }) } },
    errors: [404, 409],
  });
  api.delete("/api/series/{id}", {
    operationId: "deleteSeries",
    summary: "Delete a series with its standings",
    description: "The races' results stay.",
    access: "admin",
    params: seriesId,
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404],
  });
  api.post("/api/series/{id}/events", {
    operationId: "requestSeriesEvent",
    summary: "Ask for an event to count in a series",
    description:
      "The event's producer (403 for anyone else who may see it). The event must fall in the season (400). An administrator's request is approved at once (200); " +
      "anyone else's waits for an administrator (202). Asking again changes nothing and answers where the request stands; after a refusal it asks anew.",
    access: "user",
    params: seriesId,
    body: seriesJoinSchema,
    responses: {
      202: { description: "Asked, or asked before: waiting for an administrator.", schema: JoinAnswer },
      200: { description: "Counted: an administrator's own request, or the event counts already.", schema: JoinAnswer },
    },
    errors: [404],
  });
  api.patch("/api/series/{id}/events/{eventId}", {
    operationId: "reviewSeriesEvent",
    summary: "Approve or refuse an event's request",
    description: "Approving counts the event's published results at once; refusing (or withdrawing) takes them out. Riders whose standing moved are told.",
    access: "admin",
    params: { ...seriesId, eventId: "The event's id." },
    body: seriesReviewSchema,
    responses: { 200: { description: "Answered.", schema: JoinAnswer } },
    errors: [404],
  });
  api.get("/api/series/{id}/standings", {
    operationId: "getSeriesStandings",
    summary: "A series' standings",
    description: "Public: one class and division. Riders are named as they entered; `divisions` lists the divisions that have standings.",
    access: "public",
    params: seriesId,
    query: standingsQuery,
    responses: {
      200: {
        description: "The standings, best first.",
        schema: z.object({
          series: z.object({ id: z.string(), name: z.string(), qualifyTop: z.number().int(), qualifyMinRaces: z.number().int() }),
          className: z.string(),
          classNames: z.array(z.string()),
          divisions: z.array(z.number().int()),
          division: z.number().int(),
          standings: z.array(Standing),
        }),
      },
    },
    errors: [404],
  });
  api.get("/api/series/{id}/standings.csv", {
    operationId: "getSeriesStandingsCsv",
    summary: "A series' standings as CSV",
    description: "The same table as `GET /api/series/{id}/standings`, for a spreadsheet.",
    access: "public",
    params: seriesId,
    query: standingsQuery,
    responses: { 200: { description: "A CSV file (`Content-Disposition: attachment`).", contentType: "text/csv" } },
    errors: [404],
  });
  api.get("/api/users/{id}/qualification", {
    operationId: "getQualification",
    summary: "A rider's road to the finals",
    description: "Per series, class, horse and division: place, points, races still needed and the distance to the cut line. To the rider, administrators, and whoever may see the rider's full profile; to anyone else, not found.",
    access: "public",
    params: { id: "The rider's user id." },
    responses: { 200: { description: "The rider's standings.", schema: z.object({ qualification: z.array(Road) }) } },
    errors: [404],
  });
};
