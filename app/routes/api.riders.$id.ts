import { deleteRider, RIDER_NOT_FOUND } from "~/features/riders/riders.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/** DELETE /api/riders/{id}: only the user's own rider; the runs stay, unlinked. */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw new HttpError(404, RIDER_NOT_FOUND);
    deleteRider(getDb(), user.id, id);
    return Response.json({ message: "Rider removed" });
  },
});
export const loader = route;
export const action = route;
