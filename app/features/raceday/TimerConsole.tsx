import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/useHydrated";
import { compileRunPattern, lineSplitter, PREVIEW_LINES, readRunTime, readTimerSettings, RUN_PATTERN_MAX, TIMER_BAUD_RATES, type TimerBaudRate, type TimerSettings } from "./consoleLines";

/*
 * The timer's console straight into the booth (Chromium's Web Serial):
 * "Connect timer" asks for the serial port, and each line the console
 * prints that carries a finished run (the producer's pattern) becomes the
 * time on the gate through `onTime`; the timer still saves it, with NT and
 * barrels as when typing. The settings (baud rate, the line's pattern) are
 * kept on this device, with the last lines received shown as a preview so a
 * pattern can be fitted to any console. Without Web Serial the button says
 * so and typing works as always.
 */

const SETTINGS_KEY = "cloverleaf-timer-console";

type SerialPortLike = {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readable: ReadableStream<Uint8Array> | null;
};
type SerialLike = { requestPort(): Promise<SerialPortLike> };

const serialOf = (): SerialLike | null => (typeof navigator !== "undefined" && "serial" in navigator ? ((navigator as unknown as { serial: SerialLike }).serial ?? null) : null);

type Status = { kind: "idle" } | { kind: "connecting" } | { kind: "connected" } | { kind: "error"; message: string };

export function TimerConsole({ onTime }: { onTime: (time: string) => void }) {
  const hydrated = useHydrated();
  const [settings, setSettings] = useState<TimerSettings>(() => readTimerSettings(null));
  const [patternText, setPatternText] = useState(settings.pattern);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [lines, setLines] = useState<string[]>([]);
  const [last, setLast] = useState<string | null>(null);
  const port = useRef<SerialPortLike | null>(null);
  const reader = useRef<ReadableStreamDefaultReader<Uint8Array> | null>(null);
  const pattern = useRef<RegExp | null>(null);
  const report = useRef(onTime);
  report.current = onTime;

  const compiled = compileRunPattern(patternText);
  const stored = compileRunPattern(settings.pattern);
  pattern.current = stored.ok ? stored.regex : null;

  useEffect(() => {
    const stored = readTimerSettings(window.localStorage.getItem(SETTINGS_KEY));
    setSettings(stored);
    setPatternText(stored.pattern);
  }, []);

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

  const supported = hydrated && serialOf() !== null;
  const connected = status.kind === "connected";
  return (
    <section className="card space-y-3" aria-labelledby="timer-console-title" data-testid="timer-console">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="timer-console-title" className="text-sm font-bold uppercase tracking-wide text-brand-800">
          Timer console
        </h2>
        {connected ? (
          <button type="button" className="btn-secondary" onClick={() => void disconnect()}>
            Disconnect Timer
          </button>
        ) : (
          <button type="button" className="btn-secondary" disabled={!supported || status.kind === "connecting"} onClick={() => void connect()}>
            {!hydrated ? "Connect Timer" : supported ? "Connect Timer" : "Connect Timer: needs Chrome or Edge on a computer"}
          </button>
        )}
      </div>
      <p className="text-sm text-gray-700" role="status">
        {!hydrated
          ? "Type each time below."
          : !supported
            ? "This browser cannot reach a serial port (Web Serial): type each time below, as always."
            : connected
              ? last
                ? `Connected at ${settings.baudRate} baud. Last time from the console: ${last}. Check it, then save.`
                : `Connected at ${settings.baudRate} baud. Each finished run fills in the time; you save it.`
              : status.kind === "error"
                ? status.message
                : "Connect the console's cable, then choose its port. Each finished run fills in the time; you save it."}
      </p>
      {connected && last ? (
        <p className="text-center font-mono text-5xl font-bold tabular-nums text-gray-900" data-testid="console-time" aria-label={`Time from the console ${last}`}>
          {last}
        </p>
      ) : null}
      <details className="rounded-lg border border-gray-200 p-3">
        <summary className="min-h-[44px] cursor-pointer font-semibold text-gray-900">Console settings</summary>
        <div className="mt-2 space-y-3">
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
        </div>
      </details>
    </section>
  );
}
