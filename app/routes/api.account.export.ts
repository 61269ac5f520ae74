import { exportAccount } from "~/features/settings/settings.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiRoute } from "~/lib/http.server";

/** GET /api/account/export: everything kept about the signed-in rider, as a JSON download. */
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return new Response(JSON.stringify(exportAccount(getDb(), user), null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="cloverleaf-data-${new Date().toISOString().slice(0, 10)}.json"`,
        "Cache-Control": "no-store",
      },
    });
  },
});
export const loader = route;
export const action = route;
