import { z, type Area } from "../registry.server";

/** The API describing itself. */
export const meta: Area = (api) => {
  api.get("/api/openapi.json", {
    operationId: "getOpenApiDocument",
    summary: "This description (OpenAPI 3.1)",
    access: "public",
    responses: { 200: { description: "The OpenAPI document.", schema: z.object({ openapi: z.string() }).passthrough() } },
  });
  // Answered by the HTTP layer ahead of Remix (server/app.ts), so a probe costs next to nothing.
  api.get("/api/health", {
    operationId: "getHealth",
    summary: "Whether the server can read and write its database and files",
    access: "public",
    responses: { 200: { description: "Healthy.", schema: z.object({ status: z.string() }).passthrough() } },
    errors: [503],
  });
};
