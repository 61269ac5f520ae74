import { timeSortValue } from "~/schemas/run-rules";

export type TrendRun = {
  arenaName: string;
  arenaType?: "indoor" | "outdoor";
  groundCondition?: string | null;
  weather?: string | null;
  time: string | null;
  tags: string[];
  placement: string | null;
  /** When it was run. */
  runAt: Date | string;
};

/** Best and average time under one condition, and how many timed runs the figures rest on. */
export type ConditionFigure = { label: string; best: number; average: number; runs: number };

export type Trends = {
  runCount: number;
  timedCount: number;
  personalBest: { time: number; arenaName: string; date: string } | null;
  /** The fastest arenas (at most ARENAS_SHOWN) of arenaCount. */
  bestByArena: { arenaName: string; time: number; runs: number }[];
  arenaCount: number;
  averageLast5: number | null;
  cleanRunRate: number | null;
  placements: number;
  /** The last CHART_POINTS timed runs, oldest first, for the chart. */
  points: { date: string; time: number }[];
  /** Times by the conditions they were run in, fastest first; a condition noted on no timed run is absent. */
  conditions: { ground: ConditionFigure[]; arenaType: ConditionFigure[]; weather: ConditionFigure[] };
};

/** A phone's chart and list stay readable (and the page light) however long the history. */
const CHART_POINTS = 50;
const ARENAS_SHOWN = 10;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const isoDate = (d: Date | string) => new Date(d).toISOString();

/**
 * Best and average time per condition value: "Deep" and "deep " are one
 * ground (shown as first written); runs without the condition noted, or
 * without a time, do not count.
 */
function byCondition(timed: { run: TrendRun; time: number }[], read: (run: TrendRun) => string | null | undefined): ConditionFigure[] {
  const groups = new Map<string, { label: string; times: number[] }>();
  for (const { run, time } of timed) {
    const label = read(run)?.trim();
    if (!label) continue;
    const key = label.toLowerCase();
    const group = groups.get(key) ?? { label, times: [] };
    group.times.push(time);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ label, times }) => ({ label, best: Math.min(...times), average: round3(times.reduce((a, b) => a + b, 0) / times.length), runs: times.length }))
    .sort((a, b) => a.best - b.best || b.runs - a.runs);
}

const ARENA_TYPE_LABELS = { indoor: "Indoor", outdoor: "Outdoor" } as const;

/**
 * History and trends of one horse or rider (pure, so a test pins it):
 * personal best overall and per arena, the average of the last 5 timed
 * runs, the share of runs tagged clean-run, how many placed, and best and
 * average times by ground, indoor/outdoor and weather.
 */
export function computeTrends(runs: TrendRun[]): Trends {
  const sorted = [...runs].sort((a, b) => new Date(a.runAt).getTime() - new Date(b.runAt).getTime());
  const timed = sorted
    .map((r) => ({ run: r, time: timeSortValue(r.time) }))
    .filter((t) => t.run.time && t.time < 999);

  let personalBest: Trends["personalBest"] = null;
  const arenas = new Map<string, { arenaName: string; time: number; runs: number }>();
  for (const { run, time } of timed) {
    if (!personalBest || time < personalBest.time) personalBest = { time, arenaName: run.arenaName, date: isoDate(run.runAt) };
    const key = run.arenaName.trim().toLowerCase();
    const arena = arenas.get(key);
    if (!arena) arenas.set(key, { arenaName: run.arenaName, time, runs: 1 });
    else {
      arena.runs += 1;
      arena.time = Math.min(arena.time, time);
    }
  }
  const last5 = timed.slice(-5);
  const averageLast5 = last5.length ? round3(last5.reduce((sum, t) => sum + t.time, 0) / last5.length) : null;
  const clean = sorted.filter((r) => r.tags.includes("clean-run")).length;
  const placements = sorted.filter((r) => Boolean(r.placement) || r.tags.includes("placed-cashed")).length;

  return {
    runCount: sorted.length,
    timedCount: timed.length,
    personalBest,
    bestByArena: [...arenas.values()].sort((a, b) => a.time - b.time).slice(0, ARENAS_SHOWN),
    arenaCount: arenas.size,
    averageLast5,
    cleanRunRate: sorted.length ? Math.round((clean / sorted.length) * 100) : null,
    placements,
    points: timed.slice(-CHART_POINTS).map(({ run, time }) => ({ date: isoDate(run.runAt), time })),
    conditions: {
      ground: byCondition(timed, (r) => r.groundCondition),
      arenaType: byCondition(timed, (r) => (r.arenaType ? ARENA_TYPE_LABELS[r.arenaType] : null)),
      weather: byCondition(timed, (r) => r.weather),
    },
  };
}
