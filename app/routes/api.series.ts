import { createSeries, listSeries, presentSeries } from "~/features/season/series.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { seriesCreateSchema } from "~/schemas/season";

/** GET /api/series (public: every series) and POST (an admin creates one). */
const route = apiRoute({
  GET: () => Response.json({ series: listSeries(getDb()).map(presentSeries) }),
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await parseJson(request, seriesCreateSchema);
    return Response.json({ message: "Series created", series: presentSeries(createSeries(getDb(), admin, input)) }, { status: 201 });
  },
});
export const loader = route;
export const action = route;
