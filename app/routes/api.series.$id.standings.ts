import { presentStanding, standingsOf } from "~/features/season/standings.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/** GET /api/series/{id}/standings?class=&division=: public, one class and division (the first of each by default). */
const route = apiRoute({
  GET: ({ request, params }) => {
    const url = new URL(request.url);
    const division = url.searchParams.get("division");
    if (division !== null && !/^[1-6]$/.test(division)) throw new HttpError(400, "Division must be a number from 1 to 6");
    const view = standingsOf(getDb(), params.id!, url.searchParams.get("class"), division === null ? null : Number(division));
    return Response.json({
      series: { id: view.series.id, name: view.series.name, qualifyTop: view.series.qualifyTop, qualifyMinRaces: view.series.qualifyMinRaces },
      className: view.className,
      classNames: view.series.classNames,
      divisions: view.divisions,
      division: view.division,
      standings: view.rows.map(presentStanding),
    });
  },
});
export const loader = route;
export const action = route;
