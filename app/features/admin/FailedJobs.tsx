import { formatDayTimeIn } from "~/lib/dates";
import { useViewerZone } from "~/lib/useShellUser";

type FailedJob = { id: number; kind: string; key: string; attempts: number; lastError: string | null; failedAt: string | Date };

/**
 * Failed deliveries (alert mail, push, digests) on the dashboard, shown only
 * when there are some: one small card each, so a long key or error reads as
 * well on a phone as on a desktop.
 */
export function FailedJobs({ total, jobs }: { total: number; jobs: FailedJob[] }) {
  const zone = useViewerZone();
  if (total === 0) return null;
  return (
    <section className="mt-4 space-y-2" aria-labelledby="failed-jobs-title">
      <h2 id="failed-jobs-title" className="font-bold text-gray-900">
        {`Failed deliveries (${total})`}
      </h2>
      <p className="text-sm text-gray-700">
        Alert emails, digests and pushes that failed after their last retry, or were cut off by a server crash mid-send (never sent again, so no rider gets
        one twice).{total > jobs.length ? ` The newest ${jobs.length} are listed.` : ""}
      </p>
      <ul className="grid gap-2 lg:grid-cols-2" aria-label="Failed deliveries">
        {jobs.map((job) => (
          <li key={job.id} className="card space-y-1 text-sm">
            <p className="flex flex-wrap justify-between gap-x-3 font-semibold text-gray-900">
              <span>{job.kind}</span>
              <span className="font-normal text-gray-700">
                {`${job.attempts} ${job.attempts === 1 ? "attempt" : "attempts"}, ${formatDayTimeIn(job.failedAt, zone)}`}
              </span>
            </p>
            <p>
              <code className="break-all text-xs text-gray-700">{job.key}</code>
            </p>
            <p className="[overflow-wrap:anywhere] text-red-800">{job.lastError ?? "No error recorded"}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
