import { useEffect, useState } from "react";

/**
 * The unread count from the server HTML, then live from the notification
 * stream. EventSource reconnects by itself after a dropped connection.
 */
export function useUnreadCount(initial: number, enabled: boolean) {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/notifications/stream");
    const onUnread = (e: MessageEvent<string>) => setCount(JSON.parse(e.data).count);
    source.addEventListener("unread", onUnread as EventListener);
    return () => source.close();
  }, [enabled]);
  return count;
}
