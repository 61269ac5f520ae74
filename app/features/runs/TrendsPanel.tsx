import { formatDayIn } from "~/lib/dates";
import { PersonIcon } from "./icons";
import { TimeChart } from "./TimeChart";
import type { ConditionFigure, Trends } from "./trends";

export type TrendScope = { kind: "horse" | "rider"; label: string; horseId?: string };
export type TrendChoice = { kind: "horse" | "rider"; label: string; to: string; active: boolean };

function Tile({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="rounded-xl bg-brand-50 p-3" data-testid={testId}>
      <p className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</p>
      <p className="mt-0.5 text-2xl font-extrabold tabular-nums text-gray-900">{value}</p>
      {detail ? <p className="truncate text-xs text-gray-700">{detail}</p> : null}
    </div>
  );
}

const runs = (n: number) => `${n} ${n === 1 ? "run" : "runs"}`;

/** Best and average time under each value of one condition, with the runs each rests on. */
function ConditionTable({ title, figures, testId }: { title: string; figures: ConditionFigure[]; testId: string }) {
  if (!figures.length) return null;
  return (
    <div data-testid={testId}>
      <h4 className="mt-2 text-sm font-semibold text-gray-800">{title}</h4>
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{title}</th>
            <th scope="col">Best</th>
            <th scope="col">Average</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {figures.map((f) => (
            <tr key={f.label}>
              <th scope="row" className="w-full max-w-0 truncate py-1.5 pr-2 text-left font-normal text-gray-800">
                {`${f.label} `}
                <span className="text-xs text-gray-500">{`(${runs(f.runs)})`}</span>
              </th>
              <td className="whitespace-nowrap py-1.5 pr-2 text-right font-bold tabular-nums text-gray-900">{`${f.best}s`}</td>
              <td className="whitespace-nowrap py-1.5 text-right tabular-nums text-gray-700">{`avg ${f.average.toFixed(2)}s`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * History and trends of one horse or rider, readable at a glance on a phone.
 * Loaded as an island (app/components/Island.tsx): plain links, no router.
 */
export default function TrendsPanel({ scope, trends, choices, zone }: { scope: TrendScope; trends: Trends; choices: TrendChoice[]; zone: string }) {
  const pb = trends.personalBest;
  return (
    <section className="card" aria-labelledby="trends-title">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="trends-title" className="text-lg font-bold text-gray-900">
          {`${scope.label} `}
          <span className="text-sm font-normal text-gray-600">{`· ${scope.kind === "horse" ? "horse" : "rider"}`}</span>
        </h2>
        <p className="text-sm text-gray-600">
          {runs(trends.runCount)}
        </p>
      </div>
      {choices.length > 1 ? (
        <nav aria-label="Trends for" className="-mx-1 mt-2 flex gap-2 overflow-x-auto px-1 pb-1">
          {choices.map((c) => (
            <a
              key={`${c.kind}-${c.label}`}
              href={c.to}
              aria-current={c.active ? "true" : undefined}
              className={`inline-flex min-h-[44px] shrink-0 items-center rounded-full border px-3 text-sm font-semibold ${
                c.active ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-800"
              }`}
            >
              {c.kind === "rider" ? (
                <span className="mr-1">
                  <PersonIcon />
                </span>
              ) : null}
              {c.label}
            </a>
          ))}
        </nav>
      ) : null}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Tile testId="personal-best" label="Personal best" value={pb ? `${pb.time}s` : "—"} detail={pb ? `${pb.arenaName} · ${formatDayIn(pb.date, zone)}` : "No timed runs yet"} />
        <Tile testId="average-last-5" label="Avg last 5" value={trends.averageLast5 !== null ? `${trends.averageLast5.toFixed(2)}s` : "—"} detail={trends.timedCount ? `of ${Math.min(5, trends.timedCount)} timed` : undefined} />
        <Tile testId="clean-rate" label="Clean runs" value={trends.cleanRunRate !== null ? `${trends.cleanRunRate}%` : "—"} detail="tagged clean-run" />
        <Tile testId="placements" label="Placings" value={String(trends.placements)} detail="placed or cashed" />
      </div>
      <div className="mt-3">
        <TimeChart points={trends.points} label={`Times of ${scope.label} over time`} zone={zone} />
      </div>
      {trends.bestByArena.length ? (
        <details className="mt-2">
          <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-800">{trends.arenaCount > trends.bestByArena.length ? `Fastest ${trends.bestByArena.length} of ${trends.arenaCount} arenas` : `Best by arena (${trends.arenaCount})`}</summary>
          <ul className="divide-y divide-gray-100">
            {trends.bestByArena.map((a) => (
              <li key={a.arenaName} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 truncate text-gray-800">
                  {`${a.arenaName} `}
                  <span className="text-xs text-gray-500">{`(${a.runs})`}</span>
                </span>
                <span className="font-bold tabular-nums text-gray-900">{`${a.time}s`}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {trends.conditions && (trends.conditions.ground.length || trends.conditions.arenaType.length || trends.conditions.weather.length) ? (
        <details className="mt-1" data-testid="conditions">
          <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-800">By conditions</summary>
          <p className="text-xs text-gray-600">Best and average time; in brackets, the timed runs each rests on.</p>
          <ConditionTable title="Ground" figures={trends.conditions.ground} testId="conditions-ground" />
          <ConditionTable title="Indoor / outdoor" figures={trends.conditions.arenaType} testId="conditions-arena" />
          <ConditionTable title="Weather" figures={trends.conditions.weather} testId="conditions-weather" />
        </details>
      ) : null}
      {scope.horseId ? (
        <a href={`/horses/${scope.horseId}`} className="link mt-1 inline-flex min-h-[44px] items-center">
          {scope.label}'s record
        </a>
      ) : null}
    </section>
  );
}
