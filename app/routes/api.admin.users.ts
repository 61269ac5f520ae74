import { searchUsers } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";
import { userSearchSchema } from "~/schemas/admin";

/** GET /api/admin/users?q=&page=: paged search by email or name prefix. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const parsed = userSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    return Response.json(searchUsers(getDb(), parsed.data.q, parsed.data.page));
  },
});
export const loader = route;
export const action = route;
