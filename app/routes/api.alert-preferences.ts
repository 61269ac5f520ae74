import { alertSettings, updateAlertSettings } from "~/features/alerts/preferences.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { alertPreferencesUpdateSchema } from "~/schemas/alert-channels";

/**
 * GET /api/alert-preferences: `preferences` per kind (match, change,
 * reminder) as `{ email: "instant" | "daily" | "off", push }`, and
 * `emailUnsubscribed`. PUT takes any part of the same and answers the whole.
 */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(alertSettings(getDb(), user));
  },
  PUT: async ({ request }) => {
    const user = await requireApiUser(request);
    const update = await parseJson(request, alertPreferencesUpdateSchema);
    return Response.json(updateAlertSettings(getDb(), user, update));
  },
});
export const loader = route;
export const action = route;
