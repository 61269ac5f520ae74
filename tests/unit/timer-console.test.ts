import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRunPattern, CONSOLE_LINE_MAX, DEFAULT_RUN_PATTERN, DEFAULT_TIMER_SETTINGS, lineSplitter, readRunTime, readTimerSettings, TIMER_CONSOLE_MESSAGES } from "~/features/raceday/consoleLines";

/*
 * Reading a timer console's output. The lines below are console output as
 * it arrives over a serial port (running clock, finished run, penalty and
 * status lines, line ends of every kind, pieces cut mid-line); the booth
 * takes a time only from the line the producer's pattern names.
 */

const regex = (text: string) => {
  const compiled = compileRunPattern(text);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.regex;
};

describe("the run's pattern", () => {
  it("refuses an empty, overlong or broken pattern with a message", () => {
    expect(compileRunPattern("  ")).toEqual({ ok: false, message: TIMER_CONSOLE_MESSAGES.patternEmpty });
    expect(compileRunPattern("a".repeat(201))).toEqual({ ok: false, message: TIMER_CONSOLE_MESSAGES.patternLong });
    expect(compileRunPattern("(\\d+")).toEqual({ ok: false, message: TIMER_CONSOLE_MESSAGES.patternInvalid });
    expect(compileRunPattern(DEFAULT_RUN_PATTERN).ok).toBe(true);
  });

  it("reads the time group, else the first group, else the whole match", () => {
    expect(readRunTime("RUN 3 T=15.482 FIN", regex(String.raw`T=(?<time>\d+\.\d+) FIN`))).toBe("15.482");
    expect(readRunTime("LANE 1 16.01 FINAL", regex(String.raw`LANE \d (\d+\.\d+) FINAL`))).toBe("16.010");
    expect(readRunTime("17.3", regex(String.raw`\d+\.\d+`))).toBe("17.300");
  });

  it("takes only the line the pattern names: a running clock or a status line gives no time", () => {
    const finished = regex(String.raw`^F\s+(\d{1,3}\.\d{3})$`);
    const recorded = ["R    3.100", "R    9.870", "F   15.482", "BATT OK", "F    0.000", "F 1000.000"];
    expect(recorded.map((line) => readRunTime(line, finished))).toEqual([null, null, "15.482", null, null, null]);
  });

  it("with the default pattern reads the first number with two or three decimals", () => {
    const dflt = regex(DEFAULT_RUN_PATTERN);
    expect(readRunTime("   11.53 (M)", dflt)).toBe("11.530");
    expect(readRunTime("  14.409", dflt)).toBe("14.409");
    expect(readRunTime("Round 1", dflt)).toBeNull();
  });

  it("never gives a time the booth would refuse", () => {
    const dflt = regex(DEFAULT_RUN_PATTERN);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (line) => {
        const time = readRunTime(line, dflt);
        if (time !== null) expect(time).toMatch(/^\d{1,3}\.\d{3}$/);
      }),
    );
  });
});

describe("the console's lines", () => {
  it("splits on CR, LF and CRLF and waits for the end of a line cut between pieces", () => {
    const split = lineSplitter();
    expect(split.push("F   15.4")).toEqual([]);
    expect(split.push("82\r\nF   16.0")).toEqual(["F   15.482"]);
    expect(split.push("01\rBATT OK\n\n")).toEqual(["F   16.001", "BATT OK"]);
    expect(split.pending()).toBe("");
  });

  it("keeps no more than a line's worth of a stream without line ends", () => {
    const split = lineSplitter();
    split.push("x".repeat(5000));
    expect(split.pending().length).toBe(CONSOLE_LINE_MAX);
  });

  it("gives the same lines however the text is cut into pieces", () => {
    const text = "R 1.000\r\nF 15.482\r\nR 2.000\nF 16.010\rX\n";
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 8 }), (cuts) => {
        const at = [...new Set(cuts)].sort((a, b) => a - b);
        const split = lineSplitter();
        const lines: string[] = [];
        let from = 0;
        for (const to of [...at, text.length]) {
          lines.push(...split.push(text.slice(from, to)));
          from = to;
        }
        expect(lines).toEqual(["R 1.000", "F 15.482", "R 2.000", "F 16.010", "X"]);
      }),
    );
  });
});

describe("the settings kept on the booth's device", () => {
  it("falls back to the default for anything not valid", () => {
    expect(readTimerSettings(null)).toEqual(DEFAULT_TIMER_SETTINGS);
    expect(readTimerSettings("{not json")).toEqual(DEFAULT_TIMER_SETTINGS);
    expect(readTimerSettings(JSON.stringify({ baudRate: 1234, pattern: "(" }))).toEqual(DEFAULT_TIMER_SETTINGS);
    expect(readTimerSettings(JSON.stringify({ baudRate: 1200, pattern: "F (\\d+\\.\\d+)" }))).toEqual({ baudRate: 1200, pattern: "F (\\d+\\.\\d+)" });
  });
});
