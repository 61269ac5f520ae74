import type { ReactNode } from "react";

/*
 * What the timer's console shows before its code is loaded and after: the
 * heading, the button, one status line, the settings' summary. The booth's
 * server page and its first tap show this same frame, so loading the
 * console's code (SerialConsole.tsx) moves nothing on the page.
 */

export type SerialPortLike = {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readable: ReadableStream<Uint8Array> | null;
};
type SerialLike = { requestPort(): Promise<SerialPortLike> };

/** Chromium's Web Serial, where this browser has it. */
export const serialOf = (): SerialLike | null => (typeof navigator !== "undefined" && "serial" in navigator ? ((navigator as unknown as { serial: SerialLike }).serial ?? null) : null);

export const CONSOLE_ID = "timer-console";

export const CONSOLE_STATUS = {
  unsupported: "Connecting a timer needs Chrome or Edge on a computer: type each time below.",
  idle: "Connect the console's cable, then choose its port: each finished run fills in the time.",
};

type Props = {
  button: ReactNode;
  status: string;
  /** Under the status line: the time the console printed last, while connected. */
  shown?: ReactNode;
  settingsOpen: boolean;
  onSettingsToggle: (open: boolean) => void;
  settings: ReactNode;
};

export function ConsoleFrame({ button, status, shown, settingsOpen, onSettingsToggle, settings }: Props) {
  return (
    <section id={CONSOLE_ID} className="card space-y-3" aria-labelledby="timer-console-title" data-testid="timer-console">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="timer-console-title" className="text-sm font-bold uppercase tracking-wide text-brand-800">
          Timer console
        </h2>
        {button}
      </div>
      {/* Room for the longest message on a phone (two lines): a message replaced by another moves nothing below. */}
      <p className="min-h-10 text-sm text-gray-700" role="status">
        {status}
      </p>
      {shown}
      <details className="rounded-lg border border-gray-200 p-3" open={settingsOpen} onToggle={(e) => onSettingsToggle(e.currentTarget.open)}>
        <summary className="min-h-[44px] cursor-pointer font-semibold text-gray-900">Console settings</summary>
        <div className="mt-2 space-y-3">{settings}</div>
      </details>
    </section>
  );
}
