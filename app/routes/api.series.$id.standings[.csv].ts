import { standingsCsv, standingsOf } from "~/features/season/standings.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/** GET /api/series/{id}/standings.csv?class=&division=: the same table as a spreadsheet. */
const route = apiRoute({
  GET: ({ request, params }) => {
    const url = new URL(request.url);
    const division = url.searchParams.get("division");
    if (division !== null && !/^[1-6]$/.test(division)) throw new HttpError(400, "Division must be a number from 1 to 6");
    const view = standingsOf(getDb(), params.id!, url.searchParams.get("class"), division === null ? null : Number(division));
    const file = `${view.series.name} ${view.className} ${view.division}D standings`.replace(/[^\w .-]+/g, "").trim();
    return new Response(standingsCsv(view), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file}.csv"` },
    });
  },
});
export const loader = route;
export const action = route;
