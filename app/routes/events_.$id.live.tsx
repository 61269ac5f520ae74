import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MyRunsCard } from "~/features/ondeck/PlaceInLine";
import { liveScreen } from "~/features/ondeck/screens.server";
import { useMyRuns } from "~/features/ondeck/useMyRuns";
import type { LiveView } from "~/features/raceday/live.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Live: ${data?.event.name ?? "Race"} | ${APP_NAME}` },
  { name: "description", content: `Live results of ${data?.event.name ?? "the race"}: the last runs, the leaders, who is on deck.` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => liveScreen(request, params.id ?? "");

/** Follows the event's live stream; the server's HTML (and a reload without JavaScript) shows the latest as of the request. */
function useLiveView(eventId: string, initial: LiveView) {
  const [view, setView] = useState(initial);
  const [connected, setConnected] = useState(false);
  useEffect(() => setView(initial), [initial]);
  useEffect(() => {
    const source = new EventSource(`/api/events/${encodeURIComponent(eventId)}/live`);
    source.addEventListener("live", (e) => setView(JSON.parse((e as MessageEvent<string>).data) as LiveView));
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    return () => source.close();
  }, [eventId]);
  return { view, connected };
}

export default function Live() {
  const { event, view: initial, mine } = useLoaderData<typeof loader>();
  const { view, connected } = useLiveView(event.id, initial);
  const runs = useMyRuns(mine);
  const place = [event.arenaName, event.location].filter(Boolean).join(", ");
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <p className="text-sm font-bold uppercase tracking-wide text-brand-800">Live</p>
          <h1 className="text-2xl font-bold text-gray-900">{event.name}</h1>
          <p className="text-gray-800">{place}</p>
        </div>
        <p role="status" className="text-sm text-gray-700">
          <span className={`mr-1 inline-block h-2.5 w-2.5 rounded-full ${connected ? "bg-green-600" : "bg-gray-400"}`} aria-hidden />
          {connected ? "Updating live" : "Reload for the latest"}
        </p>
      </header>

      <nav className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Race pages">
        <a data-discover className="btn-secondary" href={`/events/${event.id}/results`}>
          Results
        </a>
        <a data-discover className="btn-secondary" href={`/share/event/${event.id}`}>
          Event
        </a>
      </nav>

      {Object.keys(runs).length ? (
        <div className="mt-4">
          <MyRunsCard runs={Object.values(runs)} />
        </div>
      ) : null}

      {view.classes.length === 0 ? <p className="card mt-4 text-gray-800">No classes yet.</p> : null}

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="last-runs" className="card min-w-0">
          <h2 id="last-runs" className="font-bold text-gray-900">
            Last runs
          </h2>
          {view.lastRuns.length ? (
            <ol className="mt-2 divide-y divide-gray-100" data-testid="last-runs">
              {view.lastRuns.map((run) => (
                <li key={run.id} className="flex items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-gray-900">
                      {run.riderName} <span className="font-normal text-gray-700">on {run.horseName}</span>
                    </p>
                    <p className="text-sm text-gray-600">
                      {run.className}
                      {run.exhibition ? <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">Exhibition</span> : null}
                    </p>
                  </div>
                  <p className="shrink-0 text-right font-mono text-lg font-bold text-gray-900">
                    {run.outcome === "TIME" ? run.time : run.outcome === "NT" ? "NT" : "Scratch"}
                    {run.penalties ? <span className="block text-xs font-normal text-gray-700">{`+${run.penalties * 5} s`}</span> : null}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-2 text-gray-700">No runs yet.</p>
          )}
        </section>

        {view.classes.map((cls) => (
          <section key={cls.id} aria-labelledby={`class-${cls.id}`} className="card min-w-0">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id={`class-${cls.id}`} className="font-bold text-gray-900">
                {cls.name}
              </h2>
              <p className="text-sm text-gray-700">
                {cls.ran} of {cls.entries} run
              </p>
            </div>
            {cls.onDeck.length ? (
              <>
                <h3 className="mt-3 text-sm font-bold uppercase tracking-wide text-brand-800">On deck</h3>
                <ol className="mt-1 space-y-1">
                  {cls.onDeck.map((e, i) => (
                    <li key={e.entryId} className="text-gray-900">
                      {e.dragBefore ? <span className="mr-1 rounded bg-gray-200 px-1.5 text-xs font-semibold text-gray-800">Drag</span> : null}
                      <span className="font-semibold">{i === 0 ? "Gate: " : ""}</span>
                      {i === 0 && e.gateCalls ? <span className="mr-1 rounded bg-red-100 px-1.5 text-xs font-semibold text-red-900" data-testid="live-gate-call">{`Gate call ${e.gateCalls} of 3`}</span> : null}
                      {e.backNumber !== null ? `#${e.backNumber} ` : ""}
                      {e.riderName} <span className="text-gray-700">on {e.horseName}</span>
                      {e.exhibition ? <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">Exhibition</span> : null}
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
            {cls.leaders.length ? (
              <>
                <h3 className="mt-3 text-sm font-bold uppercase tracking-wide text-brand-800">Leaders</h3>
                <div className="mt-1 space-y-2">
                  {cls.leaders.map((d) => (
                    <div key={d.division}>
                      {cls.leaders.length > 1 || d.division > 1 ? <p className="text-sm font-semibold text-gray-700">{d.division}D</p> : null}
                      <ol>
                        {d.places.map((p) => (
                          <li key={p.entryId} className="flex justify-between gap-2">
                            <span className="min-w-0 truncate">
                              {p.place}. {p.riderName} <span className="text-gray-700">on {p.horseName}</span>
                            </span>
                            <span className="font-mono font-semibold">{p.time}</span>
                          </li>
                        ))}
                      </ol>
                    </div>
                  ))}
                </div>
              </>
            ) : null}
          </section>
        ))}
      </div>
    </main>
  );
}
