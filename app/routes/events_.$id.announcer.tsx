import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { PageHeader } from "~/components/PageHeader";
import type { AnnouncerView } from "~/features/ondeck/announcer.server";
import { announcerScreen } from "~/features/ondeck/screens.server";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Announcer: ${data?.eventName ?? "Race"} | ${APP_NAME}` }];

export const loader = ({ request, params }: LoaderFunctionArgs) => announcerScreen(request, params.id ?? "");

function Story({ who, big }: { who: NonNullable<AnnouncerView["gate"]>; big?: boolean }) {
  const horse = [who.registeredName && who.registeredName !== who.horseName ? `registered ${who.registeredName}` : null, who.yearFoaled ? `foaled ${who.yearFoaled}` : null].filter(Boolean).join(", ");
  return (
    <div>
      <p className={`${big ? "text-4xl" : "text-2xl"} font-black text-gray-900`}>
        {who.backNumber !== null ? <span className="mr-3 rounded bg-brand-100 px-2 font-mono">{who.backNumber}</span> : null}
        {who.riderName}
      </p>
      <p className={`${big ? "text-2xl" : "text-xl"} font-bold text-gray-800`}>
        on {who.horseName}
        {horse ? <span className="font-normal text-gray-700">{` (${horse})`}</span> : null}
      </p>
      <ul className={`mt-2 space-y-1 ${big ? "text-xl" : "text-lg"} text-gray-900`}>
        {who.hometown ? <li>{`From ${who.hometown}`}</li> : null}
        {who.standings.map((s) => (
          <li key={s}>{`This season: ${s}`}</li>
        ))}
        {who.lastTimeHere ? <li>{`Last time here: ${who.lastTimeHere}`}</li> : null}
        {who.gateCalls ? <li className="font-bold text-red-800">{`Gate call ${who.gateCalls} of 3`}</li> : null}
      </ul>
    </div>
  );
}

/** Follows the arena stream and reloads the view on each change (the page without JavaScript: reload). */
function useFollow(eventId: string) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const source = new EventSource(`/api/events/${encodeURIComponent(eventId)}/arena`);
    let first = true;
    source.addEventListener("arena", () => {
      if (first) return void (first = false);
      revalidate();
    });
    return () => source.close();
  }, [eventId, revalidate]);
}

export default function Announcer() {
  const view = useLoaderData<typeof loader>();
  useFollow(view.eventId);
  return (
    <>
      <PageHeader title={`Announcer: ${view.eventName}`} back={`/events/${view.eventId}/booth`} width="wide" />
      <main id="main" className="mx-auto max-w-4xl space-y-4 px-4 py-4">
        <p className="text-lg text-gray-800">
          {view.className ? <strong>{view.className}</strong> : null}
          {` · ${view.runsLeft} runs left`}
          {view.estimatedEnd ? ` · ends about ${view.estimatedEnd}` : ""}
          {view.lastRun ? ` · last: ${view.lastRun.riderName} ${view.lastRun.result}${view.lastRun.placed ? `, ${view.lastRun.placed}` : ""}` : ""}
        </p>
        <section className="card" aria-labelledby="on-gate">
          <h2 id="on-gate" className="text-sm font-bold uppercase tracking-wide text-brand-800">
            On the gate
          </h2>
          {view.gate ? <Story who={view.gate} big /> : <p className="text-xl">Everyone has run.</p>}
        </section>
        {view.next ? (
          <section className="card" aria-labelledby="next-up">
            <h2 id="next-up" className="text-sm font-bold uppercase tracking-wide text-brand-800">
              Next
            </h2>
            <Story who={view.next} />
          </section>
        ) : null}
      </main>
    </>
  );
}
