import { setRunPrivacy } from "~/features/runs/runs.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { runPrivacySchema } from "~/schemas/runs";

/** PATCH /api/run-logs/{id}/privacy {privacy}: the owner only. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { privacy } = await parseJson(request, runPrivacySchema);
    return Response.json(setRunPrivacy(getDb(), user, params.id ?? "", privacy));
  },
});
export const loader = route;
export const action = route;
