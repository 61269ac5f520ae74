import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { winningsAction, winningsScreen } from "~/features/books/screens.server";
import { centsToDollarsText, formatCents } from "~/features/raceday/time";
import { BOOKS_LIMITS } from "~/schemas/books";
import { APP_NAME } from "~/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Winnings ${data?.year ?? ""} | Admin | ${APP_NAME}` }];
export const loader = ({ request }: LoaderFunctionArgs) => winningsScreen(request);
export const action = ({ request }: ActionFunctionArgs) => winningsAction(request);

/** A walk-up payee joined to the account with the email typed: their year counts as one. */
function JoinPayee({ name, refused }: { name: string; refused: { message: string; value: string } | null }) {
  const id = `join-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;
  return (
    <details className="mt-1 text-xs font-normal" open={refused ? true : undefined}>
      <summary className="link cursor-pointer">Join to an account</summary>
      <Form method="post" className="mt-2 space-y-1">
        <input type="hidden" name="intent" value="join" />
        <input type="hidden" name="walkUpName" value={name} />
        <label htmlFor={id} className="label text-xs">
          {`The email ${name} signs in with`}
        </label>
        <div className="space-y-2">
          <input
            id={id}
            name="email"
            type="email"
            className="input w-full min-w-[14rem] text-sm"
            defaultValue={refused?.value ?? ""}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? `${id}-error` : undefined}
          />
          <button type="submit" className="btn-secondary">
            Join
          </button>
        </div>
        {refused ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
            {refused.message}
          </p>
        ) : null}
      </Form>
    </details>
  );
}

/** The association's year of winnings per payee, marked where a tax form is due, with the threshold it is marked at. */
export default function AdminWinnings() {
  const w = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const threshold = formatCents(w.taxFormThresholdCents);
  const thresholdRefused = refused?.intent === "threshold" ? refused : null;
  return (
    <>
      <PageHeader title="Winnings" back="/admin" width="wide" />
      <main id="main" className="mx-auto grid max-w-7xl gap-6 px-4 py-4 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="winnings-title" className="min-w-0">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="winnings-title" className="text-xl font-bold text-gray-900">
                Winnings in {w.year}
              </h2>
              <p className="text-gray-800" data-testid="winnings-summary">
                {w.payees.length} {w.payees.length === 1 ? "payee" : "payees"} · <span className="tabular-nums">{formatCents(w.totalCents)}</span> paid ·{" "}
                <strong>
                  {w.taxFormsDue} {w.taxFormsDue === 1 ? "tax form" : "tax forms"} due
                </strong>{" "}
                ({threshold} or more in the year)
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-2">
              <Form method="get" className="flex items-start gap-2">
                <div>
                  <label htmlFor="year" className="label">
                    Year
                  </label>
                  <input
                    id="year"
                    name="year"
                    className="input w-24 tabular-nums"
                    inputMode="numeric"
                    defaultValue={w.typedYear ?? String(w.year)}
                    aria-invalid={w.yearError ? true : undefined}
                    aria-describedby={w.yearError ? "year-hint year-error" : "year-hint"}
                  />
                  <p id="year-hint" className="mt-1 text-xs text-gray-700">
                    {BOOKS_LIMITS.minYear} to {BOOKS_LIMITS.maxYear}
                  </p>
                  {w.yearError ? (
                    <p id="year-error" role="alert" className="mt-1 max-w-[14rem] text-sm text-red-800">
                      {w.yearError}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className="btn-secondary mt-6">
                  Show
                </button>
              </Form>
              <a href={`/api/admin/winnings.csv?year=${w.year}`} className="btn-secondary" download>
                CSV
              </a>
            </div>
          </div>
          {w.payees.length ? (
            <div className="card mt-3 overflow-x-auto p-0">
              <table className="w-full min-w-[48rem] text-left text-sm">
                <thead className="bg-gray-50 text-gray-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Payee
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Events
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Placings
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Total
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Tax form
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {w.payees.map((p) => (
                    <tr key={p.payeeKey} className={`border-t border-gray-200 ${p.taxFormDue ? "bg-amber-50" : ""}`} data-testid="winnings-row">
                      <th scope="row" className="name-wrap max-w-[18rem] px-3 py-2 font-semibold text-gray-900">
                        {p.payeeName}
                        {p.walkUp ? <span className="block text-xs font-normal text-gray-600">Walk-up, by name</span> : null}
                        {p.joined.map((name) => (
                          <Form key={name} method="post" className="mt-1 flex flex-wrap items-center gap-2 text-xs font-normal text-gray-700" data-testid="joined-payee">
                            <input type="hidden" name="intent" value="unjoin" />
                            <input type="hidden" name="walkUpName" value={name} />
                            <span>{`Also paid as ${name} (walk-up)`}</span>
                            <button type="submit" className="link text-xs" aria-label={`Undo the join of ${name}`}>
                              Undo
                            </button>
                          </Form>
                        ))}
                        {p.walkUp ? <JoinPayee name={p.payeeName} refused={refused?.intent === "join" && refused.walkUpName === p.payeeName ? refused : null} /> : null}
                      </th>
                      <td className="px-3 py-2 text-gray-800">{p.email ?? "–"}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{p.events}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{p.placings}</td>
                      <td className="px-3 py-2 text-right font-semibold tabular-nums">{formatCents(p.totalCents)}</td>
                      <td className="px-3 py-2">{p.taxFormDue ? <span className="rounded bg-amber-200 px-2 py-0.5 text-xs font-bold text-amber-950">Due</span> : null}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="card mt-3 text-gray-800">No published results paid anyone at events dated in {w.year}.</p>
          )}
          <p className="mt-2 text-sm text-gray-700">
            Every placing that pays in published results of events dated in the year (by their first day), per payee: a rider&apos;s account, or a walk-up by the name entered (the same name at two races is one payee). A walk-up who is a rider with an account can be joined to it (Join to an account), so their year is one total.
          </p>
        </section>
        <aside>
          <Form method="post" className="card space-y-2" aria-labelledby="threshold-title">
            <h2 id="threshold-title" className="text-lg font-bold text-gray-900">
              Tax form threshold
            </h2>
            <p className="text-sm text-gray-700">A payee whose winnings in a year reach this amount is marked: the association sends them a tax form (1099-MISC).</p>
            <label htmlFor="threshold" className="label">
              Amount ($)
            </label>
            <input
              id="threshold"
              name="threshold"
              className="input tabular-nums"
              inputMode="decimal"
              defaultValue={thresholdRefused?.value ?? centsToDollarsText(w.taxFormThresholdCents)}
              aria-invalid={thresholdRefused ? true : undefined}
              aria-describedby={thresholdRefused ? "threshold-error" : undefined}
            />
            {thresholdRefused ? (
              <p id="threshold-error" role="alert" className="text-sm text-red-800">
                {thresholdRefused.message}
              </p>
            ) : null}
            <button type="submit" className="btn-primary w-full">
              Save Threshold
            </button>
          </Form>
        </aside>
      </main>
    </>
  );
}
