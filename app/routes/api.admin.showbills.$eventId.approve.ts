import { setShowbillApproval } from "~/features/admin/admin.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { showbillApprovalSchema } from "~/schemas/admin";

/** PATCH /api/admin/showbills/{eventId}/approve {approved}: approves or rejects, and notifies the creator. */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { approved } = await parseJson(request, showbillApprovalSchema);
    setShowbillApproval(getDb(), admin, params.eventId ?? "", approved);
    return Response.json({ message: approved ? "Showbill Approved" : "Showbill Rejected" });
  },
});
export const loader = route;
export const action = route;
