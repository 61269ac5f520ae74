import { deleteClass, updateClass } from "~/features/raceday/classes.server";
import { presentClass } from "~/features/raceday/presenters.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { raceClassPatchSchema } from "~/schemas/raceday";

/**
 * PATCH /api/events/{id}/classes/{classId}: change a class (any of POST's
 * fields). DELETE: remove it with its entries. The producer or an admin;
 * once results are published the money rules and the class stay (409).
 */
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const patch = await parseJson(request, raceClassPatchSchema);
    return Response.json(presentClass(updateClass(getDb(), user, params.id ?? "", params.classId ?? "", patch), { manager: true }));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    deleteClass(getDb(), user, params.id ?? "", params.classId ?? "");
    return Response.json({ message: "Class deleted" });
  },
});
export const loader = route;
export const action = route;
