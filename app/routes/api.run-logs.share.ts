import { shareRun } from "~/features/social/sharing.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { shareRunSchema } from "~/schemas/social";

/** POST /api/run-logs/share {runLogId, targetUserId}: share one's own public run with a rider. */
const route = apiRoute({
  POST: async ({ request }) => {
    const viewer = await requireApiUser(request);
    const { runLogId, targetUserId } = await parseJson(request, shareRunSchema);
    shareRun(getDb(), viewer, runLogId, targetUserId);
    return Response.json({ message: "Run Shared!" });
  },
});
export const loader = route;
export const action = route;
