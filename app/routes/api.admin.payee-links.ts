import { joinPayee, unjoinPayee } from "~/features/books/payeeLinks.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { payeeJoinSchema, payeeUnjoinSchema } from "~/schemas/books";

/**
 * POST /api/admin/payee-links: joins a walk-up payee (`walkUpName`, as the
 * office entered it) to the account with `email`, so the year's winnings
 * count them as one. DELETE (`walkUpName`) undoes it. Administrators only.
 */
const route = apiRoute({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await parseJson(request, payeeJoinSchema);
    return Response.json({ message: "Payee joined", ...joinPayee(getDb(), admin, input) });
  },
  DELETE: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await parseJson(request, payeeUnjoinSchema);
    return Response.json({ message: "Join undone", ...unjoinPayee(getDb(), input.walkUpName) });
  },
});
export const loader = route;
export const action = route;
