import { createHorse, horseNameList, listHorseRecords } from "~/features/horses/horses.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { newHorseSchema } from "~/schemas/horses";

/**
 * GET /api/horses: the names of the signed-in rider's active horses (and
 * their favourite), as it always answered. GET /api/horses?view=records: the
 * horse records, retired ones included (`retired: true`).
 * POST /api/horses: add a horse (201); a name the account already uses
 * (ignoring case) answers 409.
 */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const records = new URL(request.url).searchParams.get("view") === "records";
    return Response.json(records ? listHorseRecords(getDb(), user.id) : horseNameList(getDb(), user));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, newHorseSchema);
    return Response.json(await createHorse(getDb(), user, input), { status: 201 });
  },
});
export const loader = route;
export const action = route;
