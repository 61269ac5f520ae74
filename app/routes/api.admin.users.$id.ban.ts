import { banUser } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** DELETE /api/admin/users/{id}/ban: deactivates, bans the email, ends every session. Never an admin. */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    banUser(getDb(), admin, params.id ?? "");
    return Response.json({ message: "User Banned" });
  },
});
export const loader = route;
export const action = route;
