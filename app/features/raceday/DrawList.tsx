import { Fragment } from "react";
import { ordinal } from "./time";

/** "#37, after the 7th drag": where a drawn entry runs. */
export function drawPlace(position: number, dragsBefore: number) {
  return `#${position}, ${dragsBefore === 0 ? "before the first drag" : `after the ${ordinal(dragsBefore)} drag`}`;
}

type Run = {
  entryId: string;
  position: number;
  backNumber: number | null;
  riderName: string;
  horseName: string;
  dragsBefore: number;
  late: boolean;
  /** An exhibition run: timed, never placed or paid (sold at the end, so not a late entry). */
  exhibition?: boolean;
  scratched: boolean;
  mine?: boolean;
};

/**
 * A class's running order as riders read it on a phone: one line a run, a
 * "Drag" line where the arena is groomed, the viewer's own runs marked.
 * Plain server HTML: it needs no JavaScript.
 */
export function DrawList({ runs, label }: { runs: Run[]; label: string }) {
  return (
    <ol aria-label={label} className="divide-y divide-gray-200">
      {runs.map((run, i) => {
        const drag = i > 0 && run.dragsBefore > runs[i - 1]!.dragsBefore;
        return (
          <Fragment key={run.entryId}>
            {drag ? (
              <li aria-label={`Drag ${run.dragsBefore}`} className="bg-gray-100 px-2 py-1 text-center text-xs font-bold uppercase tracking-wide text-gray-700">
                Drag {run.dragsBefore}
              </li>
            ) : null}
            <li
              data-testid="drawn-run"
              data-mine={run.mine ? "true" : undefined}
              className={`flex min-h-[44px] items-center gap-3 px-2 py-2 ${run.mine ? "rounded-lg bg-brand-100 ring-2 ring-brand-700" : ""} ${run.scratched ? "text-gray-500" : "text-gray-900"}`}
            >
              <span className="w-10 shrink-0 text-right text-lg font-bold tabular-nums">{run.position}</span>
              <span className="min-w-0 flex-1">
                <span className={`name-wrap block font-semibold ${run.scratched ? "line-through" : ""}`}>{run.riderName}</span>
                <span className={`name-wrap block text-sm ${run.scratched ? "line-through" : "text-gray-700"}`}>{run.horseName}</span>
              </span>
              <span className="shrink-0 text-right text-xs text-gray-700">
                {run.backNumber ? <span className="block">Back #{run.backNumber}</span> : null}
                {run.scratched ? <span className="block font-semibold">Scratched</span> : run.exhibition ? <span className="block font-semibold">Exhibition</span> : run.late ? <span className="block">Late</span> : null}
                {run.mine ? <span className="block font-bold text-brand-900">You</span> : null}
              </span>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}
