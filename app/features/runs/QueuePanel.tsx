import type { QueuedRun } from "./offlineQueue";
import { PendingRuns } from "./PendingRuns";
import { useRunQueue } from "./useRunQueue";

/**
 * "On this phone": the runs kept on the phone, and the sync that sends them.
 * Loaded by the run log only when runs wait on this phone or the rider keeps one.
 */
export default function QueuePanel({ userId, kept, onFix }: { userId: string; kept: number; onFix: (run: QueuedRun) => void }) {
  return <PendingRuns queue={useRunQueue(userId, kept)} onFix={onFix} />;
}
