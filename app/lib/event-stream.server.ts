const HEARTBEAT_MS = 25_000;
const encoder = new TextEncoder();

/** What a stream's owner writes to and ends. */
export type StreamSink = {
  send: (text: string) => void;
  close: () => void;
  isOpen: () => boolean;
};

/**
 * A server-sent-events answer: "retry" first (EventSource reconnects by
 * itself after a dropped connection), a keep-alive comment every 25 s, and
 * `start`'s teardown run once, whether the client leaves, the stream is
 * cancelled or the owner calls `close`. `heartbeat` replaces the plain
 * keep-alive (a stream that must re-check its session on each beat).
 */
export function eventStream(
  request: Request,
  start: (sink: StreamSink) => () => void,
  heartbeat: (sink: StreamSink) => void = (sink) => sink.send(": keep-alive\n\n"),
): Response {
  let cleanup = () => {};
  const stream = new ReadableStream({
    start(controller) {
      let open = true;
      let teardown = () => {};
      const sink: StreamSink = {
        send: (text) => {
          if (open) controller.enqueue(encoder.encode(text));
        },
        close: () => cleanup(),
        isOpen: () => open,
      };
      controller.enqueue(encoder.encode("retry: 3000\n\n"));
      const beat = setInterval(() => heartbeat(sink), HEARTBEAT_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(beat);
        teardown();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      teardown = start(sink);
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive", "X-Accel-Buffering": "no" },
  });
}
