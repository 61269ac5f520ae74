import { createContext, useContext, useEffect, useState } from "react";

/** The live unread count, for screens that refresh when it changes (Notifications). */
export const UnreadCountContext = createContext(0);
export const useLiveUnreadCount = () => useContext(UnreadCountContext);

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
