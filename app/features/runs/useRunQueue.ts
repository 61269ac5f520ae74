import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "~/components/Toaster";
import { keepOfflineCopyFresh, QUEUE_CHANNEL, queueAvailable, queuedRuns, removeQueuedRun, syncQueuedRuns, type QueuedRun } from "./offlineQueue";

/** How often waiting runs are tried again while the page is open (besides "online" and page load). */
const RETRY_EVERY_MS = 20_000;

export type RunQueue = {
  runs: QueuedRun[];
  sending: string | null;
  progress: number | null;
  discard: (clientId: string) => Promise<void>;
};

/**
 * The run-log screen's view of the rider's queued runs, and the triggers
 * that send them. `kept` changes each time the form keeps a run: it is
 * listed and sent at once.
 */
export function useRunQueue(userId: string, kept: number): RunQueue {
  const [runs, setRuns] = useState<QueuedRun[]>([]);
  const [sending, setSending] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const warnedSignedOut = useRef(false);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const refresh = useCallback(async () => {
    setRuns(await queuedRuns(userId));
  }, [userId]);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    const { sent, refused, signedOut } = await syncQueuedRuns(userId, { onSending: setSending, onProgress: setProgress }).catch(() => ({
      sent: 0,
      refused: [],
      signedOut: false,
    }));
    await refresh().catch(() => {});
    if (sent > 0) {
      showToast({ type: "success", title: "Run Logged", description: sent > 1 ? `${sent} runs sent.` : undefined });
      revalidate.current();
      keepOfflineCopyFresh();
    }
    if (signedOut && !warnedSignedOut.current) {
      warnedSignedOut.current = true; // once per page, not at every retry
      showToast({ type: "error", title: "Not signed in", description: "Sign in again to send the runs waiting on this phone." });
    }
    for (const run of refused) {
      showToast({ type: "error", title: "Failed to add run log. Please try again.", description: run.refused });
    }
  }, [userId, refresh]);

  useEffect(() => {
    let live = true;
    void queueAvailable().then(async (ok) => {
      if (!live || !ok) return;
      await refresh();
      await sync();
    });
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(QUEUE_CHANNEL);
    if (channel) channel.onmessage = () => void refresh();
    return () => {
      live = false;
      window.removeEventListener("online", onOnline);
      channel?.close();
    };
  }, [refresh, sync]);

  const waiting = runs.some((run) => !run.refused);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void sync(), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, sync]);

  useEffect(() => {
    if (kept > 0) void refresh().then(sync).catch(() => {});
  }, [kept, refresh, sync]);

  const discard = useCallback(
    async (clientId: string) => {
      await removeQueuedRun(clientId);
      await refresh();
    },
    [refresh],
  );

  return { runs, sending, progress, discard };
}
