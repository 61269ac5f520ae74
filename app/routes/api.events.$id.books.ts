import { booksOf, presentBooks } from "~/features/books/books.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/events/{id}/books: the event's books per class and in all (producer and admins). */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(presentBooks(booksOf(getDb(), user, params.id ?? "")), { headers: { "Cache-Control": "private, no-cache" } });
  },
});
export const loader = route;
export const action = route;
