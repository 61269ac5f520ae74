import { drawClass, drawnOrder, publishedDraw } from "~/features/raceday/draw.server";
import { presentClass } from "~/features/raceday/presenters.server";
import { getUser, requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceDrawSchema } from "~/schemas/raceday";

/**
 * GET /api/events/{id}/classes/{classId}/draw: the published order (public
 * for an approved event; 404 until published): position, back number,
 * rider, horse, drags before each run, and the seed for the audit.
 * POST: draw (a new seed, or `seed` to draw the same again), `minGap`,
 * `dragEvery`, `publish: true` to publish; the producer or an admin.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const viewer = await getUser(request);
    return Response.json(publishedDraw(getDb(), viewer, params.id ?? "", params.classId ?? ""));
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, raceDrawSchema);
    const db = getDb();
    const cls = drawClass(db, user, params.id ?? "", params.classId ?? "", input);
    return Response.json({ class: presentClass(cls, { manager: true }), seed: cls.drawSeed, published: Boolean(cls.drawPublishedAt), order: drawnOrder(db, cls.id) });
  },
});
export const loader = route;
export const action = route;
