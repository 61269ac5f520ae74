import { createYear, listYears, presentYear } from "~/features/members/members.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { membershipYearSchema } from "~/schemas/members";

/** GET /api/admin/membership-years (the years, newest first) and POST (a new year with its kinds and dues). */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json({ years: listYears(getDb()).map(presentYear) });
  },
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await parseJson(request, membershipYearSchema);
    return Response.json({ message: "Membership year created", year: presentYear(createYear(getDb(), input)) }, { status: 201 });
  },
});
export const loader = route;
export const action = route;
