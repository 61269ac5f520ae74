import type { LoaderFunctionArgs } from "@remix-run/node";
import { unreadCount } from "~/features/notifications/notifications.server";
import { readUser, requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { apiHandler } from "~/lib/http.server";
import { subscribeUserChange } from "~/lib/live.server";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/notifications/stream: server-sent events carrying the unread
 * count, sent at once and on every change. EventSource reconnects by itself
 * after a dropped connection ("retry" tells it how soon). The stream ends with
 * its session: every signal and heartbeat re-reads it, and signing out, a ban
 * or a password reset signals the user's streams. It also ends when the
 * server stops, so a stream never holds up the shutdown.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const user = await requireApiUser(request);
    const encoder = new TextEncoder();
    let open = true;
    let cleanup = () => {};
    const stream = new ReadableStream({
      start(controller) {
        let last = -1;
        const stillSignedIn = async () => {
          if (open && (await readUser(request))?.id === user.id) return true;
          cleanup();
          return false;
        };
        const send = async () => {
          if (!(await stillSignedIn())) return;
          const count = unreadCount(getDb(), user.id);
          if (count === last) return;
          last = count;
          controller.enqueue(encoder.encode(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`));
        };
        const keepAlive = async () => {
          if (await stillSignedIn()) controller.enqueue(encoder.encode(": keep-alive\n\n"));
        };
        controller.enqueue(encoder.encode("retry: 3000\n\n"));
        void send();
        const unsubscribe = subscribeUserChange(user.id, () => void send(), () => cleanup());
        const heartbeat = setInterval(() => void keepAlive(), HEARTBEAT_MS);
        cleanup = () => {
          if (!open) return;
          open = false;
          clearInterval(heartbeat);
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
