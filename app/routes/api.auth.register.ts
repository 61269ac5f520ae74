import { registerUser } from "~/features/auth/auth.server";
import { limitRegistration } from "~/features/auth/limits.server";
import { presentCurrentUser } from "~/features/auth/presenters.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { registerSchema } from "~/schemas/auth";

/** POST /api/auth/register: creates an unverified account and mails the verification link. */
const route = apiRoute({
  POST: async ({ request, context }) => {
    const input = await parseJson(request, registerSchema);
    limitRegistration(context.clientIp, input.email);
    const user = await registerUser(getDb(), input);
    return Response.json(presentCurrentUser(user), { status: 201 });
  },
});
export const loader = route;
export const action = route;
