import { INVALID_RESET_LINK, isResetTokenValid } from "~/features/auth/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, jsonError } from "~/lib/http.server";

/** GET /api/auth/validate-reset-token/{token}: 200 when usable, 400 otherwise. */
const route = apiRoute({
  GET: ({ params }) =>
    isResetTokenValid(getDb(), params.token ?? "")
      ? Response.json({ valid: true })
      : jsonError(400, INVALID_RESET_LINK, { valid: false }),
});
export const loader = route;
export const action = route;
