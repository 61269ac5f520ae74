import { openApiDocument } from "~/features/openapi/document.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/openapi.json: the API's description (OpenAPI 3.1), public. */
const route = apiRoute({
  GET: () =>
    new Response(openApiDocument(), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
    }),
});
export const loader = route;
export const action = route;
