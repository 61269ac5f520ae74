import { csvResponse } from "~/features/books/csv";
import { winningsYear } from "~/features/books/winnings-query.server";
import { winningsCsv, yearWinnings } from "~/features/books/winnings.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/admin/winnings.csv?year=YYYY: the same report as a spreadsheet. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const year = winningsYear(request);
    return csvResponse(winningsCsv(yearWinnings(getDb(), year)), `winnings-${year}`);
  },
});
export const loader = route;
export const action = route;
