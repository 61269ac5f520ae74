import { getYear, presentYear, updateYear } from "~/features/members/members.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { membershipYearUpdateSchema } from "~/schemas/members";

/** GET and PATCH /api/admin/membership-years/{id}: a year's dates, kinds and dues. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiAdmin(request);
    return Response.json({ year: presentYear(getYear(getDb(), params.id!)) });
  },
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const input = await parseJson(request, membershipYearUpdateSchema);
    return Response.json({ message: "Membership year updated", year: presentYear(updateYear(getDb(), params.id!, input)) });
  },
});
export const loader = route;
export const action = route;
