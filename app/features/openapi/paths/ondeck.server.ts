import { gateCallSchema } from "~/schemas/ondeck";
import { z, type Area } from "../registry.server";

/** "When do I run": a rider's places in line, the pace of each class, the booth's gate calls, the arena screen's stream. */

const event = { id: "The event's id." };

const MyRun = z
  .object({
    entryId: z.string(),
    eventId: z.string(),
    classId: z.string(),
    className: z.string(),
    riderName: z.string(),
    horseName: z.string(),
    backNumber: z.number().int().nullable(),
    status: z.enum(["WAITING", "ON_DECK", "ON_THE_GATE", "RAN", "SCRATCHED"]).openapi({ description: "ON_DECK: within the account's on-deck choice (5 when off)." }),
    runsAhead: z.number().int().nullable().openapi({ description: "Runs before this one, in its class and the classes running before it; null once run or scratched." }),
    estimatedAt: z.string().nullable().openapi({ description: "When it is expected to run (ISO 8601), from the booth's pace." }),
    summary: z.string().openapi({ description: "\"12 runs out · about 2:40 PM\" in the event's zone." }),
    gateCalls: z.number().int().openapi({ description: "The booth's calls to the gate (0 to 3)." }),
    behindMinutes: z.number().int().nullable().openapi({ description: "Minutes the class runs behind its posted start; null without one." }),
  })
  .openapi("MyRun");

const ClassPace = z
  .object({
    classId: z.string(),
    className: z.string(),
    runsPerHour: z.number().openapi({ description: "Measured from the booth's timestamps once five runs are in (drags left out); 55 before." }),
    measured: z.boolean(),
    runsLeft: z.number().int(),
    nextAt: z.string().nullable(),
    estimatedEnd: z.string().nullable().openapi({ description: "ISO 8601; the last run when the class has finished." }),
    estimatedEndText: z.string().nullable(),
    behindMinutes: z.number().int().nullable(),
  })
  .openapi("ClassPace");

export const ondeck: Area = (api) => {
  api.get("/api/events/{id}/my-runs", {
    operationId: "getMyRuns",
    summary: "My places in line",
    description: "The signed-in account's entries (its own riding and the riders it manages) in the classes whose draw is published, with `runsAhead`, `estimatedAt`, `status` and `gateCalls`. Never another account's.",
    access: "user",
    params: event,
    responses: { 200: { description: "The account's runs.", schema: z.object({ eventId: z.string(), zone: z.string(), runs: z.array(MyRun) }) } },
    errors: [404],
  });
  api.get("/api/events/{id}/pace", {
    operationId: "getEventPace",
    summary: "The pace of each class",
    description: "Per class in running order: `runsPerHour`, `runsLeft`, `estimatedEnd` and `behindMinutes`. Public wherever the event is; no rider's estimate.",
    access: "public",
    params: event,
    responses: { 200: { description: "The pace.", schema: z.object({ eventId: z.string(), zone: z.string(), classes: z.array(ClassPace) }) } },
    errors: [404],
  });
  api.post("/api/events/{id}/gate-calls", {
    operationId: "callToGate",
    summary: "Call the rider on the gate",
    description: "`entryId` of the rider on the gate of their class; the rider's account is told at once (notification and Web Push: \"Gate call 1 of 3: Sugar to the gate\"). At most three calls: a fourth is 409 and the timer decides (nothing is scratched). The producer, an admin or a named timer.",
    access: "user",
    params: event,
    body: gateCallSchema,
    responses: {
      201: {
        description: "Called.",
        schema: z.object({ entryId: z.string(), classId: z.string(), riderName: z.string(), horseName: z.string(), gateCalls: z.number().int(), max: z.number().int() }),
      },
    },
    errors: [403, 404, 409],
  });
  api.get("/api/events/{id}/arena", {
    operationId: "streamArena",
    summary: "The arena screen (server-sent events)",
    description: "`event: arena` with the arena screen's view (riding now, the next three, the last run and its place, time to beat and who is in the money per division, runs left, estimated end, drags and breaks, the draw) at once and after every change at the booth. Public wherever the event is; no sign-in.",
    access: "public",
    params: event,
    responses: { 200: { description: "An event stream.", contentType: "text/event-stream" } },
    errors: [404],
  });
};
