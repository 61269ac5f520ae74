import { myReceipts } from "~/features/books/ledger.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/me/receipts: the signed-in rider's entries with what was paid, when, how, to whom, and any refund. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(myReceipts(getDb(), user), { headers: { "Cache-Control": "private, no-cache" } });
  },
});
export const loader = route;
export const action = route;
