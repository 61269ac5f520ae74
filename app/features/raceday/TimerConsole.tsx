import { lazy, Suspense, useState, useTransition } from "react";
import { useHydrated } from "~/lib/useHydrated";
import { CONSOLE_STATUS, ConsoleFrame, serialOf } from "./TimerConsoleFrame";

/*
 * The timer's console straight into the booth (Chromium's Web Serial):
 * "Connect timer" asks for the serial port, and each line the console
 * prints that carries a finished run (the producer's pattern) becomes the
 * time on the gate through `onTime`; the timer still saves it, with NT and
 * barrels as when typing. The settings (baud rate, the line's pattern) are
 * kept on this device, with the last lines received shown as a preview so a
 * pattern can be fitted to any console. Without Web Serial the button is
 * off, the line under it says why, and typing works as always.
 *
 * Most booths type their times, and a phone has no port to reach: the
 * console's code (SerialConsole.tsx) loads on the first tap on Connect Timer
 * or on its settings, not with the booth.
 */

const load = () => import("./SerialConsole");
const SerialConsole = lazy(load);

export function TimerConsole({ onTime }: { onTime: (time: string) => void }) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState<"connect" | "settings" | null>(null);
  // While the code loads, this frame stays as it is (a transition), and the button waits.
  const [loading, startLoading] = useTransition();
  const open = (how: "connect" | "settings") => startLoading(() => setOpened((o) => o ?? how));
  const supported = hydrated && serialOf() !== null;
  const frame = (
    <ConsoleFrame
      button={
        // Pointing at it starts the download, so the port's chooser opens at once on the tap.
        <button type="button" className="btn-secondary" disabled={!supported || loading} onPointerEnter={() => void load()} onClick={() => open("connect")}>
          Connect Timer
        </button>
      }
      status={!hydrated ? "Type each time below." : supported ? CONSOLE_STATUS.idle : CONSOLE_STATUS.unsupported}
      settingsOpen={false}
      onSettingsToggle={(isOpen) => isOpen && open("settings")}
      settings={<p className="text-sm text-gray-700">{hydrated ? "Loading the settings…" : "The console's settings need JavaScript."}</p>}
    />
  );
  return <Suspense fallback={frame}>{opened ? <SerialConsole onTime={onTime} connectFirst={opened === "connect"} settingsOpen={opened === "settings"} /> : frame}</Suspense>;
}
