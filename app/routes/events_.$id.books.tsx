import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CloseOutDays } from "~/features/books/CloseOutDays";
import { MoneyRulesForm } from "~/features/books/MoneyRulesForm";
import { ChargeForm } from "~/features/books/ChargeForm";
import { PageHeader } from "~/components/PageHeader";
import { methodLabel, PAID_COLUMNS } from "~/features/books/labels";
import { differenceText, PotPaid } from "~/features/books/PotPaid";
import { PrintButton } from "~/features/books/PrintButton";
import { booksAction, booksScreen } from "~/features/books/screens.server";
import { formatDateRange } from "~/features/events/format";
import { formatCents } from "~/features/raceday/time";
import { formatEventTime } from "~/features/raceday/when";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Books: ${data?.event.name ?? "Event"} | ${APP_NAME}` }, { name: "robots", content: "noindex" }];
export const loader = ({ request, params }: LoaderFunctionArgs) => booksScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => booksAction(request, params.id ?? "");

type Books = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Omit<Books["classes"][number], "classId" | "className">;

const money = (cents: number) => (cents === 0 ? "–" : formatCents(cents));

function BooksRow({ label, row, total = false }: { label: string; row: Row; total?: boolean }) {
  const Cell = total ? "th" : "td";
  return (
    <tr className={total ? "border-t-2 border-gray-900 font-bold" : "border-t border-gray-200"} data-testid={total ? "books-total" : "books-class"}>
      <th scope="row" className="px-2 py-2 text-left font-semibold">
        {label}
        {!total && !row.published ? <span className="block text-xs font-normal text-gray-600">not published</span> : null}
      </th>
      <Cell className="px-2 py-2 text-right">{row.entries}</Cell>
      <Cell className="px-2 py-2 text-right">{formatCents(row.feesDueCents)}</Cell>
      {PAID_COLUMNS.map((m) => (
        <Cell key={m} className="px-2 py-2 text-right">
          {money(row.paidCents[m])}
        </Cell>
      ))}
      <Cell className={`px-2 py-2 text-right ${row.unpaidCents ? "text-red-800" : ""}`}>{money(row.unpaidCents)}</Cell>
      <Cell className="px-2 py-2 text-right">{money(row.producerShareCents)}</Cell>
      <Cell className="px-2 py-2 text-right">{money(row.addedMoneyCents)}</Cell>
      <Cell className="px-2 py-2 text-right">{formatCents(row.potCents)}</Cell>
      <Cell className="px-2 py-2 text-right">
        {formatCents(row.paidOutCents)}
        {row.paidOutDifferenceCents && row.paidOutCents ? <span className="block text-xs font-semibold text-amber-900 print:text-black">{differenceText(row.paidOutDifferenceCents)}</span> : null}
      </Cell>
    </tr>
  );
}

function Line({ label, cents, strong = false, note }: { label: string; cents: number; strong?: boolean; note?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 border-b border-dotted border-gray-400 py-1.5 ${strong ? "text-base font-bold" : ""}`}>
      <dt>
        {label}
        {note ? <span className="block text-xs font-normal text-gray-600">{note}</span> : null}
      </dt>
      <dd className="tabular-nums">{formatCents(cents)}</dd>
    </div>
  );
}

/** The producer's books of one event: per class and in all, who still owes, and the close-out sheet the office signs. */
export default function EventBooks() {
  const b = useLoaderData<typeof loader>();
  const c = b.closeOut;
  const unpaidByClass = b.classes.filter((k) => k.unpaid.length);
  const refused = useActionData<typeof action>();
  return (
    <>
      <div className="print-hidden">
        <PageHeader title="Books" back={`/events/${b.event.id}/race-day`} width="wide" />
      </div>
      <main id="main" className="print-landscape mx-auto max-w-7xl space-y-4 px-4 py-4 pb-24 print:max-w-none print:space-y-3 print:p-0 print:text-[11pt]">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-xl font-bold text-gray-900">{b.event.name}</h2>
            <p className="text-gray-700">
              {formatDateRange(b.event.date, b.event.endDate)} · {b.event.location}
            </p>
            <p className="hidden text-sm print:block">
              Printed <time dateTime={b.printedAt}>{formatEventTime(b.printedAt, b.zone)}</time>
            </p>
          </div>
          <nav aria-label="The books" className="print-hidden flex flex-wrap items-center gap-2">
            <PrintButton label="Print Close-Out" />
            <a href={`/api/events/${b.event.id}/books.csv`} className="btn-secondary" download>
              CSV of Every Entry
            </a>
            <a data-discover href={`/events/${b.event.id}/checks`} className="btn-secondary">
              Checks to Winners
            </a>
          </nav>
        </div>

        <section aria-labelledby="by-class" className="card print:border-0 print:p-0">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="by-class" className="text-lg font-bold text-gray-900">
              By class
            </h3>
            <PotPaid potCents={b.totals.potCents} paidOutCents={b.totals.paidOutCents} className="text-sm text-gray-800" />
          </div>
          <div className="mt-2 overflow-x-auto" role="region" aria-label="The books by class" tabIndex={0}>
            <table className="books-table w-full min-w-[60rem] text-sm tabular-nums print:min-w-0">
              <thead className="text-gray-700">
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">
                    Class
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Entries
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Fees due
                  </th>
                  {PAID_COLUMNS.map((m) => (
                    <th key={m} scope="col" className="px-2 py-1 text-right">
                      {methodLabel(m)}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1 text-right">
                    Unpaid
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Producer&apos;s share
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Added
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Pot
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Paid out
                  </th>
                </tr>
              </thead>
              <tbody>
                {b.classes.map((k) => (
                  <BooksRow key={k.classId} label={k.className} row={k} />
                ))}
              </tbody>
              <tfoot>
                <BooksRow label="Event" row={b.totals} total />
              </tfoot>
            </table>
          </div>
          {b.classes.length === 0 ? <p className="mt-2 text-gray-700">No classes yet: add them on the race-day hub.</p> : null}
          {b.jackpotSharePercent !== null ? (
            <p className={`mt-2 text-sm font-semibold ${b.jackpotBelowMinimum ? "text-red-800" : "text-gray-800"}`} data-testid="jackpot-share">
              {b.jackpotSharePercent}% of the fees went to the jackpot
              {b.jackpotBelowMinimum ? `: under the ${b.jackpotMinimumPercent}% associations ask, and the showbill must say so` : ""}
            </p>
          ) : null}
          <p className="mt-2 text-xs text-gray-600 print:hidden">
            Paid out is what the placings pay after your overrides: the published results, or your review until a class is published. Comp is a fee you waived: paid, with no money in.
          </p>
        </section>

        <div className="grid gap-4 lg:grid-cols-2 print:block">
          <section aria-labelledby="unpaid-title" className="card print:hidden">
            <h3 id="unpaid-title" className="text-lg font-bold text-gray-900">
              Unpaid{b.totals.unpaid.length ? ` (${b.totals.unpaid.length}, ${formatCents(b.totals.unpaidCents)})` : ""}
            </h3>
            {unpaidByClass.length ? (
              unpaidByClass.map((k) => (
                <div key={k.classId} className="mt-2">
                  <h4 className="font-semibold text-gray-900">{k.className}</h4>
                  <ul className="divide-y divide-gray-200 text-sm" data-testid="unpaid-list">
                    {k.unpaid.map((u) => (
                      <li key={u.entryId} className="flex justify-between gap-2 py-1.5">
                        <span className="name-wrap min-w-0">
                          {u.backNumber ? <span className="mr-1 font-semibold tabular-nums">#{u.backNumber}</span> : null}
                          {u.riderName} · {u.horseName}
                        </span>
                        <span className="tabular-nums">{formatCents(u.balanceCents)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))
            ) : (
              <p className="mt-1 text-gray-700">Every entry has paid.</p>
            )}
            {b.totals.refunds.length ? (
              <div className="mt-3">
                <h4 className="font-semibold text-gray-900">Owed back</h4>
                <p className="text-xs text-gray-600">A scratch's refund under your scratch policy, or a fee lowered after it was paid: refund it from the race-day hub.</p>
                <ul className="divide-y divide-gray-200 text-sm">
                  {b.totals.refunds.map((u) => (
                    <li key={u.entryId} className="flex justify-between gap-2 py-1.5">
                      <span className="name-wrap min-w-0">
                        {u.riderName} · {u.horseName} · {methodLabel(u.paidMethod ?? "NOT_SAID")}
                      </span>
                      <span className="tabular-nums">{formatCents(-u.balanceCents)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>

          <section aria-labelledby="close-out-title" className="card break-inside-avoid print:mt-4 print:border-2 print:border-black print:shadow-none" data-testid="close-out">
            <h3 id="close-out-title" className="text-lg font-bold text-gray-900">
              Close-out sheet
            </h3>
            <dl className="mt-2 text-sm">
              <Line label="Cash to account for" cents={c.cashCents} strong />
              <Line label="Checks received for fees" cents={c.checksReceivedCents} note={c.checksReceived.length ? c.checksReceived.map((k) => `#${k.number ?? "?"} ${k.riderName}`).join(", ") : undefined} />
              <Line label="Card" cents={c.cardCents} />
              <Line label="Online" cents={c.onlineCents} />
              {c.notSaidCents ? <Line label="Paid, method not recorded" cents={c.notSaidCents} /> : null}
              <Line label="Collected in all" cents={c.collectedCents} strong />
              <Line label="Comped (no money in)" cents={c.compCents} />
              <Line label="Unpaid fees still owed" cents={b.totals.unpaidCents} />
              {b.refundsCents ? <Line label="Refunds paid out" cents={b.refundsCents} /> : null}
              {b.totals.refundCents ? <Line label="Refunds still owed" cents={b.totals.refundCents} /> : null}
              {b.lateFeesCents ? <Line label="Late fees (not in the pot)" cents={b.lateFeesCents} /> : null}
              {b.chargesCents ? <Line label="Office and arena charges (not in the pot)" cents={b.chargesCents} /> : null}
              <Line label="Producer's share" cents={b.totals.producerShareCents} />
              <Line label="Added money" cents={b.totals.addedMoneyCents} />
              <Line label="Pot" cents={b.totals.potCents} />
              <Line label="Checks to write to winners" cents={c.paidOutCents} strong note={b.totals.paidOutDifferenceCents ? `${differenceText(b.totals.paidOutDifferenceCents)} against the pot, after overrides` : undefined} />
              <Line label="Left to the producer (collected less checks to write)" cents={c.netToProducerCents} strong />
            </dl>
            <div className="mt-6 grid grid-cols-2 gap-x-6 gap-y-8 text-sm">
              {["Counted by", "Date", "Secretary", "Producer"].map((who) => (
                <div key={who} className="border-t border-gray-900 pt-1 text-gray-700">
                  {who}
                </div>
              ))}
            </div>
          </section>
        </div>
        <CloseOutDays days={b.closeouts.days} checksToWriteCents={b.closeouts.checksToWriteCents} producerShareCents={b.closeouts.producerShareCents} refused={refused && "day" in refused ? refused : null} />
        <ChargeForm refused={refused && "charge" in refused ? refused.charge : null} />
        <MoneyRulesForm rules={b.moneyRules} refused={refused && "rules" in refused ? refused.rules : null} />
      </main>
    </>
  );
}
