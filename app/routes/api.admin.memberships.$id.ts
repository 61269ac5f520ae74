import { markMembership, presentOfficeMembership } from "~/features/members/members.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { membershipMarkSchema } from "~/schemas/members";

/** PATCH /api/admin/memberships/{id}: the office marks dues paid (how, a check's number) and the member number. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const input = await parseJson(request, membershipMarkSchema);
    const { membership, year } = markMembership(getDb(), params.id!, input, admin);
    return Response.json({ message: membership.status === "ACTIVE" ? "Dues paid: the membership is active" : "Membership updated", membership: presentOfficeMembership(membership, year) });
  },
});
export const loader = route;
export const action = route;
