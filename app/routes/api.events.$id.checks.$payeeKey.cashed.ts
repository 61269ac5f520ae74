import { cashCheck } from "~/features/books/checks.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** POST /api/events/{id}/checks/{payeeKey}/cashed: the written check is cashed (it never goes stale). */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(cashCheck(getDb(), user, params.id ?? "", params.payeeKey ?? ""));
  },
});
export const loader = route;
export const action = route;
