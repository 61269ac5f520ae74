import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_BREAK_MS,
  DEFAULT_RUNS_PER_HOUR,
  DRAG_MS,
  estimateLine,
  learnBreak,
  measurePace,
  msPerRunOf,
  onDeckDue,
  planEvent,
  runsOutText,
  type ClassLine,
} from "../../app/features/ondeck/pace";

const NOW = Date.UTC(2026, 10, 28, 18, 0);

/** A draw's drags: nondecreasing counts before each run. */
const dragsArb = (n: number) => fc.array(fc.boolean(), { minLength: n, maxLength: n }).map((steps) => steps.reduce<number[]>((acc, s) => [...acc, (acc.at(-1) ?? 0) + (s ? 1 : 0)], []));

const lineArb = (id: string) =>
  fc
    .record({ ran: fc.integer({ min: 0, max: 12 }), waiting: fc.integer({ min: 0, max: 30 }), gapMs: fc.integer({ min: 30_000, max: 120_000 }), posted: fc.option(fc.integer({ min: -3, max: 3 })) })
    .chain(({ ran, waiting, gapMs, posted }) =>
      dragsArb(ran + waiting).map((drags): ClassLine => ({
        classId: id,
        postedStart: posted === null ? null : NOW + posted * 3_600_000,
        ran: Array.from({ length: ran }, (_, i) => ({ at: NOW - (ran - i) * gapMs, dragsBefore: drags[i]! })),
        waiting: Array.from({ length: waiting }, (_, i) => ({ entryId: `${id}-${i}`, dragsBefore: drags[ran + i]! })),
      })),
    );

const eventArb = fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => lineArb(`c${i}`))));
const allRuns = (lines: ClassLine[], now = NOW, breakMs?: number) => planEvent(lines, now, breakMs).classes.flatMap((c) => c.runs);

describe("the estimate of a rider's run", () => {
  it("never goes backwards in the running order, and runs ahead count up by one", () => {
    fc.assert(
      fc.property(eventArb, (lines) => {
        const runs = allRuns(lines);
        runs.forEach((r, i) => {
          expect(r.runsAhead).toBe(i);
          if (i > 0) expect(r.at).toBeGreaterThanOrEqual(runs[i - 1]!.at);
          expect(r.at).toBeGreaterThanOrEqual(NOW);
        });
      }),
    );
  });

  it("adds a drag's length to every run after a drag added to the draw, and nothing before it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 0, max: 29 }), fc.integer({ min: 20_000, max: 200_000 }), (n, k0, msPerRun) => {
        const k = k0 % n;
        const line = Array.from({ length: n }, (_, i) => ({ entryId: `e${i}`, dragsBefore: Math.floor(i / 5) }));
        const dragged = line.map((w, i) => ({ ...w, dragsBefore: w.dragsBefore + (i >= k ? 1 : 0) }));
        const before = estimateLine(line, NOW, msPerRun, 0);
        const after = estimateLine(dragged, NOW, msPerRun, 0);
        after.forEach((t, i) => expect(t - before[i]!).toBe(i >= k ? DRAG_MS : 0));
      }),
    );
  });

  it("adds a longer break's length to every class after the first", () => {
    fc.assert(
      fc.property(eventArb, fc.integer({ min: 0, max: 60 * 60_000 }), fc.integer({ min: 1, max: 30 * 60_000 }), (lines, breakMs, more) => {
        // Nothing has run: every class waits on the one before it (no posted starts in the way).
        const fresh = lines.map((l) => ({ ...l, ran: [], postedStart: null }));
        const a = planEvent(fresh, NOW, breakMs).classes;
        const b = planEvent(fresh, NOW, breakMs + more).classes;
        let classesBefore = 0;
        a.forEach((c, i) => {
          c.runs.forEach((r, j) => expect(b[i]!.runs[j]!.at - r.at).toBe(classesBefore * more));
          if (c.runs.length) classesBefore += 1;
        });
      }),
    );
  });

  it("brings every estimate earlier (or leaves it) when the booth runs faster", () => {
    fc.assert(
      fc.property(eventArb, fc.double({ min: 0.3, max: 0.99, noNaN: true }), (lines, factor) => {
        const slow = allRuns(lines, NOW, DEFAULT_BREAK_MS);
        // The same runs ending at the same moment, taken closer together.
        const faster = lines.map((l) => {
          const last = Math.max(...l.ran.map((r) => r.at));
          return { ...l, ran: l.ran.map((r) => ({ ...r, at: last - Math.round((last - r.at) * factor) })) };
        });
        const quick = allRuns(faster, NOW, DEFAULT_BREAK_MS);
        quick.forEach((r, i) => expect(r.at).toBeLessThanOrEqual(slow[i]!.at + 1));
      }),
    );
  });

  it("reckons 55 runs an hour until five runs are in, then the booth's own pace with drags left out", () => {
    expect(measurePace([{ at: NOW, dragsBefore: 0 }]).runsPerHour).toBe(DEFAULT_RUNS_PER_HOUR);
    const fourIn = Array.from({ length: 4 }, (_, i) => ({ at: NOW + i * 30_000, dragsBefore: 0 }));
    expect(measurePace(fourIn)).toMatchObject({ measured: false, msPerRun: msPerRunOf(55) });
    // Six runs a minute apart with one drag among them: 5 gaps of 60 s once the drag's 3 minutes are out.
    const six = Array.from({ length: 6 }, (_, i) => ({ at: NOW + i * 60_000 + (i >= 3 ? DRAG_MS : 0), dragsBefore: i >= 3 ? 1 : 0 }));
    expect(measurePace(six)).toMatchObject({ measured: true, msPerRun: 60_000, runsPerHour: 60 });
  });

  it("learns the break between classes from the event's earlier classes", () => {
    const done = (id: string, start: number, n: number): ClassLine => ({ classId: id, postedStart: null, ran: Array.from({ length: n }, (_, i) => ({ at: start + i * 60_000, dragsBefore: 0 })), waiting: [] });
    expect(learnBreak([done("a", NOW, 3)])).toBe(DEFAULT_BREAK_MS);
    // a ends at NOW+2m, b starts at NOW+22m: a 20 minute break.
    expect(learnBreak([done("a", NOW, 3), done("b", NOW + 22 * 60_000, 2)])).toBe(20 * 60_000);
  });

  it("says how far behind the posted start a class runs", () => {
    const posted = NOW - 25 * 60_000;
    const plan = planEvent([{ classId: "a", postedStart: posted, ran: [], waiting: [{ entryId: "x", dragsBefore: 0 }] }], NOW);
    expect(plan.classes[0]).toMatchObject({ behindMinutes: 25, runsLeft: 1 });
    const early = planEvent([{ classId: "a", postedStart: NOW + 60 * 60_000, ran: [], waiting: [{ entryId: "x", dragsBefore: 0 }] }], NOW);
    expect(early.classes[0]).toMatchObject({ behindMinutes: 0, nextAt: NOW + 60 * 60_000 });
  });

  it("tells a rider on deck within their choice, never when off", () => {
    expect(onDeckDue(5, 5)).toBe(true);
    expect(onDeckDue(6, 5)).toBe(false);
    expect(onDeckDue(0, 3)).toBe(true);
    expect(onDeckDue(2, null)).toBe(false);
    expect(runsOutText(12)).toBe("12 runs out");
    expect(runsOutText(1)).toBe("1 run out");
    expect(runsOutText(0)).toBe("on the gate");
  });
});
