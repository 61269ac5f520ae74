import { changePassword } from "~/features/settings/settings.server";
import { requireApiUser, startSession } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { changePasswordApiSchema } from "~/schemas/auth";

/**
 * POST /api/auth/change-password {currentPassword, newPassword}: Settings'
 * change of password for API clients, by the same server function (wrong
 * current passwords limited, 429 past the allowance; the current one
 * refused as the new one; every other session ended; the owner told by
 * email). Answers a fresh session cookie for this device.
 */
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { currentPassword, newPassword } = await parseJson(request, changePasswordApiSchema);
    await changePassword(getDb(), user, currentPassword, newPassword);
    const cookie = await startSession(request, user.id);
    return Response.json({ message: "Password changed. Your other devices were signed out." }, { headers: { "Set-Cookie": cookie } });
  },
});
export const loader = route;
export const action = route;
