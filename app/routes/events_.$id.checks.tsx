import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { PageHeader } from "~/components/PageHeader";
import { PrintButton } from "~/features/books/PrintButton";
import { checksAction, checksScreen } from "~/features/books/screens.server";
import { formatDateRange } from "~/features/events/format";
import { formatCents } from "~/features/raceday/time";
import { formatEventTime } from "~/features/raceday/when";
import { BOOKS_LIMITS } from "~/schemas/books";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Checks: ${data?.event.name ?? "Event"} | ${APP_NAME}` }, { name: "robots", content: "noindex" }];
export const loader = ({ request, params }: LoaderFunctionArgs) => checksScreen(request, params.id ?? "");
export const action = ({ request, params }: ActionFunctionArgs) => checksAction(request, params.id ?? "");

type Checks = ReturnType<typeof useLoaderData<typeof loader>>;
type Payee = Checks["payees"][number];

const STATUS: Record<Payee["status"], { label: string; className: string }> = {
  TO_WRITE: { label: "To write", className: "bg-amber-100 text-amber-900" },
  WRITTEN: { label: "Written", className: "bg-green-100 text-green-900" },
  DIFFERS: { label: "Amount changed", className: "bg-red-100 text-red-900" },
  NOTHING_OWED: { label: "Nothing owed", className: "bg-gray-100 text-gray-800" },
};

function PayeeRow({ payee, zone, focus }: { payee: Payee; zone: string; focus: boolean }) {
  const refused = useActionData<typeof action>();
  const mine = refused && refused.payeeKey === payee.payeeKey ? refused : null;
  const id = `check-${payee.payeeKey}`;
  const status = STATUS[payee.status];
  return (
    <tr className="block border-t border-gray-200 py-2 align-top md:table-row md:py-0 print:table-row" data-testid="payee-row">
      <th scope="row" className="block px-2 py-1 text-left md:table-cell print:table-cell md:py-3">
        <span className="name-wrap block font-semibold text-gray-900 md:max-w-[14rem]">{payee.payeeName}</span>
        <span className="block text-xs font-normal text-gray-600">{payee.walkUp ? "Walk-up, name as entered" : "Account"}</span>
      </th>
      <td className="block px-2 py-1 text-sm md:table-cell print:table-cell md:py-3">
        <ul className="space-y-0.5">
          {payee.lines.map((l, i) => (
            <li key={i} className="name-wrap">
              {l.className} · {l.horseName}
              {l.placing ? ` · ${l.placing}` : ""} · <span className="tabular-nums">{formatCents(l.amountCents)}</span>
            </li>
          ))}
        </ul>
        {payee.voided.length ? (
          <p className="mt-1 text-xs text-gray-600">
            Void:{" "}
            {payee.voided.map((v) => (
              <span key={v.number} className="mr-2">
                <s>#{v.number}</s> {formatCents(v.amountCents)} ({v.voidReason})
              </span>
            ))}
          </p>
        ) : null}
      </td>
      <td className="block px-2 py-1 font-bold tabular-nums md:table-cell print:table-cell md:py-3 md:text-right">
        <span className="md:hidden">Total </span>
        {formatCents(payee.totalCents)}
      </td>
      <td className="block px-2 py-1 md:table-cell print:table-cell md:py-3">
        <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${status.className} print:border print:border-black print:bg-white print:text-black`}>{status.label}</span>
        {"stale" in payee && payee.stale ? (
          <span className="ml-1 inline-block rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 print:border print:border-black print:bg-white print:text-black" data-testid="check-stale">
            Stale
          </span>
        ) : null}
        {payee.status === "DIFFERS" && payee.check ? (
          <p className="mt-1 text-xs text-red-900">
            Written for {formatCents(payee.check.amountCents)}; owed now {formatCents(payee.totalCents)}. Void it and write another.
          </p>
        ) : null}
      </td>
      <td className="block px-2 py-1 md:table-cell print:table-cell md:py-3">
        {payee.check ? (
          <div className="space-y-1">
            <p className="font-semibold text-gray-900">
              Check #{payee.check.number} · <span className="tabular-nums">{formatCents(payee.check.amountCents)}</span>
            </p>
            <p className="text-xs text-gray-600">
              Written <time dateTime={payee.check.writtenAt}>{formatEventTime(payee.check.writtenAt, zone)}</time>
              {payee.check.cashedAt ? (
                <>
                  {" · cashed "}
                  <time dateTime={payee.check.cashedAt}>{formatEventTime(payee.check.cashedAt, zone)}</time>
                </>
              ) : null}
            </p>
            {payee.check.cashedAt ? null : (
              <Form method="post" className="print-hidden">
                <input type="hidden" name="payeeKey" value={payee.payeeKey} />
                <button type="submit" name="intent" value="check-cashed" className="btn-secondary min-h-[44px] px-3 py-1 text-sm" aria-label={`Mark check #${payee.check.number} to ${payee.payeeName} cashed`}>
                  Mark Cashed
                </button>
                {mine?.intent === "check-cashed" ? (
                  <p role="alert" className="text-sm text-red-800">
                    {mine.message}
                  </p>
                ) : null}
              </Form>
            )}
            <details className="print-hidden" open={mine?.intent === "check-void"}>
              <summary className="inline-flex min-h-[44px] cursor-pointer items-center text-sm font-semibold text-red-800">Void check #{payee.check.number}</summary>
              <Form method="post" className="mt-1 flex flex-wrap items-end gap-2">
                <input type="hidden" name="payeeKey" value={payee.payeeKey} />
                <div className="min-w-[10rem] flex-1">
                  <label htmlFor={`${id}-reason`} className="label">
                    Why void
                  </label>
                  <input id={`${id}-reason`} name="reason" className="input" maxLength={BOOKS_LIMITS.voidReason} defaultValue={mine?.intent === "check-void" ? mine.value : ""} aria-invalid={mine?.intent === "check-void" ? true : undefined} aria-describedby={mine?.intent === "check-void" ? `${id}-reason-error` : undefined} />
                </div>
                <button type="submit" name="intent" value="check-void" className="btn-secondary text-red-800">
                  Void
                </button>
                {mine?.intent === "check-void" ? (
                  <p id={`${id}-reason-error`} role="alert" className="w-full text-sm text-red-800">
                    {mine.message}
                  </p>
                ) : null}
              </Form>
            </details>
          </div>
        ) : payee.totalCents > 0 ? (
          <>
            <Form method="post" className="print-hidden flex items-end gap-2">
              <input type="hidden" name="payeeKey" value={payee.payeeKey} />
              <div className="w-36">
                <label htmlFor={`${id}-number`} className="label">
                  Check number
                </label>
                <input
                  id={`${id}-number`}
                  name="number"
                  className="input tabular-nums"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={BOOKS_LIMITS.checkNumber}
                  // The next check to write gets the cursor, so the office types number after number.
                  autoFocus={focus}
                  defaultValue={mine?.intent === "check-number" ? mine.value : ""}
                  aria-invalid={mine?.intent === "check-number" ? true : undefined}
                  aria-describedby={mine?.intent === "check-number" ? `${id}-number-error` : undefined}
                />
              </div>
              <button type="submit" name="intent" value="check-number" className="btn-primary" aria-label={`Save check number for ${payee.payeeName}`}>
                Save
              </button>
            </Form>
            {mine?.intent === "check-number" ? (
              <p id={`${id}-number-error`} role="alert" className="mt-1 text-sm text-red-800">
                {mine.message}
              </p>
            ) : null}
            <p className="hidden print:block">No. ________</p>
          </>
        ) : null}
      </td>
    </tr>
  );
}

/** The checks to an event's winners: one row a payee, the number typed as each check is written; printable. */
export default function EventChecks() {
  const c = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  // After a refusal the cursor stays in the row refused; else it goes to the first check still to write.
  const focusKey = refused?.payeeKey ?? c.payees.find((p) => p.status === "TO_WRITE")?.payeeKey;
  // With JavaScript the page stays mounted after a save: move the cursor as a fresh page's autofocus would.
  useEffect(() => {
    if (focusKey) document.getElementById(`check-${focusKey}-${refused?.intent === "check-void" ? "reason" : "number"}`)?.focus();
  }, [focusKey, refused, c]);
  return (
    <>
      <div className="print-hidden">
        <PageHeader title="Checks" back={`/events/${c.event.id}/books`} width="wide" />
      </div>
      <main id="main" className="mx-auto max-w-7xl space-y-4 px-4 py-4 pb-24 print:max-w-none print:p-0" aria-busy={busy}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-xl font-bold text-gray-900">Checks to winners: {c.event.name}</h2>
            <p className="text-gray-700">
              {formatDateRange(c.event.date, c.event.endDate)} · {c.event.location}
            </p>
            <p className="mt-1 text-gray-900" data-testid="checks-summary">
              {c.payees.length} {c.payees.length === 1 ? "payee" : "payees"} · owed <strong className="tabular-nums">{formatCents(c.totalCents)}</strong> · written{" "}
              <strong className="tabular-nums">{formatCents(c.writtenCents)}</strong>
              {c.toWrite ? ` · ${c.toWrite} to write` : ""}
            </p>
          </div>
          <div className="print-hidden">
            <PrintButton label="Print Checks List" />
          </div>
        </div>
        {c.payees.length ? (
          <div className="card md:overflow-x-auto print:border-0 print:p-0">
            <table className="block w-full text-left text-sm md:table md:min-w-[56rem] print:table print:min-w-0">
              <thead className="hidden text-gray-700 md:table-header-group print:table-header-group">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Pay to
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Won
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Total
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Status
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Check
                  </th>
                </tr>
              </thead>
              <tbody className="block md:table-row-group print:table-row-group">
                {c.payees.map((p) => (
                  <PayeeRow key={p.payeeKey} payee={p} zone={c.zone} focus={p.payeeKey === focusKey} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="card text-gray-800">No published results pay anyone yet. Publish a class&apos;s results and its winners show here.</p>
        )}
        <p className="print-hidden text-sm text-gray-700">
          Each check number is used once in this event. A voided check keeps its number and reason; write the payee another. Payees are riders&apos; account names, or a walk-up&apos;s name as entered.
        </p>
      </main>
    </>
  );
}
