import { deleteHorse, getHorse, updateHorse } from "~/features/horses/horses.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { horsePatchSchema } from "~/schemas/horses";

/**
 * GET /api/horses/{id}: one horse. PATCH: change any of its fields
 * (`retired: true|false` retires or brings it back, `shared` publishes its
 * record, `photoUrl` an image uploaded with ?kind=horse, null removes it).
 * DELETE: the horse goes, its runs stay, unlinked. The owner only; anyone
 * else's horse answers 404 like a missing one.
 */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json(getHorse(getDb(), user.id, params.id ?? ""));
  },
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, horsePatchSchema);
    return Response.json(await updateHorse(getDb(), user, params.id ?? "", input));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    deleteHorse(getDb(), user, params.id ?? "");
    return Response.json({ message: "Horse deleted" });
  },
});
export const loader = route;
export const action = route;
