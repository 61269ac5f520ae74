import { getVisibleEvent } from "~/features/events/visibility.server";
import { toIcs } from "~/features/events/ics";
import { getUser } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { apiRoute, HttpError } from "~/lib/http.server";

/** GET /api/events/{id}/ics: one event as a downloadable .ics file (public for approved events, like the share page). */
const route = apiRoute({
  GET: async ({ request, params }) => {
    const event = getVisibleEvent(getDb(), params.id ?? "", await getUser(request));
    if (!event) throw new HttpError(404, "Event not found");
    const origin = config().appOrigin;
    const body = toIcs([{ ...event, url: `${origin}/share/event/${event.id}` }], { name: event.name, host: new URL(origin).hostname });
    const file = event.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "event";
    return new Response(body, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file}.ics"`,
        "Cache-Control": "private, no-cache",
      },
    });
  },
});
export const loader = route;
export const action = route;
