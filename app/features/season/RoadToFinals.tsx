import type { RoadLine } from "./pages.server";

/**
 * A rider's (or a horse's) road to the finals: per series, class and
 * division, the place, points, races still needed and the points to the cut
 * line, in one sentence each. Nothing shows when there is nothing to say.
 */
export function RoadToFinals({ road, showHorse = true }: { road: RoadLine[]; showHorse?: boolean }) {
  if (road.length === 0) return null;
  const bySeries = new Map<string, RoadLine[]>();
  for (const line of road) bySeries.set(line.seriesName, [...(bySeries.get(line.seriesName) ?? []), line]);
  return (
    <section className="card" aria-labelledby="road-to-finals" data-testid="road-to-finals">
      <h2 id="road-to-finals" className="text-lg font-bold text-gray-900">
        Road to the finals
      </h2>
      {[...bySeries].map(([name, lines]) => (
        <div key={name} className="mt-2">
          <h3 className="font-semibold text-gray-900">{name}</h3>
          <ul className="mt-1 space-y-2">
            {lines.map((l) => (
              <li key={l.key}>
                <a data-discover href={l.url} className="block rounded-lg bg-brand-50 p-2 hover:bg-brand-100">
                  <span className="block text-sm font-semibold text-gray-800">
                    {l.className}
                    {showHorse ? ` · ${l.horseName}` : ""}
                    {l.qualified ? <span className="ml-2 rounded bg-green-800 px-1 text-xs font-bold text-white">Qualified</span> : null}
                  </span>
                  <span className="block text-gray-900">{l.text}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
