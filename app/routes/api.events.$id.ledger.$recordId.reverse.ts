import { deviceOf, reverseRecord } from "~/features/books/ledger.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError, parseJson } from "~/lib/http.server";
import { ledgerReverseSchema } from "~/schemas/ledger";

/** POST /api/events/{id}/ledger/{recordId}/reverse: `reason`; a new record with the opposite amount (nothing is edited or deleted). */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { reason } = await parseJson(request, ledgerReverseSchema);
    const id = Number(params.recordId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, "Record not found");
    return Response.json(reverseRecord(getDb(), user, params.id ?? "", id, reason, { device: deviceOf(request) }), { status: 201 });
  },
});
export const loader = route;
export const action = route;
