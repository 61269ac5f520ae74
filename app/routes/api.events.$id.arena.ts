import type { LoaderFunctionArgs } from "@remix-run/node";
import { openArenaStream } from "~/features/ondeck/arena.server";
import { findRaceEvent } from "~/features/raceday/access.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { eventStream } from "~/lib/event-stream.server";
import { apiHandler } from "~/lib/http.server";
import { subscribeRaceChange } from "~/lib/live.server";

/**
 * GET /api/events/{id}/arena: server-sent events (`event: arena`) carrying
 * the arena screen's view at once and after every change at the booth, for
 * anyone who may see the event (no sign-in for an approved one). The
 * stream ends when the server stops; EventSource reconnects by itself.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const db = getDb();
    const event = findRaceEvent(db, await getUser(request), params.id ?? "");
    return eventStream(request, (sink) => {
      const close = openArenaStream(db, event.id, sink.send);
      const unsubscribe = subscribeRaceChange(event.id, () => {}, sink.close);
      return () => {
        close();
        unsubscribe();
      };
    });
  });
