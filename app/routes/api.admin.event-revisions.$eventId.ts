import { reviewRevision } from "~/features/events/revisions.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { showbillApprovalSchema } from "~/schemas/admin";

/**
 * PATCH /api/admin/event-revisions/{eventId} {approved}: approving puts the
 * change live; rejecting discards it (the event stays listed as it was).
 * Either way the creator is notified.
 */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { approved } = await parseJson(request, showbillApprovalSchema);
    reviewRevision(getDb(), admin, params.eventId ?? "", approved);
    return Response.json({ message: approved ? "Change Approved" : "Change Rejected" });
  },
});
export const loader = route;
export const action = route;
