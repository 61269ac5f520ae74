import { riderSchema, runFiltersSchema, runLogSchema, runPrivacySchema } from "~/schemas/runs";
import { shareRunSchema } from "~/schemas/social";
import { MessageBody, z, type Area } from "../registry.server";
import { anyObject, Rider, Run } from "../shapes.server";

/** The run log: runs, their trends and sharing, and the account's riders. */
export const runs: Area = (api) => {
  api.get("/api/run-logs", {
    operationId: "listRunLogs",
    summary: "The user's runs, newest first",
    description: "Up to 200, filtered by the query's fields.",
    access: "user",
    query: runFiltersSchema,
    responses: { 200: { description: "The runs.", schema: z.array(Run) } },
  });
  api.post("/api/run-logs", {
    operationId: "createRunLog",
    summary: "Log a run",
    description: "A repeated `clientId` (the offline queue sends one) answers the run already stored, with 200.",
    access: "user",
    body: runLogSchema,
    responses: {
      201: { description: "Logged.", schema: Run },
      200: { description: "Already logged with this `clientId`.", schema: Run },
    },
  });
  api.put("/api/run-logs/{id}", {
    operationId: "replaceRunLog",
    summary: "Replace a run's fields (the owner only)",
    description: "The body of `POST /api/run-logs`, checked by the same rules.",
    access: "user",
    params: { id: "The run's id." },
    body: runLogSchema,
    responses: { 200: { description: "The run.", schema: Run } },
    errors: [404],
  });
  api.delete("/api/run-logs/{id}", {
    operationId: "deleteRunLog",
    summary: "Delete a run (the owner only)",
    access: "user",
    params: { id: "The run's id." },
    responses: { 200: { description: "Deleted.", schema: MessageBody } },
    errors: [404],
  });
  api.patch("/api/run-logs/{id}/privacy", {
    operationId: "setRunLogPrivacy",
    summary: "Make a run public or private (the owner only)",
    access: "user",
    params: { id: "The run's id." },
    body: runPrivacySchema,
    responses: { 200: { description: "The run.", schema: Run } },
    errors: [404],
  });
  api.get("/api/run-logs/trends", {
    operationId: "getRunTrends",
    summary: "History and trends of one horse or rider",
    description: "Best and average times by ground, indoor/outdoor and weather (`conditions`, each figure with its run count).",
    access: "user",
    query: z.object({
      horseId: z.string().optional().openapi({ description: "A horse's id." }),
      horse: z.string().optional().openapi({ description: "A horse's name." }),
      rider: z.string().optional().openapi({ description: "A rider's id (one of the account's riders)." }),
    }),
    responses: { 200: { description: "The trends.", schema: anyObject("Runs over time and best and average times.") } },
    errors: [404],
  });
  api.post("/api/run-logs/share", {
    operationId: "shareRunLog",
    summary: "Share one of the user's public runs with a rider",
    access: "user",
    body: shareRunSchema,
    responses: { 200: { description: "Shared.", schema: MessageBody } },
    errors: [404],
  });
  api.get("/api/share/run-log/{id}", {
    operationId: "getSharedRunLog",
    summary: "A run as its share page shows it",
    description: "Public; a run that may not be shown answers like a missing one.",
    access: "public",
    params: { id: "The run's id." },
    responses: { 200: { description: "The run.", schema: anyObject("The run, its horse and its rider's name.") } },
    errors: [404],
  });
  api.get("/api/riders", {
    operationId: "listRiders",
    summary: "The account's riders (sub-profiles)",
    access: "user",
    responses: { 200: { description: "The riders.", schema: z.array(Rider) } },
  });
  api.post("/api/riders", {
    operationId: "createRider",
    summary: "Add a rider",
    access: "user",
    body: riderSchema,
    responses: { 201: { description: "Added.", schema: Rider } },
    errors: [409],
  });
  api.delete("/api/riders/{id}", {
    operationId: "deleteRider",
    summary: "Remove a rider",
    description: "Only the account's own; its runs stay, unlinked.",
    access: "user",
    params: { id: "The rider's id (a number)." },
    responses: { 200: { description: "Removed.", schema: MessageBody } },
    errors: [404],
  });
};
