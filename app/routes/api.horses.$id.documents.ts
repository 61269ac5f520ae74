import { addPaper, listPapers, ownedHorse } from "~/features/horses/papers.server";
import { readPaperForm } from "~/features/horses/paperForm.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";
import { paperSchema } from "~/schemas/papers";

/**
 * GET /api/horses/{id}/documents: the owner's papers of their horse.
 * POST (multipart: kind, issuedOn, expiresOn, file): adds one (201).
 * Another account's horse answers 404, like a missing one.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(listPapers(getDb(), user, params.id ?? ""));
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const db = getDb();
    const horseId = params.id ?? "";
    // Before reading the body: nothing of a file for someone else's horse is taken in.
    ownedHorse(db, user, horseId);
    const { form, file } = await readPaperForm(request);
    const parsed = paperSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      throw new HttpError(400, parsed.error.issues[0]?.message ?? "Invalid paper", { errors: parsed.error.flatten().fieldErrors });
    }
    return Response.json(await addPaper(db, user, horseId, parsed.data, file), { status: 201 });
  },
});
export const loader = route;
export const action = route;
