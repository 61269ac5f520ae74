import { publishClass } from "~/features/raceday/publish.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/**
 * POST /api/events/{id}/classes/{classId}/results/publish: publishes the
 * class's results (the producer or an admin): race results, the riders' run
 * logs and their alerts. Publishing again writes nothing twice; a rider
 * whose result changed since is told once ("corrected"). Answers what was
 * written: `version`, `results`, `runLogs` (`created`, `updated`, `removed`),
 * `notified`.
 */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(publishClass(getDb(), user, params.id ?? "", params.classId ?? ""));
  },
});
export const loader = route;
export const action = route;
