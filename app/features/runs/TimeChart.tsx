import { formatMonthDayIn } from "~/lib/dates";

/**
 * Times over time as a small hand-written SVG (no chart library, under a
 * kilobyte of script): drawn in the server's HTML at its final size, so it
 * shows without JavaScript and nothing moves when the page hydrates. The
 * axis is flipped (faster is higher) so improvement reads as a line going up.
 * Each run's day is named in `zone`, the rider's home zone.
 */
export function TimeChart({ points, label, zone }: { points: { date: string; time: number }[]; label: string; zone: string }) {
  const day = (date: string) => formatMonthDayIn(date, zone);
  if (points.length < 2) {
    return <p className="text-sm text-gray-600">Log two timed runs to see the chart.</p>;
  }
  const W = 340;
  const H = 160;
  const pad = { left: 44, right: 12, top: 12, bottom: 24 };
  const times = points.map((p) => p.time);
  const min = Math.min(...times);
  const max = Math.max(...times);
  const span = max - min || 1;
  // A tenth of a unit is finer than a phone's pixel: longer numbers only weigh on the page.
  const x = (i: number) => Math.round((pad.left + (i * (W - pad.left - pad.right)) / (points.length - 1)) * 10) / 10;
  const y = (t: number) => Math.round((pad.top + ((t - min) / span) * (H - pad.top - pad.bottom)) * 10) / 10;
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.time).toFixed(1)}`).join(" ");
  const best = times.indexOf(min);
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={label}>
        <line x1={pad.left} x2={W - pad.right} y1={y(min)} y2={y(min)} className="stroke-green-600" strokeDasharray="4 4" strokeWidth={1} />
        <line x1={pad.left} x2={W - pad.right} y1={y(max)} y2={y(max)} className="stroke-gray-200" strokeWidth={1} />
        <text x={pad.left - 6} y={y(min) + 4} textAnchor="end" className="fill-green-700 text-[11px] font-semibold">
          {min.toFixed(2)}
        </text>
        <text x={pad.left - 6} y={y(max) + 4} textAnchor="end" className="fill-gray-500 text-[11px]">
          {max.toFixed(2)}
        </text>
        <path d={path} fill="none" className="stroke-brand-700" strokeWidth={2} strokeLinejoin="round" />
        {points.map((p, i) => (
          <circle key={`${p.date}-${i}`} cx={x(i)} cy={y(p.time)} r={i === best ? 5 : 3} className={i === best ? "fill-green-600" : "fill-brand-700"}>
            <title>{`${day(p.date)}: ${p.time}s`}</title>
          </circle>
        ))}
        <text x={pad.left} y={H - 6} className="fill-gray-500 text-[11px]">
          {day(points[0]!.date)}
        </text>
        <text x={W - pad.right} y={H - 6} textAnchor="end" className="fill-gray-500 text-[11px]">
          {day(points[points.length - 1]!.date)}
        </text>
      </svg>
      <figcaption className="mt-1 text-xs text-gray-600">Seconds per run, oldest to newest. Higher is faster; the green dot is the personal best.</figcaption>
    </figure>
  );
}
