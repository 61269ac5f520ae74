import type { LoaderFunctionArgs } from "@remix-run/node";
import { findRaceEvent } from "~/features/raceday/access.server";
import { openLiveStream } from "~/features/raceday/live.server";
import { getUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiHandler } from "~/lib/http.server";
import { subscribeRaceChange } from "~/lib/live.server";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events/{id}/live: server-sent events carrying the event's live
 * view (the last runs, the leaders, who is on deck) at once and after every
 * change, for anyone who may see the event. EventSource reconnects by
 * itself after a dropped connection. The stream ends when the server stops.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const db = getDb();
    const event = findRaceEvent(db, await getUser(request), params.id ?? "");
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const stream = new ReadableStream({
      start(controller) {
        let open = true;
        const send = (text: string) => {
          if (open) controller.enqueue(encoder.encode(text));
        };
        controller.enqueue(encoder.encode("retry: 3000\n\n"));
        const close = openLiveStream(db, event.id, send);
        // Only to end with the process: the hub above carries the changes.
        const unsubscribe = subscribeRaceChange(event.id, () => {}, () => cleanup());
        const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
        cleanup = () => {
          if (!open) return;
          open = false;
          clearInterval(heartbeat);
          close();
          unsubscribe();
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        };
        request.signal.addEventListener("abort", () => cleanup(), { once: true });
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  });
