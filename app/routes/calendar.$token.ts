import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedOwner } from "~/features/events/calendar-feeds.server";
import { listSaved } from "~/features/events/my-events.server";
import { toIcs } from "~/features/events/ics";
import { config } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { jsonError } from "~/lib/http.server";

/** GET /calendar/{secret}.ics: the saved events of the feed's owner, for phone calendars to subscribe to. */
export async function loader({ params }: LoaderFunctionArgs) {
  const token = (params.token ?? "").replace(/\.ics$/, "");
  const db = getDb();
  const user = token ? feedOwner(db, token) : null;
  if (!user) return jsonError(404, "Calendar feed not found");
  const origin = config().appOrigin;
  const list = listSaved(db, user).map((r) => ({ ...r.event, url: `${origin}/share/event/${r.event.id}` }));
  return new Response(toIcs(list, { name: "Cloverleaf saved events", host: new URL(origin).hostname }), {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=900" },
  });
}
