import { endSession } from "~/lib/auth.server";
import { apiRoute } from "~/lib/http.server";

/** POST /api/auth/logout: ends the session (deleting its row) and clears the cookie. */
const route = apiRoute({
  POST: async ({ request }) =>
    Response.json({ message: "Logged out" }, { headers: { "Set-Cookie": await endSession(request) } }),
});
export const loader = route;
export const action = route;
