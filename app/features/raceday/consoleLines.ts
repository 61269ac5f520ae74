import { formatRaceTime, parseRaceTime } from "./time";

/*
 * Reading a timer console's serial output, pure and shared: the booth's
 * "Connect timer" (Web Serial) feeds it the text the console prints, and it
 * answers the lines and, for a line that carries a finished run, the time.
 *
 * Consoles differ (and one console prints differently by mode), so the
 * producer sets the line's pattern: a regular expression whose `time` group
 * (or first group, or whole match) is the run's time in seconds, as the eye
 * shows it. No console's format is built in: see docs/race-day.md.
 */

export const TIMER_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export type TimerBaudRate = (typeof TIMER_BAUD_RATES)[number];

/** The pattern a console's line is read with when the producer sets none: the first number with two or three decimals. */
export const DEFAULT_RUN_PATTERN = String.raw`(\d{1,3}\.\d{2,3})`;
export const DEFAULT_TIMER_SETTINGS = { baudRate: 9600 as TimerBaudRate, pattern: DEFAULT_RUN_PATTERN };
export type TimerSettings = { baudRate: TimerBaudRate; pattern: string };

export const RUN_PATTERN_MAX = 200;
/** A line longer than this is cut: a console prints short lines, and a stream without line ends must not grow without bound. */
export const CONSOLE_LINE_MAX = 200;
/** How many of the last lines the settings' preview shows. */
export const PREVIEW_LINES = 8;

export const TIMER_CONSOLE_MESSAGES = {
  patternEmpty: "Enter the pattern of the line that carries a run's time",
  patternLong: `The pattern has at most ${RUN_PATTERN_MAX} characters`,
  patternInvalid: "That pattern is not a valid regular expression",
  baud: "Choose the console's baud rate",
} as const;

export type CompiledPattern = { ok: true; regex: RegExp } | { ok: false; message: string };

/** The producer's pattern, checked: a regular expression, or the message that says why not. */
export function compileRunPattern(text: string): CompiledPattern {
  const source = text.trim();
  if (!source) return { ok: false, message: TIMER_CONSOLE_MESSAGES.patternEmpty };
  if (source.length > RUN_PATTERN_MAX) return { ok: false, message: TIMER_CONSOLE_MESSAGES.patternLong };
  try {
    return { ok: true, regex: new RegExp(source) };
  } catch {
    return { ok: false, message: TIMER_CONSOLE_MESSAGES.patternInvalid };
  }
}

/**
 * The run's time a line carries, as the booth types it ("15.482"), or null
 * when the line does not match or what matched is no time an eye shows
 * (zero, over 999.999, more than three decimals).
 */
export function readRunTime(line: string, regex: RegExp): string | null {
  const match = regex.exec(line.slice(0, CONSOLE_LINE_MAX));
  if (!match) return null;
  const text = match.groups?.time ?? match[1] ?? match[0];
  if (text === undefined) return null;
  const ms = parseRaceTime(text.trim());
  return ms === null ? null : formatRaceTime(ms);
}

/**
 * Splits the console's text into lines as it arrives in pieces: a line ends
 * at CR, LF or CRLF; the unfinished rest waits for the next piece (cut at
 * CONSOLE_LINE_MAX). Empty lines are dropped.
 */
export function lineSplitter() {
  let rest = "";
  return {
    push(chunk: string): string[] {
      const parts = (rest + chunk).split(/\r\n|\r|\n/);
      rest = (parts.pop() ?? "").slice(-CONSOLE_LINE_MAX);
      return parts.map((p) => p.slice(0, CONSOLE_LINE_MAX)).filter((p) => p.trim() !== "");
    },
    /** What has arrived since the last line end. */
    pending: () => rest,
  };
}

/** Settings kept on the booth's device, checked as they are read back (a hand-edited value falls back to the default). */
export function readTimerSettings(stored: string | null): TimerSettings {
  try {
    const value = JSON.parse(stored ?? "null") as Partial<TimerSettings> | null;
    const baudRate = TIMER_BAUD_RATES.includes(value?.baudRate as TimerBaudRate) ? (value!.baudRate as TimerBaudRate) : DEFAULT_TIMER_SETTINGS.baudRate;
    const pattern = typeof value?.pattern === "string" && compileRunPattern(value.pattern).ok ? value.pattern : DEFAULT_TIMER_SETTINGS.pattern;
    return { baudRate, pattern };
  } catch {
    return { ...DEFAULT_TIMER_SETTINGS };
  }
}
