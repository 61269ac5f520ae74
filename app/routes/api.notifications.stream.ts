import type { LoaderFunctionArgs } from "@remix-run/node";
import { unreadCount } from "~/features/notifications/notifications.server";
import { readUser, requireApiUser } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { eventStream, type StreamSink } from "~/lib/event-stream.server";
import { apiHandler } from "~/lib/http.server";
import { subscribeUserChange } from "~/lib/live.server";

/**
 * GET /api/notifications/stream: server-sent events carrying the unread
 * count, sent at once and on every change. The stream ends with its session:
 * every signal and heartbeat re-reads it, and signing out, a ban or a
 * password reset signals the user's streams. It also ends when the server
 * stops, so a stream never holds up the shutdown.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  apiHandler(async () => {
    const user = await requireApiUser(request);
    const stillSignedIn = async (sink: StreamSink) => {
      if (sink.isOpen() && (await readUser(request))?.id === user.id) return true;
      sink.close();
      return false;
    };
    let last = -1;
    return eventStream(
      request,
      (sink) => {
        const send = async () => {
          if (!(await stillSignedIn(sink))) return;
          const count = unreadCount(getDb(), user.id);
          if (count === last) return;
          last = count;
          sink.send(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`);
        };
        void send();
        return subscribeUserChange(user.id, () => void send(), sink.close);
      },
      (sink) => void stillSignedIn(sink).then((yes) => yes && sink.send(": keep-alive\n\n")),
    );
  });
