import { findClass, publishedView, resultsCsv } from "~/features/raceday/results.server";
import { findRaceEvent } from "~/features/raceday/access.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/events/{id}/classes/{classId}/results.csv: the published results as CSV (404 before publishing). */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const db = getDb();
    const event = findRaceEvent(db, await getUser(request), params.id ?? "");
    const cls = findClass(db, event.id, params.classId ?? "");
    const view = publishedView(db, cls);
    const file = `${event.name} ${cls.name}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 80) || "results";
    return new Response(resultsCsv(view), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file}.csv"`,
        "Cache-Control": "private, no-cache",
      },
    });
  },
});
export const loader = route;
export const action = route;
