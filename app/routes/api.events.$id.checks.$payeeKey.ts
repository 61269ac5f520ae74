import { writeCheck } from "~/features/books/checks.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { checkNumberSchema } from "~/schemas/books";

/** PUT /api/events/{id}/checks/{payeeKey}: `number` of the check written to the payee (201 written, 200 the same again). */
const route = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { number } = await parseJson(request, checkNumberSchema);
    const { payee, created } = writeCheck(getDb(), user, params.id ?? "", params.payeeKey ?? "", number);
    return Response.json(payee, { status: created ? 201 : 200 });
  },
});
export const loader = route;
export const action = route;
