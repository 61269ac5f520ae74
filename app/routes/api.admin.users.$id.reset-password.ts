import { resetUserPassword } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { adminPasswordSchema } from "~/schemas/admin";

/** POST /api/admin/users/{id}/reset-password {newPassword}: at least 6 characters; ends the user's sessions. */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { newPassword } = await parseJson(request, adminPasswordSchema);
    await resetUserPassword(getDb(), admin, params.id ?? "", newPassword);
    return Response.json({ message: "Password Reset" });
  },
});
export const loader = route;
export const action = route;
