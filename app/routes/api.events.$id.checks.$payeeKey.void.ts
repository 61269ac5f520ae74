import { voidCheck } from "~/features/books/checks.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { checkVoidSchema } from "~/schemas/books";

/** POST /api/events/{id}/checks/{payeeKey}/void: `reason`; the check is kept, void, with its number. */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { reason } = await parseJson(request, checkVoidSchema);
    return Response.json(voidCheck(getDb(), user, params.id ?? "", params.payeeKey ?? "", reason));
  },
});
export const loader = route;
export const action = route;
