import { createRunLog, listRuns } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError, parseJson } from "~/lib/http.server";
import { runFiltersSchema, runLogSchema } from "~/schemas/runs";

function parseFilters(url: URL) {
  const result = runFiltersSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? "Invalid filter");
  return result.data;
}

/**
 * GET /api/run-logs: the signed-in rider's runs, newest first, filtered by
 * ?horse=&rider=&arena=&from=&to=&tag=. POST /api/run-logs: log a run
 * (201; a repeated clientId answers the stored run with 200).
 */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(listRuns(getDb(), user.id, parseFilters(new URL(request.url))));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, runLogSchema);
    const { run, created } = createRunLog(getDb(), user, input);
    return Response.json(run, { status: created ? 201 : 200 });
  },
});
export const loader = route;
export const action = route;
