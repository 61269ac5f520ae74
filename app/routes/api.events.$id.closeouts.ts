import { eventCloseouts } from "~/features/books/books.server";
import { closeDay } from "~/features/books/ledger.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { closeDaySchema } from "~/schemas/ledger";

/**
 * GET /api/events/{id}/closeouts: each day's close-out by who took the
 * money, closed or open, with its history. POST `day`: the day closed as it
 * stands (a later record for it reopens it). The producer and admins only.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(eventCloseouts(getDb(), user, params.id ?? ""), { headers: { "Cache-Control": "private, no-cache" } });
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { day } = await parseJson(request, closeDaySchema);
    const db = getDb();
    const { created } = closeDay(db, user, params.id ?? "", day);
    const days = eventCloseouts(db, user, params.id ?? "").days;
    return Response.json(days.find((d) => d.day === day), { status: created ? 201 : 200 });
  },
});
export const loader = route;
export const action = route;
