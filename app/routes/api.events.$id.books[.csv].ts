import { booksCsv, booksOf } from "~/features/books/books.server";
import { csvResponse, fileNameOf } from "~/features/books/csv";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/events/{id}/books.csv: every entry, one line each, with its fee and how it was paid. */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const books = booksOf(getDb(), user, params.id ?? "");
    return csvResponse(booksCsv(books), fileNameOf(`${books.event.name} books`, "books"));
  },
});
export const loader = route;
export const action = route;
