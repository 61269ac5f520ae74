import { useEffect, useRef, useState } from "react";
import { compileRunPattern, lineSplitter, PREVIEW_LINES, readRunTime, readTimerSettings, RUN_PATTERN_MAX, TIMER_BAUD_RATES, type TimerBaudRate, type TimerSettings } from "./consoleLines";
import { CONSOLE_ID, CONSOLE_STATUS, ConsoleFrame, serialOf, type SerialPortLike } from "./TimerConsoleFrame";

/*
 * The timer's console once used (TimerConsole.tsx loads this on the first
 * tap): the port read line by line, the settings kept on this device, the
 * last lines received as a preview. Rendered in the browser only.
 */

const SETTINGS_KEY = "cloverleaf-timer-console";

type Status = { kind: "idle" } | { kind: "connecting" } | { kind: "connected" } | { kind: "error"; message: string };

type Props = {
  onTime: (time: string) => void;
  /** Loaded by a tap on Connect Timer: the port's chooser opens at once (the tap still counts as the timer's). */
  connectFirst: boolean;
  settingsOpen: boolean;
};

export default function SerialConsole({ onTime, connectFirst, settingsOpen }: Props) {
  const [settings, setSettings] = useState<TimerSettings>(() => readTimerSettings(window.localStorage.getItem(SETTINGS_KEY)));
  const [patternText, setPatternText] = useState(settings.pattern);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [lines, setLines] = useState<string[]>([]);
  const [last, setLast] = useState<string | null>(null);
  const [open, setOpen] = useState(settingsOpen);
  const port = useRef<SerialPortLike | null>(null);
  const reader = useRef<ReadableStreamDefaultReader<Uint8Array> | null>(null);
  const pattern = useRef<RegExp | null>(null);
  const report = useRef(onTime);
  report.current = onTime;

  const compiled = compileRunPattern(patternText);
  const stored = compileRunPattern(settings.pattern);
  pattern.current = stored.ok ? stored.regex : null;

  const save = (next: TimerSettings) => {
    setSettings(next);
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  };

  const disconnect = async () => {
    const r = reader.current;
    reader.current = null;
    try {
      await r?.cancel();
    } catch {
      /* the port may already be gone (unplugged) */
    }
    try {
      await port.current?.close();
    } catch {
      /* likewise */
    }
    port.current = null;
    setStatus({ kind: "idle" });
  };

  useEffect(
    () => () => {
      void reader.current?.cancel().catch(() => undefined);
    },
    [],
  );

  const connect = async () => {
    const serial = serialOf();
    if (!serial) return;
    setStatus({ kind: "connecting" });
    let chosen: SerialPortLike;
    try {
      chosen = await serial.requestPort();
      await chosen.open({ baudRate: settings.baudRate });
    } catch (error) {
      const message = error instanceof DOMException && error.name === "NotFoundError" ? "No port was chosen." : "The port did not open: check the cable and that no other program holds it.";
      setStatus({ kind: "error", message });
      return;
    }
    port.current = chosen;
    setStatus({ kind: "connected" });
    const split = lineSplitter();
    const decoder = new TextDecoder();
    const r = chosen.readable?.getReader();
    if (!r) {
      setStatus({ kind: "error", message: "The port cannot be read. Connect it again." });
      return;
    }
    reader.current = r;
    try {
      for (;;) {
        const { value, done } = await r.read();
        if (done) break;
        const got = split.push(decoder.decode(value, { stream: true }));
        if (!got.length) continue;
        setLines((before) => [...before, ...got].slice(-PREVIEW_LINES));
        for (const line of got) {
          const time = pattern.current ? readRunTime(line, pattern.current) : null;
          if (time) {
            setLast(time);
            report.current(time);
          }
        }
      }
    } catch {
      // A cancel of our own (Disconnect) ends the loop quietly; anything else is the console gone.
      if (reader.current === r) setStatus({ kind: "error", message: "The console stopped sending (unplugged?). Connect it again." });
      return;
    } finally {
      r.releaseLock();
    }
    if (reader.current === r) {
      reader.current = null;
      port.current = null;
      setStatus({ kind: "idle" });
    }
  };

  // This frame replaced the one the timer tapped: the focus goes back where it was, then the tap is answered.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (document.activeElement === document.body) document.getElementById(CONSOLE_ID)?.querySelector<HTMLElement>(connectFirst ? "button" : "summary")?.focus();
    if (connectFirst) void connect();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, for the tap that loaded this

  const supported = serialOf() !== null;
  const connected = status.kind === "connected";
  return (
    <ConsoleFrame
      button={
        connected ? (
          <button type="button" className="btn-secondary" onClick={() => void disconnect()}>
            Disconnect Timer
          </button>
        ) : (
          <button type="button" className="btn-secondary" disabled={!supported || status.kind === "connecting"} onClick={() => void connect()}>
            Connect Timer
          </button>
        )
      }
      status={
        !supported
          ? CONSOLE_STATUS.unsupported
          : connected
            ? last
              ? `Connected at ${settings.baudRate} baud. Last time from the console: ${last}. Check it, then save.`
              : `Connected at ${settings.baudRate} baud. Each finished run fills in the time; you save it.`
            : status.kind === "error"
              ? status.message
              : CONSOLE_STATUS.idle
      }
      shown={
        connected && last ? (
          <p className="text-center font-mono text-5xl font-bold tabular-nums text-gray-900" data-testid="console-time" aria-label={`Time from the console ${last}`}>
            {last}
          </p>
        ) : null
      }
      settingsOpen={open}
      onSettingsToggle={setOpen}
      settings={
        <>
          <div>
            <label htmlFor="console-baud" className="label">
              Baud rate
            </label>
            <select
              id="console-baud"
              className="input"
              value={settings.baudRate}
              disabled={connected}
              onChange={(e) => save({ ...settings, baudRate: Number(e.target.value) as TimerBaudRate })}
            >
              {TIMER_BAUD_RATES.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="console-pattern" className="label">
              Line with a finished run (pattern)
            </label>
            <input
              id="console-pattern"
              className="input font-mono"
              value={patternText}
              maxLength={RUN_PATTERN_MAX}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={compiled.ok ? undefined : true}
              aria-describedby="console-pattern-hint"
              onChange={(e) => {
                setPatternText(e.target.value);
                const next = compileRunPattern(e.target.value);
                if (next.ok) save({ ...settings, pattern: e.target.value.trim() });
              }}
            />
            <p id="console-pattern-hint" className={`mt-1 text-xs ${compiled.ok ? "text-gray-600" : "font-medium text-red-700"}`}>
              {compiled.ok ? "A regular expression; its first group (or a group named time) is the time in seconds. The preview shows what each line gives." : compiled.message}
            </p>
          </div>
          <div>
            <h3 className="label">Last lines received</h3>
            {lines.length ? (
              <ol className="divide-y divide-gray-100 rounded-lg border border-gray-200 font-mono text-sm" data-testid="console-preview">
                {lines.map((line, i) => {
                  const time = compiled.ok ? readRunTime(line, compiled.regex) : null;
                  return (
                    <li key={i} className="flex items-center justify-between gap-2 px-2 py-1">
                      <span className="min-w-0 truncate whitespace-pre">{line}</span>
                      <span className={`shrink-0 ${time ? "font-bold text-green-800" : "text-gray-500"}`}>{time ? `time ${time}` : "no time"}</span>
                    </li>
                  );
                })}
              </ol>
            ) : (
              <p className="text-sm text-gray-700">Nothing yet: lines show here as the console prints them.</p>
            )}
          </div>
        </>
      }
    />
  );
}
