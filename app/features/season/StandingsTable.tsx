import type { StandingsTable as Table } from "./pages.server";

/**
 * One class and division of a series' standings. Qualified teams carry a
 * "Q" and the words "Qualified" for screen readers, not only a colour; the
 * table scrolls sideways on a narrow phone rather than squeezing names.
 */
export function StandingsTable({ table, linkProfiles = true }: { table: { rows: (Omit<Table["rows"][number], "memberNumber"> & { memberNumber?: string | null })[]; series: Table["series"] }; linkProfiles?: boolean }) {
  if (table.rows.length === 0) return <p className="card mt-3 text-gray-800">No points yet in this division.</p>;
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-gray-200 bg-white print:border-0">
      <table className="w-full min-w-[22rem] text-left text-sm" data-testid="standings">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="px-2 py-2">
              Place
            </th>
            <th scope="col" className="px-2 py-2">
              Rider and horse
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Points
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Races
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Won
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {table.rows.map((r) => (
            <tr key={r.key} className={r.qualified ? "bg-green-50 print:bg-white" : undefined} data-testid="standing-row">
              <td className="px-2 py-2 font-semibold tabular-nums text-gray-900">
                {r.place}
                {r.qualified ? (
                  <span className="ml-1 rounded bg-green-800 px-1 text-xs font-bold text-white print:border print:border-black print:bg-white print:text-black" title="Qualified">
                    Q<span className="sr-only">ualified</span>
                  </span>
                ) : null}
              </td>
              <td className="px-2 py-2">
                {linkProfiles && r.profileUserId ? (
                  <a data-discover href={`/profile/${r.profileUserId}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                    {r.riderName}
                  </a>
                ) : (
                  <span className="font-semibold text-gray-900">{r.riderName}</span>
                )}
                <span className="block text-gray-700">{r.horseName}</span>
                {"memberNumber" in r && r.memberNumber ? <span className="block text-xs text-gray-600">Member {r.memberNumber}</span> : null}
              </td>
              <td className="px-2 py-2 text-right text-base font-bold tabular-nums text-gray-900">{r.points}</td>
              <td className="px-2 py-2 text-right tabular-nums text-gray-800">{r.racesCounted === r.racesEntered ? r.racesCounted : `${r.racesCounted} of ${r.racesEntered}`}</td>
              <td className="px-2 py-2 text-right tabular-nums text-gray-800">{r.money}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the Q means, and the series' rule, under the table. */
export function QualifyNote({ series }: { series: Table["series"] }) {
  const rule = series.qualifyMinRaces > 0 ? `the top ${series.qualifyTop} of each division who ran at least ${series.qualifyMinRaces} ${series.qualifyMinRaces === 1 ? "race" : "races"}` : `the top ${series.qualifyTop} of each division`;
  return (
    <p className="mt-2 text-sm text-gray-700">
      <span className="rounded bg-green-800 px-1 text-xs font-bold text-white print:border print:border-black print:bg-white print:text-black">Q</span> qualified for the finals so far: {rule}.
      {series.bestOf ? ` Each team's best ${series.bestOf} races count.` : " Every race counts."} Races: counted of entered.
    </p>
  );
}

/** The points table riders check their points by, and a members-only series' rule. */
export function PointsNote({ points, division }: { points: Table["points"]; division: number }) {
  return (
    <section aria-labelledby="points-table" className="mt-3 rounded-xl border border-gray-200 bg-white p-3 text-sm text-gray-800">
      <h4 id="points-table" className="font-semibold text-gray-900">
        Points in the {division}D
      </h4>
      <p data-testid="points-table">{points.places}</p>
      {points.members ? <p className="mt-1">{points.members}</p> : null}
    </section>
  );
}
