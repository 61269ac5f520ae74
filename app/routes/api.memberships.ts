import { presentMembership, requestMembership } from "~/features/members/members.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { joinSchema } from "~/schemas/members";

/** POST /api/memberships: the rider (or a guardian, with `riderId`) asks to join a year. */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, joinSchema);
    const { created, membership, year } = requestMembership(getDb(), user, input);
    return Response.json(
      { message: created ? "Asked to join: the office marks your dues paid" : "Already asked to join this year", membership: presentMembership(membership, year) },
      { status: created ? 201 : 200 },
    );
  },
});
export const loader = route;
export const action = route;
