import { Cell, Table } from "./ui";

type FailedJob = { id: number; kind: string; key: string; attempts: number; lastError: string | null; failedAt: string | Date };

const time = (value: string | Date) =>
  new Date(value).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** Failed deliveries (alert mail, push, digests) on the dashboard; shown only when there are some. */
export function FailedJobs({ total, jobs }: { total: number; jobs: FailedJob[] }) {
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
      <Table head={["Kind", "Key", "Attempts", "Last error", "When"]} empty="" label="Failed deliveries">
        {jobs.map((job) => (
          <tr key={job.id}>
            <Cell>{job.kind}</Cell>
            <Cell>
              <code className="text-xs">{job.key}</code>
            </Cell>
            <Cell>{job.attempts}</Cell>
            <Cell wide>{job.lastError ?? "—"}</Cell>
            <Cell>
              <span className="whitespace-nowrap">{time(job.failedAt)}</span>
            </Cell>
          </tr>
        ))}
      </Table>
    </section>
  );
}
