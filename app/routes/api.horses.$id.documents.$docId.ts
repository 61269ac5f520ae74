import { deletePaper, getPaper, updatePaperDates } from "~/features/horses/papers.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { paperDatesPatchSchema } from "~/schemas/papers";

/**
 * GET /api/horses/{id}/documents/{docId}: one of the owner's papers.
 * PATCH { issuedOn?, expiresOn? } (YYYY-MM-DD, or null to clear): new dates; its reminders move.
 * DELETE: the paper, its file and its pending reminders.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(getPaper(getDb(), user, params.id ?? "", params.docId ?? "").paper);
  },
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const patch = await parseJson(request, paperDatesPatchSchema);
    return Response.json(updatePaperDates(getDb(), user, params.id ?? "", params.docId ?? "", patch));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    deletePaper(getDb(), user, params.id ?? "", params.docId ?? "");
    return Response.json({ message: "Paper deleted" });
  },
});
export const loader = route;
export const action = route;
