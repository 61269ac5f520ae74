import { winningsYear } from "~/features/books/winnings-query.server";
import { yearWinnings } from "~/features/books/winnings.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/winnings?year=YYYY: each payee's total for the year, with `taxFormDue` (administrators). */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(yearWinnings(getDb(), winningsYear(request)), { headers: { "Cache-Control": "private, no-cache" } });
  },
});
export const loader = route;
export const action = route;
