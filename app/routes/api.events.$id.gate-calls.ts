import { callToGate } from "~/features/ondeck/gate-calls.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { gateCallSchema } from "~/schemas/ondeck";

/**
 * POST /api/events/{id}/gate-calls (`entryId`): the booth calls the rider
 * on the gate; 201 with `gateCalls` (1 to 3). A fourth is 409: the timer
 * decides. The producer, an admin or a named timer only.
 */
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, gateCallSchema);
    return Response.json(callToGate(getDb(), user, params.id ?? "", input.entryId), { status: 201 });
  },
});
export const loader = route;
export const action = route;
