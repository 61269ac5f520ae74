import { booksSettings, setBooksSettings } from "~/features/books/settings.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, parseJson } from "~/lib/http.server";
import { booksSettingsSchema } from "~/schemas/books";

/** GET/PATCH /api/admin/settings: `taxFormThresholdCents`, the yearly amount at which a payee gets a tax form. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return Response.json(booksSettings(getDb()));
  },
  PATCH: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await parseJson(request, booksSettingsSchema);
    return Response.json(setBooksSettings(getDb(), admin, input));
  },
});
export const loader = route;
export const action = route;
