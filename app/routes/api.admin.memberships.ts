import { officeList, presentOfficeMembership } from "~/features/members/members.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";
import { membershipListQuery } from "~/schemas/members";

/** GET /api/admin/memberships?yearId=&status=: the office's list of a year. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const url = new URL(request.url);
    const query = membershipListQuery.safeParse({ yearId: url.searchParams.get("yearId") ?? "", status: url.searchParams.get("status") || undefined });
    if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? "Invalid request");
    const { year, rows } = officeList(getDb(), query.data.yearId, query.data.status);
    return Response.json({ memberships: rows.map((m) => presentOfficeMembership(m, year)) });
  },
});
export const loader = route;
export const action = route;
