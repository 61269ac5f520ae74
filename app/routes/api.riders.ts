import { addRider, listRiders } from "~/features/riders/riders.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { riderSchema } from "~/schemas/runs";

/** GET /api/riders (the user's sub-profiles) and POST /api/riders {name}. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(listRiders(getDb(), user.id));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { name } = await parseJson(request, riderSchema);
    return Response.json(addRider(getDb(), user.id, name), { status: 201 });
  },
});
export const loader = route;
export const action = route;
