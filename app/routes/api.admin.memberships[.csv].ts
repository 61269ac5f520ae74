import { exportMembers } from "~/features/members/csv.server";
import { getYear } from "~/features/members/members.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";
import { MEMBER_MESSAGES } from "~/schemas/members";

/** GET /api/admin/memberships.csv?yearId=: the year's member list, in the import's columns. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const yearId = new URL(request.url).searchParams.get("yearId") ?? "";
    if (!yearId) throw new HttpError(400, MEMBER_MESSAGES.yearId);
    const db = getDb();
    const year = getYear(db, yearId);
    const file = `members ${year.name}`.replace(/[^\w .-]+/g, "").trim();
    return new Response(exportMembers(db, year), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file}.csv"`, "Cache-Control": "private, no-store" },
    });
  },
});
export const loader = route;
export const action = route;
