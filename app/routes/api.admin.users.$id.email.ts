import { changeUserEmail } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { adminEmailSchema } from "~/schemas/admin";

/** PATCH /api/admin/users/{id}/email {newEmail}: must contain @ and be unused. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { newEmail } = await parseJson(request, adminEmailSchema);
    changeUserEmail(getDb(), admin, params.id ?? "", newEmail);
    return Response.json({ message: "Email Updated" });
  },
});
export const loader = route;
export const action = route;
