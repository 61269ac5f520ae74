import { eventMoneyRules, setMoneyRules } from "~/features/books/ledger.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { moneyRulesSchema } from "~/schemas/ledger";

/**
 * GET /api/events/{id}/money-rules: the event's scratch policy and late fee.
 * PUT: all five set at once. The producer and admins only.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(eventMoneyRules(getDb(), user, params.id ?? ""), { headers: { "Cache-Control": "private, no-cache" } });
  },
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, moneyRulesSchema);
    return Response.json(setMoneyRules(getDb(), user, params.id ?? "", input));
  },
});
export const loader = route;
export const action = route;
