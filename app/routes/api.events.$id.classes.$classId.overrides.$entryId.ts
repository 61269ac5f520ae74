import { removeOverride, setOverride } from "~/features/raceday/overrides.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { overrideRemovalSchema, payoutOverrideSchema } from "~/schemas/raceday-booth";

/**
 * PUT /api/events/{id}/classes/{classId}/overrides/{entryId}: the producer
 * sets one placing's money (`amountCents`, `reason`); DELETE (`reason`) puts
 * the computed amount back. Both are kept in the event's history, and a
 * published class is published again at once.
 */
const route = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJson(request, payoutOverrideSchema);
    setOverride(getDb(), user, params.id ?? "", params.classId ?? "", params.entryId ?? "", input);
    return Response.json({ entryId: params.entryId, amountCents: input.amountCents, reason: input.reason });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { reason } = await parseJson(request, overrideRemovalSchema);
    removeOverride(getDb(), user, params.id ?? "", params.classId ?? "", params.entryId ?? "", reason);
    return Response.json({ entryId: params.entryId, removed: true });
  },
});
export const loader = route;
export const action = route;
