import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { ShareMenu } from "~/components/ShareMenu";
import { paidOutOfPlaces } from "~/features/books/books";
import { PotPaid } from "~/features/books/PotPaid";
import { classResultsAction, classResultsScreen } from "~/features/raceday/resultsScreen.server";
import { formatCents } from "~/features/raceday/time";
import { useHydrated } from "~/lib/useHydrated";
import { APP_NAME } from "~/schemas/constants";
import { MAX_REASON } from "~/schemas/raceday-words";
import { formatDateRange } from "~/features/events/format";

export const loader = ({ request, params }: LoaderFunctionArgs) => classResultsScreen(request, params.id ?? "", params.classId ?? "");

/** The producer's review: an override (amount and reason), taking one back, and Publish. */
export const action = ({ request, params }: ActionFunctionArgs) => classResultsAction(request, params.id ?? "", params.classId ?? "");

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Results | ${APP_NAME}` }];
  const title = `${data.view.className}: ${data.event.name}`;
  const winners = data.view.divisions
    .map((d) => d.places[0] && `${d.division}D ${d.places[0].riderName} ${d.places[0].time}`)
    .filter(Boolean)
    .join(" · ");
  const description = `Results, ${data.view.entryCount} ${data.view.entryCount === 1 ? "entry" : "entries"}, pot ${data.view.pot}${winners ? `. ${winners}` : ""}`;
  return [
    { title: `${title} | ${APP_NAME}` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
};

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Place = Data["view"]["divisions"][number]["places"][number];

export default function ClassResults() {
  const data = useLoaderData<typeof loader>();
  const { event, view, canManage } = data;
  const review = canManage;
  return (
    <>
      <div className="print-hidden">
        <PageHeader title="Results" back={`/events/${event.id}/results`} />
      </div>
      <main id="main" className="mx-auto max-w-3xl px-4 py-4 print:max-w-none print:p-0">
        <p className="text-sm font-semibold text-gray-700">{event.name}</p>
        <h2 className="text-2xl font-bold text-gray-900">{view.className}</h2>
        <p className="text-gray-800">
          {[event.arenaName, event.location].filter(Boolean).join(", ")} · {formatDateRange(event.date)}
        </p>
        <p className="mt-1 text-gray-900">
          <strong>{view.entryCount}</strong> {view.entryCount === 1 ? "entry" : "entries"} · <PotPaid potCents={view.potCents} paidOutCents={paidOutOfPlaces(view.divisions)} />
          {view.published ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">Published</span> : null}
        </p>

        {view.published ? (
          <div className="print-hidden mt-3 grid grid-cols-3 gap-2">
            <ShareMenu type="event" id={event.id} title={`${view.className}: ${event.name}`} origin={data.origin} path={data.path} />
            <a href={`/api/events/${event.id}/classes/${view.classId}/results.csv`} className="btn-secondary" download>
              CSV
            </a>
            <PrintButton />
          </div>
        ) : null}

        {review ? <ReviewBar data={data} /> : null}

        {view.divisions.map((d) => (
          <section key={d.division} className="card mt-4 print:mt-2 print:p-0" aria-labelledby={`division-${d.division}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`division-${d.division}`} className="text-lg font-bold text-gray-900">
                {d.division}D{d.start ? <span className="ml-2 text-sm font-normal text-gray-700">from {d.start}</span> : null}
              </h3>
              <p className="text-sm text-gray-700">
                {formatCents(d.potCents)} · pays {d.placesPaid}
              </p>
            </div>
            {d.places.length ? (
              <table className="mt-2 w-full table-fixed text-left">
                <thead className="text-sm text-gray-700">
                  <tr>
                    <th scope="col" className="w-12 py-1 pr-2">
                      Place
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      Rider and horse
                    </th>
                    <th scope="col" className="w-20 py-1 pr-2 text-right">
                      Time
                    </th>
                    <th scope="col" className="w-24 py-1 text-right">
                      Money
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {d.places.map((p) => (
                    <PlaceRow key={p.entryId} place={p} review={review} />
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="mt-2 text-gray-700">No times in this division.</p>
            )}
          </section>
        ))}

        {view.unplaced.length ? (
          <section className="card mt-4 print:mt-2 print:p-0" aria-labelledby="unplaced">
            <h3 id="unplaced" className="text-lg font-bold text-gray-900">
              No time
            </h3>
            <ul className="mt-2 divide-y divide-gray-100">
              {view.unplaced.map((u) => (
                <li key={u.entryId} className="flex justify-between gap-2 py-1.5">
                  <span className="name-wrap min-w-0">
                    {u.backNumber !== null ? `#${u.backNumber} ` : ""}
                    {u.riderName} <span className="text-gray-700">on {u.horseName}</span>
                  </span>
                  <span className="font-semibold text-gray-800">{u.outcome === "PENDING" ? "Yet to run" : u.outcome === "SCRATCH" ? "Scratch" : "NT"}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    </>
  );
}

function PlaceRow({ place: p, review }: { place: Place; review: boolean }) {
  const overridden = review && p.computedCents !== undefined && p.overrideReason;
  return (
    <tr className="align-top">
      <td className="py-2 pr-2 font-semibold">{p.place}</td>
      <td className="name-wrap py-2 pr-2">
        <span className="font-semibold text-gray-900">
          {p.backNumber !== null ? `#${p.backNumber} ` : ""}
          {p.riderName}
        </span>
        <span className="block text-gray-700">{p.horseName}</span>
        {overridden ? (
          <span className="block text-sm text-amber-900">
            Set by the producer (computed {formatCents(p.computedCents!)}): {p.overrideReason}
          </span>
        ) : null}
        {review ? <OverrideForm place={p} /> : null}
      </td>
      <td className="whitespace-nowrap py-2 pr-2 text-right font-mono">
        {p.time}
        {p.penalties ? <span className="block text-xs text-gray-700">+{p.penalties * 5} s</span> : null}
      </td>
      <td className="whitespace-nowrap py-2 text-right font-semibold">{p.payoutCents > 0 ? p.payout : ""}</td>
    </tr>
  );
}

function OverrideForm({ place: p }: { place: Place }) {
  return (
    <details className="print-hidden mt-1">
      <summary className="inline-flex min-h-[44px] cursor-pointer items-center text-sm font-semibold text-brand-800">Change payout</summary>
      <Form method="post" className="mt-1 grid gap-2 rounded-lg bg-gray-50 p-3 sm:grid-cols-[8rem_1fr_auto]">
        <input type="hidden" name="intent" value="override" />
        <input type="hidden" name="entryId" value={p.entryId} />
        <label>
          <span className="label">Amount ($)</span>
          <input name="amount" inputMode="decimal" required defaultValue={(p.payoutCents / 100).toFixed(2)} className="input" />
        </label>
        <label>
          <span className="label">Reason</span>
          <input name="reason" required maxLength={MAX_REASON} className="input" placeholder="Tie split agreed at the office" />
        </label>
        <button type="submit" className="btn-primary self-end">
          Set
        </button>
      </Form>
      {p.overrideReason ? (
        <Form method="post" className="mt-2 grid gap-2 rounded-lg bg-gray-50 p-3 sm:grid-cols-[1fr_auto]">
          <input type="hidden" name="intent" value="remove-override" />
          <input type="hidden" name="entryId" value={p.entryId} />
          <label>
            <span className="label">Reason for going back to {formatCents(p.computedCents ?? 0)}</span>
            <input name="reason" required maxLength={MAX_REASON} className="input" />
          </label>
          <button type="submit" className="btn-secondary self-end">
            Use Computed
          </button>
        </Form>
      ) : null}
    </details>
  );
}

function ReviewBar({ data }: { data: Data }) {
  const { view } = data;
  // The same count the publish refuses on (results.server.ts, waitingRuns).
  const waiting = view.stillToRun;
  return (
    <section className="print-hidden mt-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200" aria-labelledby="review-heading">
      <h3 id="review-heading" className="font-bold text-brand-900">
        {view.published ? "Published: changes publish again at once" : "Review before publishing"}
      </h3>
      <p className="mt-1 text-gray-800">
        {view.published
          ? "A corrected time or a changed payout updates the results, the riders' run logs, and tells each rider whose result changed."
          : "Check the placings and the money. Publishing puts the results on the public page and each rider's official run in their run log, and tells them."}
      </p>
      {waiting ? <p className="mt-1 font-semibold text-amber-900">{waiting} still to run{view.sidepotOf ? " in the class this sidepot pays on" : ""}: time them, or mark them NT or scratched at the booth.</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="publish" />
          <button type="submit" className="btn-primary" disabled={waiting > 0}>
            {view.published ? "Publish Again" : "Publish Results"}
          </button>
        </Form>
        <a data-discover className="btn-secondary" href={`/events/${view.eventId}/booth?class=${view.classId}`}>
          Booth
        </a>
      </div>
    </section>
  );
}

function PrintButton() {
  // Without JavaScript the browser's own Print menu prints the same layout.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="btn-secondary" onClick={() => window.print()}>
      Print
    </button>
  );
}
