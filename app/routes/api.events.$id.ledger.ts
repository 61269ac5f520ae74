import { deviceOf, listLedger, postLedger } from "~/features/books/ledger.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError, parseJson } from "~/lib/http.server";
import { ledgerPostSchema, ledgerQuerySchema } from "~/schemas/ledger";

/**
 * GET /api/events/{id}/ledger: the event's money records, newest first
 * (`?since=` an instant). POST: a record by hand (a fee collected, a refund,
 * a late fee, a charge, a comp). The producer and admins only.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const query = ledgerQuerySchema.safeParse({ since: new URL(request.url).searchParams.get("since") ?? undefined });
    if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? "Bad query", { errors: query.error.flatten().fieldErrors });
    return Response.json(listLedger(getDb(), user, params.id ?? "", query.data.since ? new Date(query.data.since) : null), { headers: { "Cache-Control": "private, no-cache" } });
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, ledgerPostSchema);
    return Response.json(postLedger(getDb(), user, params.id ?? "", input, { device: deviceOf(request) }), { status: 201 });
  },
});
export const loader = route;
export const action = route;
