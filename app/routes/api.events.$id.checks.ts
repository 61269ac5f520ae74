import { eventChecks } from "~/features/books/checks.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/events/{id}/checks: payees of the published results, their amounts and checks (producer and admins). */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(eventChecks(getDb(), user, params.id ?? ""), { headers: { "Cache-Control": "private, no-cache" } });
  },
});
export const loader = route;
export const action = route;
