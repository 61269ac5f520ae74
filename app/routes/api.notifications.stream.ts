import type { LoaderFunctionArgs } from "@remix-run/node";
import { unreadCount } from "~/features/notifications/notifications.server";
import { requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiHandler } from "~/lib/http.server";
import { subscribeUnread } from "~/lib/live.server";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/notifications/stream: server-sent events carrying the unread
 * count, sent at once and on every change. EventSource reconnects by itself
 * after a dropped connection ("retry" tells it how soon).
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const user = await requireApiUser(request);
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const stream = new ReadableStream({
      start(controller) {
        let last = -1;
        const send = () => {
          const count = unreadCount(getDb(), user.id);
          if (count === last) return;
          last = count;
          controller.enqueue(encoder.encode(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`));
        };
        controller.enqueue(encoder.encode("retry: 3000\n\n"));
        send();
        const unsubscribe = subscribeUnread(user.id, send);
        const heartbeat = setInterval(() => controller.enqueue(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS);
        cleanup = () => {
          clearInterval(heartbeat);
          unsubscribe();
          try {
            controller.close();
          } catch {
            // already closed
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
