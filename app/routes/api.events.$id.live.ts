import type { LoaderFunctionArgs } from "@remix-run/node";
import { findRaceEvent } from "~/features/raceday/access.server";
import { openLiveStream } from "~/features/raceday/live.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { eventStream } from "~/lib/event-stream.server";
import { apiHandler } from "~/lib/http.server";
import { subscribeRaceChange } from "~/lib/live.server";

/**
 * GET /api/events/{id}/live: server-sent events carrying the event's live
 * view (the last runs, the leaders, who is on deck) at once and after every
 * change, for anyone who may see the event. The stream ends when the server stops.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const db = getDb();
    const event = findRaceEvent(db, await getUser(request), params.id ?? "");
    return eventStream(request, (sink) => {
      const close = openLiveStream(db, event.id, sink.send);
      // Only to end with the process: the hub in live.server.ts carries the changes.
      const unsubscribe = subscribeRaceChange(event.id, () => {}, sink.close);
      return () => {
        close();
        unsubscribe();
      };
    });
  });
