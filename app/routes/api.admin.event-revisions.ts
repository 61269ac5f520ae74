import { listPendingRevisions } from "~/features/events/revisions.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/event-revisions: creators' changes to listed events waiting for review, oldest first, field by field. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(listPendingRevisions(getDb()));
  },
});
export const loader = route;
export const action = route;
