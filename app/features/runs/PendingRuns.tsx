import { formatRunTime } from "~/schemas/run-basics";
import { useOnline } from "~/lib/useOnline";
import type { QueuedRun } from "./offlineQueue";
import type { RunQueue } from "./useRunQueue";

function status(run: QueuedRun, queue: RunQueue) {
  if (run.refused) return { label: "Not sent", tone: "bg-red-100 text-red-900" };
  if (queue.sending === run.clientId) {
    const label = queue.progress !== null ? `Uploading video… ${queue.progress}%` : "Sending…";
    return { label, tone: "bg-blue-100 text-blue-900" };
  }
  return { label: "Waiting to sync", tone: "bg-amber-100 text-amber-900" };
}

/**
 * Runs kept on this phone that the server does not have yet: waiting to
 * sync, being sent, or refused by the server (with its message).
 */
export function PendingRuns({ queue, onFix }: { queue: RunQueue; onFix: (run: QueuedRun) => void }) {
  const online = useOnline();
  if (queue.runs.length === 0) return null;
  const waiting = queue.runs.filter((run) => !run.refused).length;
  return (
    <section aria-labelledby="pending-title" className="space-y-2">
      <h2 id="pending-title" className="text-base font-bold text-gray-900">
        On this phone ({queue.runs.length})
      </h2>
      {waiting > 0 ? (
        <p className="text-sm text-gray-700">
          {online
            ? "Sending to Cloverleaf. Keep this page open; they also go out the next time you open the Run Log."
            : queue.runs.some((run) => run.inMemory)
              ? "You're offline. These runs are sent when the connection returns; keep this page open."
              : "You're offline. These runs are kept on this phone and sent when the connection returns."}
        </p>
      ) : null}
      <ul className="space-y-2" aria-live="polite">
        {queue.runs.map((run) => {
          const { label, tone } = status(run, queue);
          const f = run.fields;
          return (
            <li key={run.clientId} className="card border-dashed" data-testid="pending-run">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-lg font-bold text-gray-900">{f.horseName || f.arenaName}</p>
                  <p className="truncate text-sm text-gray-700">
                    {f.horseName ? `${f.arenaName} · ` : ""}
                    {f.arenaType === "indoor" ? "Indoor" : "Outdoor"}
                    {f.horseName ? "" : " · no horse"}
                  </p>
                  <p className="text-xs text-gray-600">
                    Logged {new Date(run.queuedAt).toLocaleString(undefined, { weekday: "short", hour: "numeric", minute: "2-digit" })}
                    {run.video ? " · video to upload" : f.videoUrl ? " · video" : ""}
                  </p>
                </div>
                <p className="shrink-0 text-right text-2xl font-extrabold tabular-nums text-gray-500">{formatRunTime(f.time)}</p>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-2">
                <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${tone}`}>{label}</span>
                {run.refused ? (
                  <span className="ml-auto flex gap-2">
                    <button type="button" className="btn-secondary" onClick={() => onFix(run)}>
                      Fix and Send
                    </button>
                    <button type="button" className="btn-ghost text-red-700 hover:bg-red-50" onClick={() => void queue.discard(run.clientId)}>
                      Discard
                    </button>
                  </span>
                ) : null}
              </div>
              {run.refused ? <p className="mt-1 text-sm text-red-800">The server did not take this run: {run.refused}</p> : null}
              {run.inMemory ? <p className="mt-1 text-sm text-red-800">Not kept on this phone (storage is full): keep this page open until it is sent.</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
