/**
 * When each rider runs: the pace of a class measured from the booth's own
 * timestamps, and from it an estimated time for every run still to come.
 * Pure: the server (ondeck.server.ts) reads the draw and the times and asks
 * here; nothing here reads a clock or the database, so the same answer
 * comes out on every worker and in the property tests.
 *
 * The model, as a timer would reckon it:
 * - A class runs at a steady pace between drags. The pace is measured once
 *   five runs are in: the time between the first and the last run, less the
 *   drags the draw put between them, over the runs in between. Before that a
 *   class is reckoned at 55 runs an hour.
 * - Each drag (the draw's `dragsBefore` rising) adds DRAG_MS.
 * - Between two classes the arena breaks: the breaks seen earlier in the
 *   event (last run of one class to the first of the next) are averaged;
 *   before any, DEFAULT_BREAK_MS.
 * - The next run is not before now, and not before the last run plus one
 *   run's time; a class does not start before its posted start.
 * Scratched and timed entries are not in the line (the caller leaves them
 * out); a rerun is back in it because its time was voided.
 */

export const DEFAULT_RUNS_PER_HOUR = 55;
/** Runs a class needs before its own pace is believed. */
export const MEASURE_AFTER_RUNS = 5;
export const DRAG_MS = 3 * 60_000;
export const DEFAULT_BREAK_MS = 15 * 60_000;
/** A measured pace is kept within these (a batch sent late with one clock, a lunch in the middle). */
export const MIN_MS_PER_RUN = 20_000;
export const MAX_MS_PER_RUN = 10 * 60_000;
const HOUR = 3_600_000;

export const msPerRunOf = (runsPerHour: number) => HOUR / runsPerHour;

/** A run the booth timed: when it ran (ms) and the drags before it in the draw. */
export type TimedRun = { at: number; dragsBefore: number };
/** An entry still to run, in running order. */
export type WaitingRun = { entryId: string; dragsBefore: number };

export type ClassLine = {
  classId: string;
  /** The posted start (ms), if the producer gave one. */
  postedStart: number | null;
  /** Its timed runs, in any order. */
  ran: TimedRun[];
  /** Its entries still to run, in running order. */
  waiting: WaitingRun[];
};

export type Pace = { msPerRun: number; runsPerHour: number; measured: boolean };

/** The pace of a class from its timed runs: measured after MEASURE_AFTER_RUNS, else the default. */
export function measurePace(ran: TimedRun[]): Pace {
  if (ran.length < MEASURE_AFTER_RUNS) return { msPerRun: msPerRunOf(DEFAULT_RUNS_PER_HOUR), runsPerHour: DEFAULT_RUNS_PER_HOUR, measured: false };
  const sorted = [...ran].sort((a, b) => a.at - b.at);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const drags = Math.max(0, last.dragsBefore - first.dragsBefore);
  const raw = (last.at - first.at - drags * DRAG_MS) / (sorted.length - 1);
  const msPerRun = Math.min(MAX_MS_PER_RUN, Math.max(MIN_MS_PER_RUN, raw));
  return { msPerRun, runsPerHour: Math.round((HOUR / msPerRun) * 10) / 10, measured: true };
}

/** The break between classes, learned from the classes that ran one after the other. */
export function learnBreak(lines: ClassLine[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1]!.ran;
    const after = lines[i]!.ran;
    if (before.length === 0 || after.length === 0 || lines[i - 1]!.waiting.length > 0) continue;
    const end = Math.max(...before.map((r) => r.at));
    const start = Math.min(...after.map((r) => r.at));
    if (start > end) gaps.push(start - end);
  }
  if (gaps.length === 0) return DEFAULT_BREAK_MS;
  return Math.round(gaps.reduce((a, b) => a + b, 0) / gaps.length);
}

/**
 * The estimated times of a line: the first at `startAt`, each next one run
 * later, plus DRAG_MS for every drag the draw puts before it (counted from
 * `dragsDone`, the drags already behind the arena). A late entry without
 * drags of its own keeps the drags before it, so the line never goes back.
 */
export function estimateLine(waiting: WaitingRun[], startAt: number, msPerRun: number, dragsDone: number): number[] {
  let drags = dragsDone;
  return waiting.map((w, i) => {
    drags = Math.max(drags, w.dragsBefore);
    return Math.round(startAt + i * msPerRun + (drags - dragsDone) * DRAG_MS);
  });
}

export type ClassEstimate = {
  classId: string;
  pace: Pace;
  runsLeft: number;
  /** When its next run is expected; null when it has finished. */
  nextAt: number | null;
  /** When its last run is expected to be done (its last run plus one run's time); the last run when finished. */
  estimatedEnd: number | null;
  /** Minutes behind the posted start's plan (posted start, the runs done at 55 an hour and their drags); 0 when on time or early, null without a posted start. */
  behindMinutes: number | null;
  /** Estimated time (ms) and runs ahead across the event, per waiting entry. */
  runs: { entryId: string; at: number; runsAhead: number }[];
};

export type EventPlan = { breakMs: number; classes: ClassEstimate[] };

/**
 * The whole event: classes in running order, each starting after the one
 * before it ends plus the learned break (and not before its posted start),
 * the class under way from its last run. `runsAhead` counts every run
 * before the entry's, in its class and in the classes before it.
 */
export function planEvent(lines: ClassLine[], now: number, breakMs: number = learnBreak(lines)): EventPlan {
  let cursor = now;
  let ahead = 0;
  let anyBefore = false;
  const classes = lines.map((line): ClassEstimate => {
    const pace = measurePace(line.ran);
    const lastRun = line.ran.length ? line.ran.reduce((a, b) => (b.at > a.at ? b : a)) : null;
    const dragsDone = lastRun ? Math.max(0, ...line.ran.map((r) => r.dragsBefore)) : 0;
    if (line.waiting.length === 0) {
      if (lastRun) {
        cursor = Math.max(cursor, lastRun.at + pace.msPerRun);
        anyBefore = true;
      }
      return { classId: line.classId, pace, runsLeft: 0, nextAt: null, estimatedEnd: lastRun ? lastRun.at : null, behindMinutes: null, runs: [] };
    }
    let startAt: number;
    if (lastRun) startAt = Math.max(now, lastRun.at + pace.msPerRun, cursor);
    else startAt = Math.max(now, anyBefore ? cursor + breakMs : cursor, line.postedStart ?? -Infinity);
    const times = estimateLine(line.waiting, startAt, pace.msPerRun, dragsDone);
    const runs = line.waiting.map((w, i) => ({ entryId: w.entryId, at: times[i]!, runsAhead: ahead + i }));
    const end = times.at(-1)! + pace.msPerRun;
    let behindMinutes: number | null = null;
    if (line.postedStart !== null) {
      const planned = line.postedStart + line.ran.length * msPerRunOf(DEFAULT_RUNS_PER_HOUR) + dragsDone * DRAG_MS;
      behindMinutes = Math.max(0, Math.round((times[0]! - planned) / 60_000));
    }
    ahead += line.waiting.length;
    cursor = end;
    anyBefore = true;
    return { classId: line.classId, pace, runsLeft: line.waiting.length, nextAt: times[0]!, estimatedEnd: Math.round(end), behindMinutes, runs };
  });
  return { breakMs, classes };
}

/** The on-deck threshold crossed by an entry `runsAhead` out, for a rider who chose `choice` (null: off). */
export function onDeckDue(runsAhead: number, choice: number | null): boolean {
  return choice !== null && runsAhead >= 0 && runsAhead <= choice;
}

/** "12 runs out", "1 run out", "on the gate". */
export function runsOutText(runsAhead: number) {
  if (runsAhead <= 0) return "on the gate";
  return `${runsAhead} run${runsAhead === 1 ? "" : "s"} out`;
}
