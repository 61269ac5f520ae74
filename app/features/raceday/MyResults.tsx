import type { MyResults } from "./results.server";

/** My Events' "My results": the rider's latest official results, each linking to its class's published page. */
export function MyResultsSection({ results }: { results: MyResults }) {
  if (!results.length) return null;
  return (
    <section className="card space-y-2" aria-labelledby="my-race-results">
      <h2 id="my-race-results" className="font-bold text-gray-900">
        My results
      </h2>
      <ul className="divide-y divide-gray-200 text-sm">
        {results.map((r) => (
          <li key={r.entryId} className="py-2" data-testid="my-events-result">
            <a data-discover href={`/events/${r.eventId}/results/${r.classId}`} className="block min-h-[44px]">
              <span className="block font-semibold text-gray-900">
                {r.eventName} · {r.className}
              </span>
              <span className="block text-gray-700">
                {[r.horseName, r.time, r.placing, r.payout].filter(Boolean).join(" · ")}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
