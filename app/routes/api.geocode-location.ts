import { requireApiUser } from "~/lib/auth.server";
import { lookupCityState, lookupZip } from "~/lib/gazetteer.server";
import { apiRoute, HttpError, parseJson } from "~/lib/http.server";
import { geocodeSchema } from "~/schemas/api";

/** POST /api/geocode-location {address} -> {zipCode, city, state}: offline, from the ZIP gazetteer. */
const route = apiRoute({
  POST: async ({ request }) => {
    await requireApiUser(request);
    const { address } = await parseJson(request, geocodeSchema);
    const zip = /\b(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1];
    const place = (zip ? lookupZip(zip) : null) ?? lookupCityState(address);
    if (!place) throw new HttpError(404, "Location not found");
    return Response.json({ zipCode: place.zip, city: place.city, state: place.state });
  },
});
export const loader = route;
export const action = route;
