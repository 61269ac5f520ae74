import { deleteSeries, getSeries, presentSeries, seriesEventList, updateSeries } from "~/features/season/series.server";
import { readUser, requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { seriesUpdateSchema } from "~/schemas/season";

/** GET /api/series/{id} (public: the series and its approved events; admins see every request), PATCH and DELETE (admins). */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await readUser(request);
    const db = getDb();
    const series = getSeries(db, params.id!);
    return Response.json({ series: presentSeries(series), events: seriesEventList(db, viewer, series.id) });
  },
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const input = await parseJson(request, seriesUpdateSchema);
    return Response.json({ message: "Series updated", series: presentSeries(updateSeries(getDb(), params.id!, input)) });
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    deleteSeries(getDb(), params.id!);
    return Response.json({ message: "Series deleted" });
  },
});
export const loader = route;
export const action = route;
