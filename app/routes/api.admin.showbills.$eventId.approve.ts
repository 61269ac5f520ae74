import { reviewShowbill } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { showbillApprovalSchema } from "~/schemas/admin";

/**
 * PATCH /api/admin/showbills/{eventId}/approve {approved}: approves or
 * rejects, and notifies the creator. On a listed event whose change waits
 * for review it decides the change ("Change Approved" puts it live), as
 * PATCH /api/admin/event-revisions/{eventId} does.
 */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { approved } = await parseJson(request, showbillApprovalSchema);
    return Response.json({ message: reviewShowbill(getDb(), admin, params.eventId ?? "", approved) });
  },
});
export const loader = route;
export const action = route;
