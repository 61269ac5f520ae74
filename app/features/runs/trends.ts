import { timeSortValue } from "~/schemas/runs";

export type TrendRun = {
  arenaName: string;
  time: string | null;
  tags: string[];
  placement: string | null;
  createdAt: Date | string;
};

export type Trends = {
  runCount: number;
  timedCount: number;
  personalBest: { time: number; arenaName: string; date: string } | null;
  bestByArena: { arenaName: string; time: number; runs: number }[];
  averageLast5: number | null;
  cleanRunRate: number | null;
  placements: number;
  /** Oldest first, for the chart. */
  points: { date: string; time: number }[];
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const isoDate = (d: Date | string) => new Date(d).toISOString();

/**
 * History and trends of one horse or rider (pure, so a test pins it):
 * personal best overall and per arena, the average of the last 5 timed
 * runs, the share of runs tagged clean-run, and how many placed.
 */
export function computeTrends(runs: TrendRun[]): Trends {
  const sorted = [...runs].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  const timed = sorted
    .map((r) => ({ run: r, time: timeSortValue(r.time) }))
    .filter((t) => t.run.time && t.time < 999);

  let personalBest: Trends["personalBest"] = null;
  const arenas = new Map<string, { arenaName: string; time: number; runs: number }>();
  for (const { run, time } of timed) {
    if (!personalBest || time < personalBest.time) personalBest = { time, arenaName: run.arenaName, date: isoDate(run.createdAt) };
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
    bestByArena: [...arenas.values()].sort((a, b) => a.time - b.time),
    averageLast5,
    cleanRunRate: sorted.length ? Math.round((clean / sorted.length) * 100) : null,
    placements,
    points: timed.map(({ run, time }) => ({ date: isoDate(run.createdAt), time })),
  };
}
