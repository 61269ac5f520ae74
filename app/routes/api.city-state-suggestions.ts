import { requireApiUser } from "~/lib/auth.server";
import { suggestCities } from "~/lib/gazetteer.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/city-state-suggestions?query=: "City, ST" items {description, place_id} from 3 characters, offline. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    const query = new URL(request.url).searchParams.get("query") ?? "";
    return Response.json(suggestCities(query.slice(0, 100)), { headers: { "Cache-Control": "private, max-age=3600" } });
  },
});
export const loader = route;
export const action = route;
