import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { ApiDescription, type Area } from "./registry.server";
import { admin } from "./paths/admin.server";
import { auth } from "./paths/auth.server";
import { books } from "./paths/books.server";
import { events } from "./paths/events.server";
import { horses } from "./paths/horses.server";
import { invites } from "./paths/invites.server";
import { meta } from "./paths/meta.server";
import { notifications } from "./paths/notifications.server";
import { raceday } from "./paths/raceday.server";
import { racedayEntries } from "./paths/raceday-entries.server";
import { ondeck } from "./paths/ondeck.server";
import { runs } from "./paths/runs.server";
import { season } from "./paths/season.server";
import { members } from "./paths/members.server";
import { social } from "./paths/social.server";
import { uploads } from "./paths/uploads.server";

/**
 * The API's description (OpenAPI 3.1), made from the zod schemas the routes validate with.
 *
 * To describe a new /api route: add it to its area's file in paths/ (`api.get(path, {...})`,
 * `api.post(...)`: the path in OpenAPI form, `/api/things/{id}`; `body` the schema the route
 * passes to `parseJson`). A new area is a new file in paths/ exporting an `Area`, added to AREAS
 * below. tests/api/openapi.test.ts fails while a route of the build has no entry here, or an
 * entry has no route.
 */
const AREAS: Area[] = [auth, events, runs, horses, social, notifications, uploads, invites, admin, raceday, racedayEntries, books, season, members, meta, ondeck];

let cached: string | undefined;

/** The document as JSON text, made once per process: the schemas do not change while it runs. */
export function openApiDocument(): string {
  if (cached) return cached;
  const api = new ApiDescription();
  for (const area of AREAS) area(api);
  const document = new OpenApiGeneratorV31(api.registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Cloverleaf API",
      version: "1",
      description:
        "The JSON API behind the Cloverleaf app. Sign in with `POST /api/auth/login` and send the session cookie back; every error answers `{ message }`. See docs/api.md.",
    },
    servers: [{ url: "/" }],
  });
  cached = JSON.stringify(document);
  return cached;
}
