import { useEffect, useState } from "react";
import type { ArenaRider, ArenaView } from "./arena.server";

/*
 * The arena screen at 1920 x 1080 (a TV or a projector): large type, white
 * and yellow on black, nothing to scroll or press. It follows the event's
 * arena stream (EventSource reconnects by itself after a dropped
 * connection or a server restart) and keeps only the latest view, so a
 * whole day of updates holds one view in memory. `draw` pages through the
 * running order by itself.
 */

const DRAW_ROWS = 12;
const DRAW_PAGE_MS = 8_000;

function useArena(initial: ArenaView) {
  const [view, setView] = useState(initial);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const source = new EventSource(`/api/events/${encodeURIComponent(initial.eventId)}/arena`);
    const onView = (e: MessageEvent<string>) => setView(JSON.parse(e.data) as ArenaView);
    source.addEventListener("arena", onView as EventListener);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    return () => source.close();
  }, [initial.eventId]);
  return { view, connected };
}

function Back({ n }: { n: number | null }) {
  return n === null ? null : <span className="mr-4 rounded-lg bg-yellow-300 px-4 font-mono text-black">{n}</span>;
}

function NextRider({ r }: { r: ArenaRider }) {
  return (
    <li className="flex items-baseline gap-6 border-t border-gray-700 py-5 text-6xl">
      {r.dragBefore ? <span className="rounded bg-gray-200 px-3 text-3xl font-bold text-black">DRAG</span> : null}
      <Back n={r.backNumber} />
      <span className="truncate font-bold">{r.riderName}</span>
      <span className="truncate text-gray-300">{r.horseName}</span>
    </li>
  );
}

function DrawPages({ view }: { view: ArenaView }) {
  const pages = view.draw.flatMap((c) => {
    const chunks = [];
    for (let i = 0; i < Math.max(1, c.order.length); i += DRAW_ROWS) chunks.push({ className: c.className, rows: c.order.slice(i, i + DRAW_ROWS), page: i / DRAW_ROWS + 1, of: Math.max(1, Math.ceil(c.order.length / DRAW_ROWS)) });
    return chunks;
  });
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setPage((p) => p + 1), DRAW_PAGE_MS);
    return () => clearInterval(timer);
  }, []);
  const shown = pages.length ? pages[page % pages.length]! : null;
  if (!shown) return <p className="text-6xl">No draw published yet.</p>;
  return (
    <section aria-label="Draw" data-testid="arena-draw">
      <h2 className="text-6xl font-black text-yellow-300">
        {shown.className} draw <span className="text-4xl font-bold text-gray-300">{`page ${shown.page} of ${shown.of}`}</span>
      </h2>
      <ol className="mt-6 grid grid-cols-2 gap-x-16">
        {shown.rows.map((r, i) => (
          <li key={`${r.position}-${i}`} className={`flex items-baseline gap-4 border-t border-gray-700 py-3 text-4xl ${r.done ? "text-gray-500 line-through" : ""}`}>
            <span className="w-16 text-right font-mono text-gray-300">{r.position ?? ""}</span>
            {r.dragBefore ? <span className="rounded bg-gray-200 px-2 text-2xl font-bold text-black no-underline">DRAG</span> : null}
            <Back n={r.backNumber} />
            <span className="truncate font-bold">{r.riderName}</span>
            <span className="truncate text-gray-300">{r.horseName}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ArenaScreen({ initial, draw }: { initial: ArenaView; draw: boolean }) {
  const { view, connected } = useArena(initial);
  const now = view.ridingNow;
  return (
    <main id="main" className="flex h-screen w-screen flex-col overflow-hidden bg-black p-10 text-white" data-testid="arena" data-version={view.version}>
      <header className="flex items-baseline justify-between gap-8">
        <h1 className="truncate text-5xl font-black">
          {view.eventName}
          {view.className ? <span className="ml-6 text-yellow-300">{view.className}</span> : null}
        </h1>
        <p className="shrink-0 text-4xl font-bold" data-testid="arena-runs-left">
          {`${view.runsLeft} run${view.runsLeft === 1 ? "" : "s"} left`}
          {view.estimatedEnd ? <span className="ml-6 text-gray-300">{`ends about ${view.estimatedEnd}`}</span> : null}
          <span className={`ml-6 inline-block h-5 w-5 rounded-full ${connected ? "bg-green-500" : "bg-gray-600"}`} role="img" aria-label={connected ? "Live" : "Reconnecting"} />
        </p>
      </header>

      {view.announcements.length ? (
        <p className="mt-6 rounded-xl bg-yellow-300 px-8 py-4 text-5xl font-black text-black" role="status" data-testid="arena-announcements">
          {view.announcements.join(" · ")}
        </p>
      ) : null}

      {draw ? (
        <div className="mt-8 min-h-0 flex-1">
          <DrawPages view={view} />
        </div>
      ) : (
        <div className="mt-8 grid min-h-0 flex-1 grid-cols-[3fr_2fr] gap-12">
          <div className="min-w-0">
            <section aria-label="Riding now">
              <h2 className="text-4xl font-bold uppercase tracking-wider text-yellow-300">Riding now</h2>
              {now ? (
                <div data-testid="arena-now">
                  <p className="mt-2 flex items-baseline text-8xl font-black">
                    <Back n={now.backNumber} />
                    <span className="truncate">{now.riderName}</span>
                  </p>
                  <p className="mt-2 truncate text-6xl font-bold text-gray-200">
                    {now.horseName}
                    {now.hometown ? <span className="ml-6 text-5xl font-normal text-gray-300">{now.hometown}</span> : null}
                  </p>
                  {now.gateCalls ? <p className="mt-3 text-5xl font-black text-yellow-300" data-testid="arena-gate-call">{`Gate call ${now.gateCalls} of 3`}</p> : null}
                </div>
              ) : (
                <p className="mt-2 text-6xl font-bold">Everyone has run.</p>
              )}
            </section>
            <section aria-label="Next" className="mt-10">
              <h2 className="text-4xl font-bold uppercase tracking-wider text-yellow-300">Next</h2>
              <ol className="mt-2">
                {view.next.map((r) => (
                  <NextRider key={r.entryId} r={r} />
                ))}
              </ol>
            </section>
          </div>
          <div className="min-w-0 space-y-8">
            <section aria-label="Last run" data-testid="arena-last">
              <h2 className="text-4xl font-bold uppercase tracking-wider text-yellow-300">Last run</h2>
              {view.lastRun ? (
                <>
                  <p className="mt-2 truncate text-6xl font-bold">{view.lastRun.riderName}</p>
                  <p className="mt-1 flex items-baseline justify-between gap-4">
                    <span className="font-mono text-8xl font-black">{view.lastRun.result}</span>
                    {view.lastRun.placed ? <span className="text-4xl text-gray-200">{view.lastRun.placed}</span> : null}
                  </p>
                </>
              ) : (
                <p className="mt-2 text-4xl text-gray-300">No runs yet.</p>
              )}
            </section>
            {view.divisions.filter((d) => d.timeToBeat).slice(0, 4).map((d) => (
              <section key={d.division} aria-label={`${d.division}D`}>
                <h2 className="flex items-baseline justify-between text-4xl font-bold text-yellow-300">
                  <span>{`${d.division}D`}</span>
                  <span className="text-3xl text-white">
                    Time to beat <span className="font-mono text-5xl font-black">{d.timeToBeat}</span>
                  </span>
                </h2>
                <ol className="mt-2 text-4xl">
                  {d.inTheMoney.slice(0, 3).map((p) => (
                    <li key={`${d.division}-${p.place}-${p.riderName}`} className="flex justify-between gap-4 border-t border-gray-700 py-2">
                      <span className="truncate">{`${p.place}. ${p.riderName}`}</span>
                      <span className="shrink-0 font-mono">{`${p.time} · ${p.payout}`}</span>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </div>
      )}
    </main>
  );
}
