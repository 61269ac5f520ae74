import type { MyRun } from "./ondeck.server";

const TONE: Record<MyRun["status"], string> = {
  WAITING: "text-brand-800",
  ON_DECK: "text-amber-800",
  ON_THE_GATE: "text-red-800",
  RAN: "text-gray-600",
  SCRATCHED: "text-gray-500",
};

/** "12 runs out · about 2:40 PM" (and a gate call, and running late), for the rider's own run. */
export function PlaceInLine({ run }: { run: MyRun }) {
  return (
    <span className={`block font-semibold ${TONE[run.status]}`} data-testid="place-in-line">
      {run.status === "ON_DECK" ? "On deck: " : ""}
      {run.summary}
      {run.gateCalls && (run.status === "ON_THE_GATE" || run.status === "ON_DECK") ? ` · Gate call ${run.gateCalls} of 3` : ""}
      {run.behindMinutes && run.status !== "RAN" && run.status !== "SCRATCHED" ? <span className="block text-sm font-normal text-gray-700">{`Running late: ${run.behindMinutes} min behind the posted start`}</span> : null}
    </span>
  );
}

/** "Find my run": the account's runs of one event, for the live page and the event's page. */
export function MyRunsCard({ runs, title = "Find my run" }: { runs: MyRun[]; title?: string }) {
  if (!runs.length) return null;
  return (
    <section className="card" aria-labelledby="find-my-run" data-testid="my-runs">
      <h2 id="find-my-run" className="font-bold text-gray-900">
        {title}
      </h2>
      <ul className="mt-1 divide-y divide-gray-100 text-sm">
        {runs.map((r) => (
          <li key={r.entryId} className="py-2">
            <span className="block text-gray-900">
              {r.backNumber !== null ? `#${r.backNumber} ` : ""}
              {r.riderName} on {r.horseName} · {r.className}
            </span>
            <PlaceInLine run={r} />
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-gray-600">Only you see your estimate. It follows the booth&apos;s pace.</p>
    </section>
  );
}
