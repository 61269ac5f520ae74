import { deleteEvent } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** DELETE /api/admin/events/{id}: deletes any event (its saves and reports go with it). */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    deleteEvent(getDb(), admin, params.id ?? "");
    return Response.json({ message: "Event Deleted" });
  },
});
export const loader = route;
export const action = route;
