import { deleteSavedSearch, updateSavedSearch } from "~/features/alerts/saved-searches.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { savedSearchUpdateSchema } from "~/schemas/saved-searches";

/** PATCH /api/saved-searches/{id} (any field, paused too) and DELETE: only the rider's own; another rider's is 404. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, savedSearchUpdateSchema);
    return Response.json(updateSavedSearch(getDb(), user, Number(params.id), input));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    deleteSavedSearch(getDb(), user, Number(params.id));
    return Response.json({ message: "Alert deleted" });
  },
});
export const loader = route;
export const action = route;
